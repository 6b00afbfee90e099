// Small glue, no inline scripts (the Content-Security-Policy forbids them).
// Pages work without it; it only saves a click or two.
document.addEventListener("change", (event) => {
  const target = event.target;
  if (target instanceof HTMLSelectElement && target.dataset.autosubmit !== undefined) {
    target.form?.requestSubmit();
  }
});

// The browser's time zone, kept in a cookie: pages show times in it unless the account chose
// one (accounts.middleware).
{
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split("; ").includes("browser_tz=" + zone)) {
    document.cookie = "browser_tz=" + zone + "; path=/; max-age=31536000; SameSite=Lax";
  }
}

// Invite links: Copy (the clipboard) and, where the browser can, Share (the phone's share sheet).
// The buttons stay hidden without the feature; the link's text can always be selected by hand.
for (const button of document.querySelectorAll("[data-copy]")) {
  button.hidden = !navigator.clipboard;
}
for (const button of document.querySelectorAll("[data-share]")) {
  button.hidden = typeof navigator.share !== "function";
}
document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element && event.target.closest("[data-copy], [data-share]");
  if (!button) return;
  const input = document.getElementById(button.dataset.copy ?? button.dataset.share);
  if (button.dataset.share !== undefined) {
    await navigator.share({ title: button.dataset.title, url: input.value }).catch(() => {});
    return;
  }
  try {
    await navigator.clipboard.writeText(input.value);
    button.parentElement.querySelector(".copy-status").textContent = button.dataset.done;
  } catch {
    input.select(); // refused: the link is selected, ready to copy by hand
  }
});

// Installed on a phone's home screen (docs/install.md): the service worker keeps an offline page in
// the page's language, shown when a page cannot be reached. It controls the whole site, so it is
// served from the root.
if ("serviceWorker" in navigator) {
  const language = document.documentElement.lang || "en";
  navigator.serviceWorker.register("/sw.js?lang=" + encodeURIComponent(language)).catch(() => {});
}
// The offline page, shown in place of the page asked for: back to that page as soon as the server
// answers again. Asked when the browser reports the network back (which can come a moment before
// the network works) and every few seconds meanwhile (the network may never have been down: the
// server may have been out of reach).
const offline = document.body?.dataset.offline;
if (offline !== undefined && location.pathname !== offline) {
  let asking = false;
  const retry = async () => {
    if (asking) return;
    asking = true;
    try {
      await fetch(location.href, { method: "HEAD", cache: "no-store" });
      location.reload();
    } catch {
      asking = false; // still out of reach: the next try will tell
    }
  };
  window.addEventListener("online", retry);
  setInterval(retry, 5000);
}
