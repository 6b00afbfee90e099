// A live game's screen in the browser (the campaign table, Solsticio, Bonfire): the live link to
// the other devices, and the table's placement preview.
//
// Live: the page holds the game's event stream (htmx's sse extension on #live). A game whose
// region is shared between devices (the campaign table) sends the new #table itself ("region"),
// which the extension merges by morphing (idiomorph; #live-region's sse-swap); the others send
// the game's stamp ("changed"): when it differs from the one #table shows, #table fetches itself
// (its hx-get) and the answer is merged the same way. A device whose stream cannot open, or has
// not spoken since it (re)opened, polls the stamp every 2 s instead. When the stream says "gone"
// (the member was removed), the page stops listening and says so.
//
// Preview: move, rotate and turn over the Decision card's Spirit tile over the board by pointer,
// touch or keyboard, and say whether the position is legal and why, before anything is
// committed; the engine checks again when the form is posted. The board's size, occupied cells,
// tokens and coloured edges come from <script type="application/json" id="board-data">, the
// Decision card's tile from id="tile-data", the sentences (translated) from id="preview-data".
// The same preview moves a placed Spirit tile with the "move a placed Spirit tile" Power: while
// #power-details is open and a tile is chosen (#power-tile, or a tap on one of its cells), the
// preview shows that tile (shapes from id="power-data"), its own cells count as free, and the
// cells go to #power-cells. No inline script: the page's Content-Security-Policy forbids them.
(() => {
  "use strict";
  let tileKey = null; // which tile the preview belongs to ("move:" + card for the Power)
  let orientation = 0;
  let anchor = null; // [row, col] of the shape's first cell (reading order)

  function json(id) {
    const node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }

  function words() {
    return json("preview-data") || {};
  }

  function boardData() {
    try {
      const data = json("board-data");
      if (!data) return null;
      const moved = movingTile();
      if (moved) {
        const own = new Set(moved.cells.map(key));
        data.occupied = data.occupied.filter((cell) => !own.has(key(cell)));
        data.edges = []; // the engine checks no coloured edge for a moved tile
        data.tile = withOrientations({ ...moved, card: "move:" + moved.card });
        data.moving = moved;
        return data;
      }
      data.tile = withOrientations(json("tile-data"));
      return data;
    } catch {
      return null;
    }
  }

  // As the server's shapes.normalise / rotate: shift to row and column 0, sort; a quarter turn
  // clockwise. Each side turned 0–3 times: the tile's 8 orientations, front first.
  function normalise(cells) {
    const top = Math.min(...cells.map((cell) => cell[0]));
    const left = Math.min(...cells.map((cell) => cell[1]));
    return cells.map(([r, c]) => [r - top, c - left]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }

  function withOrientations(tile) {
    if (!tile) return null;
    tile.orientations = [];
    for (const side of ["front", "back"]) {
      let shape = normalise(tile[side]);
      for (let turn = 0; turn < 4; turn += 1) {
        tile.orientations.push({ side, turn, cells: shape });
        shape = normalise(shape.map(([r, c]) => [c, -r]));
      }
    }
    return tile;
  }

  function placing() {
    return document.querySelector('#table[data-phase="place"]') !== null;
  }

  // The Power can be used now (#status says so) and its panel is open.
  function powerOpen() {
    const details = document.getElementById("power-details");
    return Boolean(details && details.open && document.querySelector('#status[data-power="usable"]'));
  }

  // The placed tile chosen for the Power: {card, colour, cells, front, back}, or null.
  function movingTile() {
    if (!powerOpen()) return null;
    const select = document.getElementById("power-tile");
    const option = select ? select.selectedOptions[0] : null;
    const tiles = json("power-data");
    if (!option || !option.dataset.card || !tiles) return null;
    return tiles[option.dataset.card] || null;
  }

  // Where the preview's controls, text and cells are: the Power's panel, or the placement's.
  function panel(data) {
    return document.getElementById(data && data.moving ? "power" : "placement");
  }

  function active(data) {
    return Boolean(data && data.tile && (data.moving || placing()));
  }

  // Start the moved tile's preview where it lies, in its current orientation.
  function startAt(data) {
    const cells = normalise(data.moving.cells);
    const found = data.tile.orientations.findIndex(
      (o) => o.cells.length === cells.length && o.cells.every((cell, i) => key(cell) === key(cells[i]))
    );
    orientation = Math.max(found, 0);
    const first = [...data.moving.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
    anchor = [first[0], first[1]];
  }

  function key(cell) {
    return cell[0] + "," + cell[1];
  }

  function shapeCells(data) {
    const shape = data.tile.orientations[orientation].cells;
    if (!anchor) return [];
    const first = shape[0];
    return shape.map(([r, c]) => [r - first[0] + anchor[0], c - first[1] + anchor[1]]);
  }

  function check(data, cells) {
    const occupied = new Set(data.occupied.map(key));
    const off = cells.some(([r, c]) => r < 0 || c < 0 || r >= data.size || c >= data.size);
    const overlap = cells.some((cell) => occupied.has(key(cell)));
    const inside = new Set(cells.map(key));
    const edge = data.edges.some((e) => inside.has(key(e.out)) && e.colour !== data.tile.colour);
    const tokens = data.tokens.filter((t) => inside.has(key(t.cell)));
    return { off, overlap, edge, tokens };
  }

  function describe(result) {
    const say = words();
    if (result.off) return ["bad", say.off, say.off_rule];
    if (result.overlap) return ["bad", say.overlap, say.overlap_rule];
    let text = say.legal;
    let level = "ok";
    let rule = "";
    if (result.edge) {
      text = say.edge;
      level = "warn";
      rule = say.edge_rule;
    }
    for (const token of result.tokens) {
      if (token.quiet) text += " " + say.quiet;
      else if (token.kind === "mist") text += " " + say.mist.replace("{colour}", token.colour || "");
      else text += " " + say.whirlpool;
    }
    return [level, text, rule];
  }

  function sameCells(a, b) {
    const inside = new Set(a.map(key));
    return a.length === b.length && b.every((cell) => inside.has(key(cell)));
  }

  function fits(data, occupied, shape, r0, c0) {
    const first = shape[0];
    return shape.every(([r, c]) => {
      const rr = r - first[0] + r0;
      const cc = c - first[1] + c0;
      return rr >= 0 && cc >= 0 && rr < data.size && cc < data.size && !occupied.has(rr + "," + cc);
    });
  }

  // ``moved``: the player just moved, turned or tapped the tile (the board may scroll to show it);
  // a render after a merged update never scrolls, so the board never moves under a finger.
  function render(moved = false) {
    const data = boardData();
    const grid = document.getElementById("grid");
    if (!data || !grid) return;
    grid.querySelectorAll(".cell").forEach((cell) => cell.classList.remove("preview", "bad", "warn", "legal"));
    if (!active(data)) return;
    if (tileKey !== data.tile.card) {
      tileKey = data.tile.card;
      orientation = 0;
      anchor = null;
      if (data.moving) startAt(data);
    }
    const root = panel(data);
    const preview = data.moving ? null : document.getElementById("tile-preview");
    const current = data.tile.orientations[orientation];
    if (preview) {
      preview.className = "tile-preview c-" + data.tile.colour;
      preview.dataset.cells = JSON.stringify(current.cells);
      const on = new Set(current.cells.map(key));
      preview.querySelectorAll(".tp").forEach((tp) => {
        tp.classList.toggle("on", on.has(tp.dataset.r + "," + tp.dataset.c));
      });
    }
    const side = data.moving ? null : document.getElementById("tile-side");
    const say = words();
    if (side) side.textContent = (say.turned || "{side} {degrees}°").replace("{side}", say[current.side] || current.side).replace("{degrees}", String(current.turn * 90));
    const toggle = data.moving ? null : document.getElementById("show-legal");
    if (toggle && toggle.checked) {
      const occupied = new Set(data.occupied.map(key));
      let count = 0;
      grid.querySelectorAll(".cell").forEach((cell) => {
        const r = Number(cell.dataset.r);
        const c = Number(cell.dataset.c);
        if (fits(data, occupied, current.cells, r, c)) {
          cell.classList.add("legal");
          count += 1;
        }
      });
      grid.dataset.legalCount = String(count);
    }
    const text = root ? root.querySelector(".preview-text") : null;
    const input = root ? root.querySelector('input[name="cells"]') : null;
    if (!anchor) return;
    const cells = shapeCells(data);
    const result = check(data, cells);
    let [level, message, rule] = describe(result);
    if (data.moving && sameCells(cells, data.moving.cells)) {
      [level, message, rule] = ["warn", say.same, ""];
    }
    for (const [r, c] of cells) {
      const cell = grid.querySelector('.cell[data-r="' + r + '"][data-c="' + c + '"]');
      if (cell) cell.classList.add("preview", ...(level === "ok" ? [] : [level]));
    }
    if (text) {
      text.textContent = message;
      text.className = "preview-text " + level;
      text.dataset.level = level;
    }
    // The rule an illegal or risky position breaks, as the server's refusal would link it.
    const link = root ? root.querySelector(".preview-rule a") : null;
    if (link) {
      link.hidden = !rule;
      link.textContent = rule ? say.rule : "";
      if (rule) link.setAttribute("href", rule);
      else link.removeAttribute("href");
    }
    if (input) input.value = cells.map(key).join(" ");
    if (moved) follow(cells);
  }

  // While placing, the board is larger than a phone's screen (44 px cells): scroll it just enough
  // for the whole preview to be in view, and not at all when it already is (a tapped cell stays
  // under the finger).
  function follow(cells) {
    const view = document.getElementById("board-view");
    if (!view || !cells.length || view.scrollWidth <= view.clientWidth + 1) return;
    const nodes = cells.map(([r, c]) => document.getElementById("cell-" + r + "-" + c)).filter(Boolean);
    if (!nodes.length) return;
    const frame = view.getBoundingClientRect();
    const boxes = nodes.map((n) => n.getBoundingClientRect());
    const top = Math.min(...boxes.map((b) => b.top)) - frame.top + view.scrollTop;
    const left = Math.min(...boxes.map((b) => b.left)) - frame.left + view.scrollLeft;
    const bottom = Math.max(...boxes.map((b) => b.bottom)) - frame.top + view.scrollTop;
    const right = Math.max(...boxes.map((b) => b.right)) - frame.left + view.scrollLeft;
    const into = (start, end, scroll, size) => (start < scroll ? start : end > scroll + size ? end - size : scroll);
    const x = into(left, right, view.scrollLeft, view.clientWidth);
    const y = into(top, bottom, view.scrollTop, view.clientHeight);
    if (x !== view.scrollLeft || y !== view.scrollTop) view.scrollTo({ left: Math.max(x, 0), top: Math.max(y, 0) });
  }

  function act(name) {
    const data = boardData();
    if (!active(data)) return;
    const current = data.tile.orientations[orientation];
    const sideIndex = current.side === "front" ? 0 : 4;
    if (name === "rotate") orientation = sideIndex + ((current.turn + 1) % 4);
    else if (name === "flip") orientation = (sideIndex === 0 ? 4 : 0) + current.turn;
    else {
      if (!anchor) anchor = [Math.floor(data.size / 2), Math.floor(data.size / 2)];
      const moves = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
      const [dr, dc] = moves[name];
      anchor = [anchor[0] + dr, anchor[1] + dc];
    }
    if (!anchor) anchor = [Math.floor(data.size / 2), Math.floor(data.size / 2)];
    render(true);
  }

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const button = target.closest("#placement [data-act], #power [data-act]");
    if (button) {
      act(button.dataset.act);
      return;
    }
    const cell = target.closest("#grid .cell");
    if (cell && cell.dataset.tile && powerOpen() && !movingTile()) {
      choose(cell.dataset.tile);
      return;
    }
    if (cell && active(boardData())) {
      anchor = [Number(cell.dataset.r), Number(cell.dataset.c)];
      render(true);
    }
  });

  // Choose the placed tile to move: the drop-down follows a tap on one of its cells.
  function choose(card) {
    const select = document.getElementById("power-tile");
    const option = select ? select.querySelector('option[data-card="' + card + '"]') : null;
    if (!option) return;
    select.value = option.value;
    render();
  }

  document.addEventListener("change", (event) => {
    const id = event.target instanceof Element ? event.target.id : "";
    if (id === "show-legal" || id === "power-tile") render();
  });

  // Opening or closing the Power's panel switches the preview between the two tiles ("toggle"
  // does not bubble: listen while capturing).
  document.addEventListener(
    "toggle",
    (event) => {
      if (event.target instanceof Element && event.target.id === "power-details") {
        tileKey = null;
        render();
      }
    },
    true
  );

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!(target instanceof Element) || target.id !== "grid") return;
    const data = boardData();
    if (!active(data)) return;
    const keys = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", r: "rotate", R: "rotate", f: "flip", F: "flip" };
    if (keys[event.key]) {
      event.preventDefault();
      act(keys[event.key]);
    } else if (event.key === "Enter") {
      event.preventDefault();
      document.getElementById(data.moving ? "power-form" : "place-form")?.requestSubmit();
    }
  });

  // --- Live -----------------------------------------------------------------------------------
  const POLL_MS = 2000;
  const GRACE_MS = 3000;
  let latest = null; // the newest stamp heard of
  let busy = 0; // requests of the table in flight
  let healthy = false; // the stream spoke since it (re)opened
  let gone = false;
  let since = Date.now();
  let lastPhase = null;

  function shownStamp() {
    const table = document.getElementById("table");
    return table ? table.dataset.stamp : null;
  }

  function versionOf(stamp) {
    return Number(String(stamp).split("-")[0]);
  }

  // Fetch the table when the newest stamp heard is not the one shown (and not older).
  function refresh() {
    const shown = shownStamp();
    if (gone || busy || !latest || !shown || latest === shown) return;
    if (versionOf(latest) < versionOf(shown)) return;
    htmx.trigger("#table", "table-changed");
  }

  function heard(stamp) {
    healthy = true;
    latest = stamp;
    refresh();
  }

  function stampIn(html) {
    const found = /data-stamp="([^"]*)"/.exec(html);
    return found ? found[1] : null;
  }

  // A region the stream carries is merged unless this device shows it already or a newer one,
  // or a request of the table is in flight: then its stamp is fetched once that one is answered.
  document.addEventListener("htmx:sseBeforeMessage", (event) => {
    const message = event.detail;
    if (!message || message.type !== "region") return;
    healthy = true;
    const stamp = stampIn(message.data);
    const shown = shownStamp();
    const newer = stamp && shown && stamp !== shown && versionOf(stamp) >= versionOf(shown);
    if (stamp) latest = stamp;
    if (gone || busy || !newer) event.preventDefault();
  });

  // A shared drawing of the region carries no CSRF token (a token is one session's): a plain
  // form of the region posts this page's, the one htmx sends as a header (<body hx-headers>).
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.closest("#table")) return;
      if (form.method !== "post" || form.querySelector('input[name="csrfmiddlewaretoken"]')) return;
      let token = "";
      try {
        token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
      } catch {
        return;
      }
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "csrfmiddlewaretoken";
      input.value = token;
      form.append(input);
    },
    true
  );

  document.addEventListener("htmx:sseMessage", (event) => {
    const message = event.detail;
    if (message && message.type === "changed") heard(message.data);
  });
  document.addEventListener("htmx:sseOpen", () => {
    since = Date.now();
  });
  document.addEventListener("htmx:sseError", () => {
    healthy = false;
    since = Math.min(since, Date.now() - GRACE_MS);
  });
  document.addEventListener("htmx:sseClose", (event) => {
    if (!event.detail || event.detail.type !== "message") return;
    gone = true;
    const live = document.getElementById("live");
    const notice = document.getElementById("live-gone");
    if (live && notice) notice.hidden = false;
    if (live) live.classList.add("gone");
  });

  // The fallback: poll the stamp while the stream is not working.
  async function poll() {
    const live = document.getElementById("live");
    if (gone || healthy || !live || Date.now() - since < GRACE_MS) return;
    try {
      const response = await fetch(live.dataset.versionUrl, { credentials: "same-origin", cache: "no-store" });
      if (response.ok) {
        latest = (await response.text()).trim();
        refresh();
      } else if (response.status === 404) {
        gone = true;
        const notice = document.getElementById("live-gone");
        if (notice) notice.hidden = false;
      }
    } catch {
      // offline: try again at the next tick
    }
  }
  setInterval(poll, POLL_MS);

  function inTable(event) {
    const elt = event.detail && event.detail.elt;
    return elt instanceof Element && elt.closest("#table") !== null;
  }
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (inTable(event)) busy += 1;
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!inTable(event)) return;
    busy = Math.max(busy - 1, 0);
    // A newer stamp heard meanwhile: fetch it. Never again at once after a failure (offline, or
    // no longer a member): the poll's next tick tries again, at its own pace.
    if (event.detail && event.detail.successful) window.setTimeout(refresh, 0);
    else healthy = false;
  });

  // Keep what the player opened or ticked when a new table is merged in.
  function keepOpen() {
    if (typeof Idiomorph === "undefined") return;
    Idiomorph.defaults.callbacks.beforeAttributeUpdated = (name, element) => {
      if (name === "open" && element.tagName === "DETAILS") return false;
      if (name === "checked" && element.id === "show-legal") return false;
      // The placed tile the player picked for the Power stays picked.
      if (name === "selected" && element.parentElement && element.parentElement.id === "power-tile") return false;
      if (name === "value" && element.id === "power-tile") return false;
      return true;
    };
  }

  // After a swap: the preview again; what the phase asks for comes into view.
  function settled(event) {
    render();
    const table = document.getElementById("table");
    const phase = table ? table.dataset.phase : null;
    const own = event && event.detail && event.detail.requestConfig && event.detail.requestConfig.verb === "post";
    const refusal = document.querySelector("#table .refusal");
    if (own && refusal) refusal.scrollIntoView({ block: "center" });
    else if (lastPhase && phase !== lastPhase && (own || phase === "place")) {
      const next = phase === "place" ? "board" : phase === "play" ? "picker" : phase === "automa" ? "automa" : null;
      const node = next ? document.getElementById(next) : null;
      if (node) node.scrollIntoView({ block: "start" });
    }
    lastPhase = phase;
  }

  document.addEventListener("DOMContentLoaded", () => {
    keepOpen();
    const table = document.getElementById("table");
    lastPhase = table ? table.dataset.phase : null;
    render();
  });
  document.addEventListener("htmx:afterSettle", settled);
})();
