// The players of an attempt (table setup, quick log, correction): the seated names show as chips
// that each remove their seat (a tap, or Enter/Space on the focused chip); tap one of the group's
// people to add a seat; the Automa's face-up cards only show for two players; a refused form
// brings its first error into view. Works without it: the names are the lines of the text box.
(() => {
  "use strict";

  function seats(area) {
    return area.value.split("\n").map((line) => line.trim()).filter(Boolean);
  }

  function showAutoma() {
    const area = document.getElementById("id_players");
    const river = document.getElementById("id_automa_river");
    const field = river ? river.closest(".field") : null;
    if (!area || !field) return;
    const count = seats(area).length;
    field.hidden = count !== 2 && !field.classList.contains("has-error");
  }

  // One chip per seated name, and the group's people not seated yet to add.
  function showSeats() {
    const area = document.getElementById("id_players");
    const list = document.getElementById("seat-chips");
    if (!area || !list) return;
    const picker = list.closest(".seat-picker");
    const names = seats(area);
    list.replaceChildren(
      ...names.map((name, index) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "chip seated";
        button.dataset.unseat = String(index);
        button.setAttribute("aria-label", picker.dataset.remove.replace("%(name)s", name));
        const mark = document.createElement("span");
        mark.setAttribute("aria-hidden", "true");
        mark.textContent = "✕";
        button.append(name + " ", mark);
        const item = document.createElement("li");
        item.append(button);
        return item;
      }),
    );
    list.hidden = names.length === 0;
    const seated = new Set(names.map((name) => name.toLowerCase()));
    for (const add of picker.querySelectorAll("[data-seat]")) {
      add.hidden = seated.has(add.dataset.seat.toLowerCase());
    }
    showAutoma();
  }

  function write(area, names) {
    area.value = names.join("\n");
    const first = document.getElementById("id_first_player");
    const chosen = first ? first.value.trim().toLowerCase() : "";
    if (first && !names.some((name) => name.toLowerCase() === chosen)) first.value = names[0] ?? "";
    showSeats();
    // as if typed: the correction's preview follows a tap on a chip too
    area.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // A button that disappears under the finger would leave the keyboard nowhere: focus moves on,
  // to another chip or the picker itself, never to the text box (a phone would pop its keyboard
  // up over the form).
  function focusFirst(picker, ...candidates) {
    const next = candidates.find((element) => element && !element.hidden);
    if (next) {
      next.focus();
    } else {
      picker.tabIndex = -1;
      picker.focus();
    }
  }

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const area = document.getElementById("id_players");
    if (!target || !area) return;
    const add = target.closest("[data-seat]");
    const remove = target.closest("[data-unseat]");
    if (add) {
      const names = seats(area);
      const name = add.dataset.seat;
      if (!names.some((seated) => seated.toLowerCase() === name.toLowerCase())) names.push(name);
      const picker = add.closest(".seat-picker");
      const following = [...picker.querySelectorAll("[data-seat]")];
      write(area, names);
      const after = following.slice(following.indexOf(add) + 1).concat(following);
      const chips = picker.querySelectorAll("#seat-chips [data-unseat]");
      const seated = [...chips].find((chip) => names[Number(chip.dataset.unseat)] === name);
      focusFirst(picker, ...after.filter((button) => button !== add), seated);
    } else if (remove) {
      const picker = remove.closest(".seat-picker");
      const index = Number(remove.dataset.unseat);
      const names = seats(area);
      const [name] = names.splice(index, 1);
      write(area, names);
      const chips = picker.querySelectorAll("#seat-chips [data-unseat]");
      const adds = [...picker.querySelectorAll("[data-seat]")];
      const again = adds.find((button) => button.dataset.seat === name);
      focusFirst(picker, chips[index], chips[index - 1], again, ...adds);
    }
  });

  document.addEventListener("input", (event) => {
    if (event.target instanceof Element && event.target.id === "id_players") showSeats();
  });

  document.addEventListener("DOMContentLoaded", () => {
    showSeats();
    showAutoma();
    const error = document.querySelector(".setup-form .has-error, .setup-form .errorlist");
    if (error) error.scrollIntoView({ block: "center" });
  });
})();
