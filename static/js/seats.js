// The players of an attempt (table setup, quick log, correction): tap one of the group's people
// to add a seat; the Automa's face-up cards only show for two players; a refused form brings its
// first error into view. Works without it.
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

  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-seat]") : null;
    const area = document.getElementById("id_players");
    if (!button || !area) return;
    const names = seats(area);
    if (!names.includes(button.dataset.seat)) names.push(button.dataset.seat);
    area.value = names.join("\n");
    const first = document.getElementById("id_first_player");
    if (first && !first.value) first.value = names[0];
    showAutoma();
  });

  document.addEventListener("input", (event) => {
    if (event.target instanceof Element && event.target.id === "id_players") showAutoma();
  });

  document.addEventListener("DOMContentLoaded", () => {
    showAutoma();
    const error = document.querySelector(".setup-form .has-error, .setup-form .errorlist");
    if (error) error.scrollIntoView({ block: "center" });
  });
})();
