// The play log's glue: preselect the browser's time zone where a form asks for one and the
// member has not chosen before (the server then remembers the choice). Pages work without it.
document.addEventListener("DOMContentLoaded", () => {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (const select of document.querySelectorAll("select[data-browser-timezone]")) {
    if (select.value === "UTC" && browserZone && select.querySelector(`option[value="${browserZone}"]`)) {
      select.value = browserZone;
    }
  }
});
