// A game's page: the board's cells are buttons (plain forms, no script
// needed). This only adds Escape to cancel the first cell of a swap, and
// puts the focus on that cell when the page shows it chosen.
"use strict";
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const cancel = document.querySelector("a[data-cancel]");
  if (cancel) { event.preventDefault(); window.location.assign(cancel.href); }
});
document.addEventListener("DOMContentLoaded", () => {
  const chosen = document.querySelector(".mini-cell.selected");
  if (chosen) chosen.focus();
});
