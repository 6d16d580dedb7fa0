/* The table screen's small helpers (htmx does the rest):
   - a reveal turns its lines over one at a time with "Next" (without this script, CSS staggers them);
   - after htmx swaps the screen, the controls keep their scroll position and open groups;
   - keys: Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, Enter confirms the colony step in view. */
(function () {
  "use strict";

  function stepwise(dialog) {
    if (dialog.dataset.stepwise) return;
    dialog.dataset.stepwise = "1";
    var lines = Array.prototype.slice.call(dialog.querySelectorAll(".rs"));
    var next = dialog.querySelector(".reveal-next");
    var all = dialog.querySelector(".reveal-all");
    if (!lines.length || !next || !all) return;
    var shown = 0;
    dialog.classList.add("stepwise");
    lines.forEach(function (li) { li.classList.add("pending"); });
    function show(count) {
      lines.forEach(function (li, i) {
        li.classList.toggle("pending", i >= count);
        li.classList.toggle("latest", i === count - 1);
      });
      shown = count;
      var done = shown >= lines.length;
      next.hidden = done;
      all.hidden = done;
      if (shown > 0) lines[shown - 1].scrollIntoView({ block: "nearest" });
      if (done) { var close = dialog.querySelector(".reveal-done button, form[method=dialog] button"); if (close) close.focus(); }
      else next.focus();
    }
    next.addEventListener("click", function () { show(shown + 1); });
    all.addEventListener("click", function () { show(lines.length); });
    show(1);
  }

  function init(root) {
    (root || document).querySelectorAll("[data-reveal]").forEach(stepwise);
  }

  // A key presses the button it stands for, if it is there and not disabled (the server says
  // whether there is anything to undo or redo); never while the table types in a field.
  function press(selector) {
    var button = document.querySelector(selector);
    if (!button || button.disabled) return false;
    button.click();
    return true;
  }
  function typing(target) {
    return target && target.closest && target.closest("input, select, textarea, [contenteditable]");
  }
  document.addEventListener("keydown", function (event) {
    if (!document.getElementById("game") || event.defaultPrevented || event.isComposing) return;
    var key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && !event.altKey && (key === "z" || key === "y")) {
      if (typing(event.target)) return;
      var redo = key === "y" || event.shiftKey;
      if (press(redo ? "#game .btn-redo" : "#game .btn-undo")) event.preventDefault();
    } else if (key === "enter" && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey) {
      if (typing(event.target) || (event.target.closest && event.target.closest("button, a, summary"))) return;
      if (document.querySelector("#game dialog.reveal[open]")) return;
      if (press("#colony-preview .ctl-confirm button[type=submit]")) event.preventDefault();
    }
  });

  var kept = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var side = document.querySelector(".game-side");
    if (!side) return;
    var more = side.querySelector(".side-more");
    kept = {
      more: more ? more.scrollTop : 0,
      scroll: side.scrollTop,
      open: Array.prototype.map.call(side.querySelectorAll("details[id]"), function (d) {
        return [d.id, d.open];
      })
    };
  });
  // The groups the table opened or closed by hand, remembered across every swap (two swaps may
  // overlap: the table's own answer and a live refresh).
  var chosen = {};
  document.addEventListener("toggle", function (event) {
    var d = event.target;
    if (d.tagName === "DETAILS" && d.id && d.closest(".game-side") && !restoring) {
      chosen[d.id] = d.open;
    }
  }, true);
  var restoring = false;
  document.addEventListener("htmx:afterSettle", function () {
    var side = document.querySelector(".game-side");
    restoring = true;
    Object.keys(chosen).forEach(function (id) {
      var d = document.getElementById(id);
      if (d) d.open = chosen[id];
    });
    setTimeout(function () { restoring = false; }, 0);
    if (side && kept) {
      var alert = side.querySelector("[role=alert]");
      side.scrollTop = alert ? 0 : kept.scroll;
      var more = side.querySelector(".side-more");
      if (more) more.scrollTop = kept.more;
    }
    kept = null;
    init(document);
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
})();
