/* The table screen's small helpers (htmx does the rest):
   - a reveal plays itself, a line at a time, with Pause, Resume and "Show all" (without this
     script, CSS staggers the lines; under prefers-reduced-motion no line slides in);
   - after htmx morphs the screen, a message is scrolled into view; a form the game accepted
     starts afresh;
   - each request names the folded groups shown open, so their controls come with the answer;
     a folded group opens in an overlay, one at a time, closed again by Close or Escape; its
     controls are fetched as it opens (not as it folds), the old ones inert until they come;
   - keys: Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, Enter confirms the colony step in view. */
(function () {
  "use strict";

  // The reveal plays itself: from the tap that opened it, a line turns over every
  // data-pace-ms (a readable pace, said by the live region), until the last; Pause stops it,
  // Resume goes on, "Show all" turns every line over at once. Its state lives on the dialog.
  // htmx morphs the screen after every change: a reveal whose lines are the same is left as it
  // stands and goes on playing (static/live.js reads _keepIf), a new one starts from its first line.
  var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");

  function show(dialog, count) {
    var lines = Array.prototype.slice.call(dialog.querySelectorAll(".rs"));
    count = Math.min(count, lines.length);
    var before = dialog._shown || 0;
    lines.forEach(function (li, i) {
      li.classList.toggle("pending", i >= count);
      li.classList.toggle("latest", i === count - 1);
    });
    dialog._shown = count;
    var say = dialog.querySelector(".reveal-say");
    if (say && count > before) {
      // one line at a time is read out; "Show all" reads what it turned over together
      say.textContent = lines.slice(before, count).map(function (li) {
        return li.textContent.replace(/\s+/g, " ").trim();
      }).join(" ");
    }
    if (count > 0) {
      lines[count - 1].scrollIntoView({ block: "nearest", behavior: still && still.matches ? "auto" : "smooth" });
    }
    var done = count >= lines.length;
    if (done) { stop(dialog); }
    buttons(dialog, done);
  }

  function buttons(dialog, done) {
    var playing = !!dialog._timer;
    var focused = dialog.contains(document.activeElement);
    dialog.querySelector(".reveal-pause").hidden = done || !playing;
    dialog.querySelector(".reveal-play").hidden = done || playing;
    dialog.querySelector(".reveal-all").hidden = done;
    if (done && focused) {
      var close = dialog.querySelector(".reveal-done button, form[method=dialog] button");
      if (close) close.focus();
    } else if (focused && document.activeElement.hidden) {
      dialog.querySelector(playing ? ".reveal-pause" : ".reveal-play").focus();
    }
  }

  function stop(dialog) {
    clearInterval(dialog._timer);
    dialog._timer = null;
  }

  function play(dialog) {
    stop(dialog);
    var pace = parseInt(dialog.getAttribute("data-pace-ms"), 10) || 1500;
    dialog._timer = setInterval(function () {
      if (!dialog.isConnected) { stop(dialog); return; }
      show(dialog, (dialog._shown || 0) + 1);
    }, pace);
    buttons(dialog, (dialog._shown || 0) >= dialog.querySelectorAll(".rs").length);
  }

  function playing(dialog) {
    if (dialog.dataset.stepwise) return;
    if (!dialog.querySelector(".rs") || !dialog.querySelector(".reveal-pause") || !dialog.querySelector(".reveal-all")) return;
    dialog.dataset.stepwise = "1";
    dialog.classList.add("stepwise");
    var text = dialog.textContent;
    dialog._keepIf = function (incoming) { return incoming.textContent === text; };
    show(dialog, 1);
    if ((dialog._shown || 0) < dialog.querySelectorAll(".rs").length) play(dialog);
    var first = dialog.querySelector(".reveal-pause:not([hidden]), .reveal-done button, form[method=dialog] button");
    if (first) first.focus({ preventScroll: true });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".reveal-pause, .reveal-play, .reveal-all");
    var dialog = button && button.closest("[data-stepwise]");
    if (!dialog) return;
    if (button.classList.contains("reveal-all")) {
      stop(dialog);
      show(dialog, Infinity);
    } else if (button.classList.contains("reveal-pause")) {
      stop(dialog);
      buttons(dialog, false);
    } else {
      show(dialog, (dialog._shown || 0) + 1);
      if (dialog._shown < dialog.querySelectorAll(".rs").length) play(dialog);
    }
  });

  function init(root) {
    (root || document).querySelectorAll("[data-reveal]").forEach(playing);
    (root || document).querySelectorAll("#game .fold .group-close[hidden]").forEach(function (b) { b.hidden = false; });
  }

  // A rare group opens in an overlay (static/game.css): one at a time; Close or Escape folds
  // it again and gives the focus back to its summary.
  function fold(group) {
    group.open = false;
    group._byHand = true;
    var summary = group.querySelector("summary");
    if (summary) summary.focus({ preventScroll: true });
  }
  document.addEventListener("click", function (event) {
    var close = event.target.closest && event.target.closest(".fold .group-close");
    if (close) fold(close.closest("details"));
  });
  document.addEventListener("toggle", function (event) {
    var group = event.target;
    if (!group.matches || !group.matches("#game details.fold") || !group.open) return;
    document.querySelectorAll("#game details.fold[open]").forEach(function (other) {
      if (other !== group) { other.open = false; other._byHand = true; }
    });
    var body = group.querySelector(".group-body");
    if (group.hasAttribute("hx-get") && body) {
      // Its controls of the moment are on their way (htmx fetches them on this toggle): the
      // ones shown meanwhile may be old, so nothing is chosen in them until the new ones come.
      body.inert = true;
      body.setAttribute("aria-busy", "true");
      group._focusFirst = true;
    } else {
      focusFirst(group);
    }
  }, true);

  function focusFirst(group) {
    group._focusFirst = false;
    var first = group.querySelector(".group-body select, .group-body input:not([type=hidden]), .group-body button:not(.group-close)");
    if (first && !group.querySelector(".group-body[data-empty]")) first.focus({ preventScroll: true });
  }

  // A group folded again fetches nothing (its controls come when it is next unfolded); a fetch
  // that failed leaves the shown controls usable again.
  document.addEventListener("htmx:confirm", function (event) {
    var group = event.detail.elt;
    var trigger = event.detail.triggeringEvent;
    if (trigger && trigger.type === "toggle" && group.matches && group.matches("#game details.fold") && !group.open) {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var group = event.detail.elt;
    if (event.detail.successful || !group.matches || !group.matches("#game details.fold")) return;
    var body = group.querySelector(".group-body[aria-busy]");
    if (body) { body.inert = false; body.removeAttribute("aria-busy"); }
  });

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
    } else if (key === "escape") {
      var open = document.querySelector("#game details.fold[open]");
      if (open) { fold(open); event.preventDefault(); }
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
    // A panel of the board (static/hand.js) serves one action: it folds, its choices let go
    // (a button there may post a form shared by the board, drawn outside the panel).
    var panels = sent.closest("#board") ? document.querySelectorAll("#board details.act[open]") : [];
    var forms = [sent];
    Array.prototype.forEach.call(panels, function (panel) {
      forms = forms.concat(Array.prototype.slice.call(panel.querySelectorAll("form")));
      panel.open = false;
      panel._byHand = false;
    });
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
    document.querySelectorAll("#game details.fold[open]").forEach(function (group) {
      if (group._focusFirst && !group.querySelector(".group-body[aria-busy]")) focusFirst(group);
    });
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
