// Questlog's service worker, served at /sw.js by web/install.py (docs/install.md).
// It stores one thing: the offline page in the reader's language and the files that page loads.
// A page navigation that fails for lack of network is answered with that page; nothing else is
// answered here: htmx's requests, the live table's event streams, forms (POST) and everything else
// go to the network untouched, and no answer from the network is ever stored, so no group's data
// and no signed-in user's page stays on a device that others may share.
const CACHE = {{ cache|safe }};
const OFFLINE = {{ offline|safe }};
const ASSETS = {{ assets|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Without cookies: the page stored is the one anyone gets, never a signed-in user's.
      const requests = [OFFLINE, ...ASSETS].map((url) => new Request(url, { credentials: "omit" }));
      await cache.addAll(requests);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Older offline pages (another language, an earlier deploy) go.
      for (const name of await caches.keys()) {
        if (name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  const url = new URL(request.url);
  if (url.origin === self.location.origin && ASSETS.includes(url.pathname)) {
    event.respondWith(asset(request));
  }
  // Anything else: not answered here, the browser fetches it as if there were no worker.
});

// A page: from the network, as it is (never stored); the offline page when the network fails.
// No navigation preload: the worker asks for the page itself, a request like the page's own that
// the tools watching the network (test drivers, the browser's developer tools) see as such.
async function navigate(event) {
  try {
    return await fetch(event.request);
  } catch (error) {
    const offline = await caches.match(OFFLINE, { cacheName: CACHE, ignoreVary: true });
    if (offline) return offline;
    throw error;
  }
}

// One of the offline page's files: from the network, the stored copy when the network fails.
async function asset(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const stored = await caches.match(request.url, { cacheName: CACHE, ignoreVary: true });
    if (stored) return stored;
    throw error;
  }
}
