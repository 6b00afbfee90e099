// The attempt page's replay: every step and board is drawn by the server (the rules engine
// replayed the move log); this only shows one step and its board at a time.
(() => {
  const section = document.getElementById("replay");
  if (!section) return;
  const last = Number(section.dataset.last);
  const steps = section.querySelectorAll(".replay-step");
  const boards = section.querySelectorAll(".replay-board");
  const controls = section.querySelector(".replay-controls");
  let current = last;

  function show(n) {
    current = Math.max(0, Math.min(last, n));
    steps.forEach((step, i) => { step.hidden = i !== current; });
    const board = Number(steps[current].dataset.board);
    boards.forEach((grid, i) => { grid.hidden = i !== board; });
    controls.querySelector('[data-go="first"]').disabled = current === 0;
    controls.querySelector('[data-go="previous"]').disabled = current === 0;
    controls.querySelector('[data-go="next"]').disabled = current === last;
    controls.querySelector('[data-go="last"]').disabled = current === last;
    section.dataset.step = String(current);
  }

  const moves = {
    first: () => 0,
    previous: () => current - 1,
    next: () => current + 1,
    last: () => last,
  };
  controls.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-go]");
    if (button) show(moves[button.dataset.go]());
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    const go = keys[event.key];
    if (!go) return;
    event.preventDefault();
    show(moves[go]());
  });
  controls.hidden = false;
  show(last);
})();
