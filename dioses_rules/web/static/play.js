// A game's page. The board's cells are buttons of plain forms (no script
// needed to play); this adds what a script can:
// - Escape cancels the first cell of a swap (and closes the card zoom);
// - after a choice the page comes back with the board in view (not at the
//   top) and the focus on the next sensible control;
// - the page polls its game (/play/ID/poll) and reloads when another seat
//   moved, so several people at one table see each other's moves;
// - a card on the board, a discard's top, a pattern or a law is shown large
//   on hover (a mouse) or on a tap (a phone), without leaving the game.
"use strict";
const KEEP = "dioses-keep-board";

function zoomDialog() { return document.getElementById("zoom"); }

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const dialog = zoomDialog();
  if (dialog && dialog.open) return;  // the dialog closes itself
  const cancel = document.querySelector("a[data-cancel]");
  if (cancel) { event.preventDefault(); sessionStorage.setItem(KEEP, "1"); window.location.assign(cancel.href); }
});

function nextControl() {
  return document.querySelector(".mini-cell.selected")
    || document.querySelector("button.mini-cell.choosable, button.line-choice")
    || document.querySelector("#cells-form button[name=choice]")
    || document.querySelector(".decision a, .decision button");
}

function keepBoardInView() {
  if (sessionStorage.getItem(KEEP) !== "1") return;
  sessionStorage.removeItem(KEEP);
  // the board beside the decision (a wide window), or the decision above the
  // board (a phone: one column, the decision first)
  const area = document.querySelector(".play-area.deciding") || document.querySelector(".play-area");
  const decision = document.querySelector(".decision");
  const above = decision && area && decision.getBoundingClientRect().top < area.getBoundingClientRect().top;
  const target = above ? decision : area;
  if (target) target.scrollIntoView({ block: "start" });
  const control = nextControl();
  if (control) control.focus({ preventScroll: true });
}

function poll(game) {
  const url = game.dataset.poll;
  let version = game.dataset.version;
  const ask = () => {
    fetch(url, { cache: "no-store" }).then((r) => r.json()).then((now) => {
      if (String(now.version) !== String(version) || now.state !== game.dataset.state) {
        version = now.version;
        sessionStorage.setItem(KEEP, "1");
        window.location.reload();
      } else {
        window.setTimeout(ask, 1500);
      }
    }).catch(() => window.setTimeout(ask, 5000));
  };
  window.setTimeout(ask, 1500);
}

function zoom(source, name, link) {
  const dialog = zoomDialog();
  if (!dialog) return;
  dialog.querySelector("img").src = source;
  dialog.querySelector("img").alt = name || "";
  const page = dialog.querySelector("a");
  if (link) { page.href = link; page.hidden = false; } else { page.hidden = true; }
  if (!dialog.open) dialog.showModal();
}

function hoverPreview() {
  const preview = document.createElement("div");
  preview.className = "hover-zoom";
  preview.hidden = true;
  preview.appendChild(document.createElement("img"));
  document.body.appendChild(preview);
  document.querySelectorAll("[data-zoom]").forEach((el) => {
    el.addEventListener("pointerenter", (event) => {
      if (event.pointerType !== "mouse") return;
      preview.firstChild.src = el.dataset.zoom;
      const box = el.getBoundingClientRect();
      const right = box.right + 330 < window.innerWidth;
      preview.style.left = (right ? box.right + 8 : Math.max(4, box.left - 328)) + "px";
      preview.style.top = Math.max(4, Math.min(box.top, window.innerHeight - 450)) + "px";
      preview.hidden = false;
    });
    el.addEventListener("pointerleave", () => { preview.hidden = true; });
  });
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form").forEach((form) => {
    form.addEventListener("submit", () => sessionStorage.setItem(KEEP, "1"));
  });
  const game = document.getElementById("game");
  if (game && game.dataset.state === "deciding") poll(game);
  keepBoardInView();
  const chosen = document.querySelector(".mini-cell.selected");
  if (chosen) chosen.focus();
  // a tap (or a click) on a card that is no choice shows it large, in the game
  document.querySelectorAll("a[data-zoom]").forEach((el) => {
    el.addEventListener("click", (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey) return;  // a new tab: its page
      event.preventDefault();
      zoom(el.dataset.zoom, el.dataset.name, el.getAttribute("href"));
    });
  });
  const dialog = zoomDialog();
  if (dialog) {
    dialog.querySelector("[data-close]").addEventListener("click", () => dialog.close());
    dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
  }
  hoverPreview();
});
