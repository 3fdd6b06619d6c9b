// The print button of the printouts and the results page. A file, not an inline onclick: those
// pages open as blob: documents that inherit the app's Content-Security-Policy (no inline script).
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
