/* The phone page's helpers around htmx (it works without JS: every form is a plain POST).
   htmx posts the forms and morphs the answer into #phone (static/live.js fetches it again on a
   new version, and keeps what was typed or opened by hand); this file starts a sent form afresh,
   shows a message when the table does not answer, and stops a second tap from sending a form
   twice;
   - secrets open on a tap, or only while held ("hold to peek"), and close again after a while;
   - the crisis counters get - and + buttons. */
(function () {
  "use strict";
  var root = document.getElementById("phone");
  if (!root) { return; }
  var HIDE_AFTER_MS = 30000;
  var HOLD_MS = 250;

  function enhance() {
    root.querySelectorAll("button.step[hidden]").forEach(function (b) { b.hidden = false; });
    root.querySelectorAll("details[data-peek][open]").forEach(hideLater);
    markOpenSurvivor();
  }

  /* The turn's bar marks the survivor whose group is open (aria-current, drawn by phone.css). */
  function markOpenSurvivor() {
    root.querySelectorAll(".turn-who a[data-open]").forEach(function (chip) {
      var group = document.getElementById(chip.getAttribute("data-open"));
      if (group && group.open) {
        chip.setAttribute("aria-current", "true");
      } else {
        chip.removeAttribute("aria-current");
      }
    });
  }

  /* htmx morphs each answer into #phone, keeping what was typed, ticked or opened by hand
     (static/live.js). A form the game accepted starts afresh: its counts are not typed in again
     for a second tap, and its group closes (the crisis form adds cards once). */
  document.addEventListener("htmx:beforeSwap", function (e) {
    var sent = e.detail.requestConfig && e.detail.requestConfig.elt;
    if (e.detail.target !== root || !sent || sent.tagName !== "FORM" || e.detail.xhr.status >= 300) {
      return;
    }
    sent.reset();
    sent.querySelectorAll("input, select").forEach(function (el) { el._byHand = false; });
    var group = sent.closest("details[id]");
    if (group) { group._byHand = false; }
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.detail.target === root) { enhance(); bringNext(); }
  });

  /* The control an accepted action makes the next thing to do (data-next: a special zombie's
     death after its attack) comes into view and takes the focus. */
  function bringNext() {
    var next = root.querySelector("[data-next]");
    if (!next) { return; }
    var r = next.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) { next.scrollIntoView({ block: "center" }); }
    next.focus({ preventScroll: true });
  }

  function trouble() {
    if (root.querySelector(".phone-trouble")) { return; }
    var p = document.createElement("p");
    p.className = "alert phone-trouble";
    p.setAttribute("role", "alert");
    p.textContent = root.getAttribute("data-trouble") || "…";
    root.insertBefore(p, root.firstChild);
  }
  document.addEventListener("htmx:sendError", trouble);
  document.addEventListener("htmx:responseError", trouble);

  /* A form already sent is not sent again by a second tap while its answer is on the way. */
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.hasAttribute("data-phone-form")) { return; }
    if (form.classList.contains("busy")) {
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    form.classList.add("busy");
  }, true);
  document.addEventListener("htmx:afterRequest", function (e) {
    var form = e.detail.elt;
    if (form && form.classList && form.classList.contains("busy")) {
      form.classList.remove("busy");
    }
  });

  function hideLater(d) {
    clearTimeout(d._hide);
    d._hide = setTimeout(function () { d.open = false; }, HIDE_AFTER_MS);
  }

  root.addEventListener("click", function (e) {
    var step = e.target.closest("button.step");
    if (step) {
      var input = step.parentNode.querySelector("input");
      var n = (parseInt(input.value, 10) || 0) + parseInt(step.getAttribute("data-step"), 10);
      input.value = Math.max(0, Math.min(9, n));
    }
    var summary = e.target.closest("details[data-peek] > summary");
    if (summary && summary._suppress) {
      e.preventDefault();
      summary._suppress = false;
    }
  });

  /* A survivor's group opened by a tap starts at the top of the screen, under the turn's bar:
     tapped by its name in the turn's bar (which opens it as opened by hand, the others closing:
     one open at a time), or by its own summary (scrolled once it has opened: "toggle"). */
  root.addEventListener("click", function (e) {
    if (!e.target.closest) { return; }
    var chip = e.target.closest("a[data-open]");
    var group = chip && document.getElementById(chip.getAttribute("data-open"));
    if (group) {
      e.preventDefault();
      group._byHand = true;
      group.open = true;
      group.scrollIntoView({ block: "start" });
      return;
    }
    var summary = e.target.closest("details.turn-survivor > summary");
    if (summary && !summary.parentNode.open) { summary.parentNode._scrollOnOpen = true; }
  });

  root.addEventListener("toggle", function (e) {
    var d = e.target;
    if (d._scrollOnOpen && d.open) {
      d._scrollOnOpen = false;
      d.scrollIntoView({ block: "start" });
    }
    if (d.matches && d.matches("details[data-peek]") && d.open) { hideLater(d); }
    if (d.matches && d.matches("details.turn-survivor")) { markOpenSurvivor(); }
  }, true);

  root.addEventListener("pointerdown", function (e) {
    var summary = e.target.closest("details[data-peek] > summary");
    if (!summary) { return; }
    var d = summary.parentNode;
    summary._suppress = false;
    if (d.open) { return; }
    summary._timer = setTimeout(function () { summary._peeking = true; d.open = true; }, HOLD_MS);
  });

  function letGo(e) {
    var summary = e.target.closest && e.target.closest("details[data-peek] > summary");
    if (!summary) { return; }
    clearTimeout(summary._timer);
    if (summary._peeking) {
      summary._peeking = false;
      summary._suppress = e.type === "pointerup";
      summary.parentNode.open = false;
    }
  }
  root.addEventListener("pointerup", letGo);
  root.addEventListener("pointercancel", letGo);
  root.addEventListener("contextmenu", function (e) {
    if (e.target.closest("details[data-peek] > summary")) { e.preventDefault(); }
  });

  enhance();
})();
