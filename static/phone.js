/* The phone page's helpers around htmx (it works without JS: every form is a plain POST).
   htmx posts the forms and swaps the answer into #phone (static/live.js fetches it again on a
   new version); this file keeps open groups and typed fields across those swaps, shows a
   message when the table does not answer, and stops a second tap from sending a form twice;
   - a newly arrived crossroads card, vote or bite decision vibrates the phone where allowed;
   - secrets open on a tap, or only while held ("hold to peek"), and close again after a while;
   - the crisis counters get - and + buttons. */
(function () {
  "use strict";
  var root = document.getElementById("phone");
  if (!root) { return; }
  var HIDE_AFTER_MS = 30000;
  var HOLD_MS = 250;

  function openIds() {
    var out = [];
    root.querySelectorAll("details[open][id]").forEach(function (d) { out.push(d.id); });
    return out;
  }

  function fieldsNow() {
    var out = [];
    root.querySelectorAll("input, select").forEach(function (el) {
      if (el.type === "hidden") { return; }
      if (el.type === "checkbox" || el.type === "radio") {
        out.push([el.name, el.value, el.checked]);
      } else {
        out.push([el.name, null, el.value]);
      }
    });
    return out;
  }

  function restore(fields) {
    fields.forEach(function (f) {
      root.querySelectorAll("[name=\"" + CSS.escape(f[0]) + "\"]").forEach(function (el) {
        if (el.type === "hidden") { return; }
        if (f[1] === null) {
          if (el.type !== "checkbox" && el.type !== "radio") { el.value = f[2]; }
        } else if (el.value === f[1]) {
          el.checked = f[2];
        }
      });
    });
  }

  function enhance() {
    root.querySelectorAll("button.step[hidden]").forEach(function (b) { b.hidden = false; });
    root.querySelectorAll("details[data-peek][open]").forEach(hideLater);
    var screen = root.querySelector(".screen");
    var attention = screen ? screen.getAttribute("data-attention") : "";
    var key = "companion-attention:" + location.pathname;
    var seen = null;
    try { seen = sessionStorage.getItem(key); } catch (e) { seen = null; }
    if (attention && attention !== seen && navigator.vibrate) {
      navigator.vibrate(attention.indexOf("crossroads") === 0 ? [300, 120, 300, 120, 500] : [200]);
    }
    try { sessionStorage.setItem(key, attention || ""); } catch (e) { /* private mode */ }
  }

  /* What htmx's swap of #phone would lose: open groups and what was typed or ticked. */
  var kept = null;
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (e.detail.target === root && e.detail.shouldSwap) {
      kept = { open: openIds(), fields: fieldsNow() };
      /* A form the game accepted starts afresh: its counts are not typed in again for a
         second tap, and its group closes (the crisis form adds cards once). */
      var sent = e.detail.requestConfig && e.detail.requestConfig.elt;
      if (sent && sent.tagName === "FORM" && e.detail.xhr.status < 300) {
        var names = {};
        sent.querySelectorAll("input, select").forEach(function (el) { names[el.name] = true; });
        kept.fields = kept.fields.filter(function (f) { return !names[f[0]]; });
        var group = sent.closest("details[id]");
        if (group) { kept.open = kept.open.filter(function (id) { return id !== group.id; }); }
      }
    }
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.detail.target !== root) { return; }
    if (kept) {
      kept.open.forEach(function (id) {
        var d = document.getElementById(id);
        if (d) { d.open = true; }
      });
      restore(kept.fields);
      kept = null;
    }
    enhance();
  });

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

  root.addEventListener("toggle", function (e) {
    var d = e.target;
    if (d.matches && d.matches("details[data-peek]") && d.open) { hideLater(d); }
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
