/* The table screen's small helpers (htmx does the rest):
   - a reveal turns its lines over one at a time with "Next" (without this script, CSS staggers them);
   - after htmx swaps the screen, the controls keep their scroll position and open groups. */
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

  var kept = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var side = document.querySelector(".game-side");
    if (!side) return;
    kept = {
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
    }
    kept = null;
    init(document);
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
})();
