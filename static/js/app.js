// Small glue, no inline scripts (the Content-Security-Policy forbids them).
// Pages work without it; it only saves a click or two.
document.addEventListener("change", (event) => {
  const target = event.target;
  if (target instanceof HTMLSelectElement && target.dataset.autosubmit !== undefined) {
    target.form?.requestSubmit();
  }
});
