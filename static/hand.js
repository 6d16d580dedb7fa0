/* The table screen's board as the control (templates/partials/board/act.html): every board
 * action is a button or a disclosure there, which works without this script. This adds:
 * - one panel open at a time; opening one puts the focus on its first choice, Escape folds it
 *   and gives the focus back to what opened it;
 * - while a survivor's panel is open, the locations it may move to are marked on the board, and
 *   a tap on one of them picks it as the destination (as its radio in the panel does);
 * - a tap on a survivor's name at a location opens that survivor's panel;
 * - each panel's Close button.
 */
(function () {
  "use strict";

  function unmark() {
    document.querySelectorAll("#board .can-go").forEach(function (card) { card.classList.remove("can-go"); });
  }

  function mark(panel) {
    unmark();
    panel.querySelectorAll("input[name=to]").forEach(function (radio) {
      var card = document.querySelector("#board .location[data-place='" + radio.value + "']");
      if (card) card.classList.add("can-go");
    });
  }

  function openPanel() {
    return document.querySelector("#board details.act[open]");
  }

  function fold(panel, focus) {
    panel.open = false;
    panel._byHand = false;
    var summary = panel.querySelector("summary");
    if (focus && summary) summary.focus({ preventScroll: true });
  }

  document.addEventListener("toggle", function (event) {
    var panel = event.target;
    if (!panel.matches || !panel.matches("#board details.act")) return;
    if (!panel.open) {
      if (!openPanel()) unmark();
      return;
    }
    document.querySelectorAll("#board details.act[open]").forEach(function (other) {
      if (other !== panel) fold(other, false);
    });
    mark(panel);
    closers();
    var first = panel.querySelector(".act-body input:not([type=hidden]), .act-body form button:not([disabled])");
    if (first) first.focus({ preventScroll: true });
  }, true);

  function choose(panel, place) {
    var radio = panel.querySelector("input[name=to][value='" + place + "']");
    if (!radio) return false;
    radio.checked = true;
    radio._byHand = true;
    var face = panel.querySelector(".act-move .act-faces button");
    if (face) face.focus({ preventScroll: true });
    return true;
  }

  /* Each open panel gets a Close button, worded by the board (data-close). */
  function closers() {
    var board = document.getElementById("board");
    if (!board) return;
    board.querySelectorAll("details.act[open] > .act-body").forEach(function (body) {
      if (body.querySelector(".act-close")) return;
      var close = document.createElement("button");
      close.type = "button";
      close.className = "btn act-close";
      close.textContent = board.getAttribute("data-close") || "×";
      body.insertBefore(close, body.firstChild);
    });
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var close = target.closest && target.closest("#board .act-close");
    if (close) { fold(close.closest("details.act"), true); return; }
    if (!target.closest || !target.closest("#board")) return;
    if (target.closest("button, a, input, label, summary, .act-body")) return;
    var panel = openPanel();
    var card = target.closest(".location.can-go");
    if (panel && card && choose(panel, card.getAttribute("data-place"))) return;
    var here = target.closest(".here [data-survivor]");
    if (here) {
      var own = document.querySelector("#board details[data-act-survivor='" + here.getAttribute("data-survivor") + "']");
      if (own) { own.open = true; own._byHand = true; }
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    var panel = openPanel();
    if (panel) { fold(panel, true); event.preventDefault(); }
  });

  /* After a morph: the marks follow the panel still open (none after an accepted action). */
  document.addEventListener("htmx:afterSettle", function () {
    closers();
    var panel = openPanel();
    if (panel) mark(panel); else unmark();
  });
  closers();
}());
