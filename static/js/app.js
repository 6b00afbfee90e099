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
