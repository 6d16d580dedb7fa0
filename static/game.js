/* The table screen's small helpers (htmx does the rest):
   - a reveal turns its lines over one at a time with "Next" (without this script, CSS staggers them);
   - after htmx morphs the screen, a message is scrolled into view; a form the game accepted
     starts afresh;
   - each request names the folded groups shown open, so their controls come with the answer;
   - keys: Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, Enter confirms the colony step in view. */
(function () {
  "use strict";

  // The reveal's state lives on the dialog; the buttons are handled once, for every dialog.
  // htmx morphs the screen after every change: a reveal whose lines are the same is left as it
  // stands (static/live.js reads _keepIf), a new one starts again from its first line.
  function show(dialog, count) {
    var lines = Array.prototype.slice.call(dialog.querySelectorAll(".rs"));
    var next = dialog.querySelector(".reveal-next");
    var all = dialog.querySelector(".reveal-all");
    count = Math.min(count, lines.length);
    lines.forEach(function (li, i) {
      li.classList.toggle("pending", i >= count);
      li.classList.toggle("latest", i === count - 1);
    });
    dialog._shown = count;
    var done = count >= lines.length;
    next.hidden = done;
    all.hidden = done;
    if (count > 0) lines[count - 1].scrollIntoView({ block: "nearest" });
    if (done) { var close = dialog.querySelector(".reveal-done button, form[method=dialog] button"); if (close) close.focus(); }
    else next.focus();
  }

  function stepwise(dialog) {
    if (dialog.dataset.stepwise) return;
    if (!dialog.querySelector(".rs") || !dialog.querySelector(".reveal-next") || !dialog.querySelector(".reveal-all")) return;
    dialog.dataset.stepwise = "1";
    dialog.classList.add("stepwise");
    var text = dialog.textContent;
    dialog._keepIf = function (incoming) { return incoming.textContent === text; };
    show(dialog, 1);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".reveal-next, .reveal-all");
    var dialog = button && button.closest("[data-stepwise]");
    if (!dialog) return;
    show(dialog, button.classList.contains("reveal-all") ? Infinity : (dialog._shown || 0) + 1);
  });

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

  // A form the game accepted starts afresh: the choices made in it by hand (live.js keeps them
  // through a morph) are let go, so the next survivor's form shows what the server sends, not
  // the last destination or die face. A refused one keeps them, to be put right.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var sent = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!sent || sent.tagName !== "FORM" || event.detail.xhr.status >= 300 || !sent.closest("#game")) return;
    // A tap on the board picks into every form under it (static/hand.js): a pick serves one action.
    var hand = sent.closest("#hand");
    var forms = hand ? Array.prototype.slice.call(hand.querySelectorAll("form")) : [sent];
    forms.forEach(function (form) {
      form.reset();
      form.querySelectorAll("input, select, textarea").forEach(function (el) { el._byHand = false; });
    });
  });

  // htmx morphs the screen, so the controls keep their scroll and the groups opened or closed
  // by hand stay so (static/live.js); a message is brought into view.
  document.addEventListener("htmx:afterSettle", function () {
    var side = document.querySelector(".game-side");
    if (side && side.querySelector("[role=alert]")) side.scrollTop = 0;
    init(document);
    // A refresh asked before a group was opened brings it empty: fetch its controls again.
    document.querySelectorAll("#game details[data-folded][open] > .group-body[data-empty]")
      .forEach(function (body) { htmx.trigger(body.parentElement, "toggle"); });
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });

  // A fragment of the screen leaves out the controls of a folded group (fetched when it is
  // unfolded), but for the groups named here as open: the morph would wipe their controls.
  document.addEventListener("htmx:configRequest", function (event) {
    var open = [];
    document.querySelectorAll("#game details[data-folded][open]").forEach(function (group) {
      open.push(group.getAttribute("data-folded"));
    });
    if (open.length) event.detail.headers["X-Open-Groups"] = open.join(" ");
  });
})();
