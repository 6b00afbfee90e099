// The table screen's placement preview: move, rotate and turn over the Decision card's Spirit
// tile over the board by pointer, touch or keyboard, and say whether the position is legal and
// why, before anything is committed. The engine checks again when the form is posted.
// Reads the board's size and the coloured edges asking for their colour (a Power may make one
// accept any, and the move then re-sends them) from <script type="application/json" id="board-data">,
// the Decision card's tile from id="tile-data" (replaced when it changes), and the occupied cells
// and tokens from the board's cells, which a move re-sends only when they change; no inline script.
// The same preview moves a placed Spirit tile with the "move a placed Spirit tile" Power: while
// #power-details is open and a tile is chosen (#power-tile, or a tap on one of its cells), the
// preview shows that tile (shapes from id="power-data"), its own cells count as free, and the
// cells go to #power-cells.
(() => {
  "use strict";
  const SIDES = { front: "Front", back: "Back" };
  let tileKey = null; // which tile the preview belongs to ("move:" + card for the Power)
  let orientation = 0;
  let anchor = null; // [row, col] of the shape's first cell (reading order)

  function boardData() {
    const node = document.getElementById("board-data");
    if (!node) return null;
    try {
      const data = JSON.parse(node.textContent);
      data.occupied = [];
      data.tokens = [];
      document.querySelectorAll("#grid .cell").forEach((cell) => {
        const at = [Number(cell.dataset.r), Number(cell.dataset.c)];
        const list = cell.classList;
        if (list.contains("mission") || list.contains("spirit")) data.occupied.push(at);
        else if (list.contains("token")) {
          const colour = [...list].find((name) => name.startsWith("c-"));
          const kind = list.contains("mist") ? "mist" : "whirlpool";
          data.tokens.push({ cell: at, kind, colour: colour ? colour.slice(2) : null, quiet: list.contains("quiet") });
        }
      });
      const moved = movingTile();
      if (moved) {
        const own = new Set(moved.cells.map(key));
        data.occupied = data.occupied.filter((cell) => !own.has(key(cell)));
        data.edges = []; // the engine checks no coloured edge for a moved tile
        data.tile = withOrientations({ ...moved, card: "move:" + moved.card });
        data.moving = moved;
        return data;
      }
      const tile = document.getElementById("tile-data");
      data.tile = tile ? withOrientations(JSON.parse(tile.textContent)) : null;
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

  // The phase is on #status, which every move replaces (the board itself is not re-sent).
  function placing() {
    return document.querySelector('#status[data-phase="place"]') !== null;
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
    const node = document.getElementById("power-data");
    if (!option || !option.dataset.card || !node) return null;
    const tiles = JSON.parse(node.textContent);
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
    if (result.off) return ["bad", "Illegal: the tile sticks out of the 12 × 12 grid."];
    if (result.overlap) return ["bad", "Illegal: the tile overlaps a Mission tile or a Spirit tile."];
    let text = "Legal position.";
    let level = "ok";
    if (result.edge) {
      text = "Legal, but a coloured edge does not match: this will fail the mission.";
      level = "warn";
    }
    for (const token of result.tokens) {
      if (token.quiet) {
        text += " Covers the token a Power quieted: no effect.";
        continue;
      }
      text += token.kind === "mist"
        ? " Covers a Mist token (" + token.colour + "): it sets the next lead colour."
        : " Covers a Whirlpool: every player discards a card.";
    }
    return [level, text];
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

  // A move re-sends only the new tile's cells: the outline follows the tile named on #status.
  function outlineLast(grid) {
    const status = document.getElementById("status");
    const last = status ? status.dataset.last || "" : "";
    grid.querySelectorAll(".cell.spirit").forEach((cell) => {
      cell.classList.toggle("last", last !== "" && cell.dataset.tile === last);
    });
  }

  function render() {
    const data = boardData();
    const grid = document.getElementById("grid");
    if (!data || !grid) return;
    outlineLast(grid);
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
    if (side) side.textContent = SIDES[current.side] + ", turned " + current.turn * 90 + "°";
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
    let [level, message] = describe(result);
    if (data.moving && sameCells(cells, data.moving.cells)) {
      [level, message] = ["warn", "The tile is where it lies now: move, rotate or turn it over."];
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
    if (input) input.value = cells.map(key).join(" ");
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
    render();
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
      render();
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

  document.addEventListener("DOMContentLoaded", render);
  document.addEventListener("htmx:afterSettle", render);
})();
