/* The phone page, made quicker with JS (it works without: every form is a plain POST).
   - forms post with fetch() and the answer (a #phone fragment, also for 409/422/403) is swapped in;
   - window.companionRefresh() fetches the fragment again (static/live.js calls it on a new version);
   - a newly arrived crossroads card, vote or bite decision vibrates the phone where allowed;
   - secrets open on a tap, or only while held ("hold to peek"), and close again after a while;
   - the crisis counters get - and + buttons. No framework, no other file. */
(function () {
  "use strict";
  var root = document.getElementById("phone");
  var HIDE_AFTER_MS = 30000;
  var HOLD_MS = 250;
  var inflight = null;

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

  function shownVersion(html) {
    var m = /data-version="(\d+)"/.exec(html);
    return m ? parseInt(m[1], 10) : -1;
  }

  function swap(html) {
    var incoming = shownVersion(html);
    if (incoming >= 0 && incoming < shownVersion(root.innerHTML)) { return; }
    var open = openIds();
    var fields = fieldsNow();
    root.innerHTML = html;
    open.forEach(function (id) {
      var d = document.getElementById(id);
      if (d) { d.open = true; }
    });
    restore(fields);
    enhance();
  }

  function ask(url, options) {
    var opts = options || {};
    opts.headers = { "HX-Request": "true" };
    opts.credentials = "same-origin";
    opts.cache = "no-store";
    return fetch(url, opts).then(function (r) {
      return r.text().then(function (text) { return { status: r.status, text: text }; });
    });
  }

  function trouble() {
    var old = root.querySelector(".phone-trouble");
    if (old) { return; }
    var p = document.createElement("p");
    p.className = "alert phone-trouble";
    p.setAttribute("role", "alert");
    p.textContent = root.getAttribute("data-trouble") || "…";
    root.insertBefore(p, root.firstChild);
  }

  function track(promise) {
    inflight = promise.then(function () { inflight = null; }, function () { inflight = null; });
    return inflight;
  }

  /* Fetch this phone's fragment again. While a request is under way its answer is at least as
     new, so that one is waited for instead (live.js asks again if a newer version came). */
  window.companionRefresh = function () {
    if (!root || !root.getAttribute("data-url")) { return Promise.resolve(); }
    if (inflight) { return inflight; }
    return track(ask(root.getAttribute("data-url")).then(function (res) {
      if (res.status < 500) { swap(res.text); } else { trouble(); }
    }, trouble));
  };

  function hideLater(d) {
    clearTimeout(d._hide);
    d._hide = setTimeout(function () { d.open = false; }, HIDE_AFTER_MS);
  }

  if (!root) { return; }

  var clicked = null;
  root.addEventListener("click", function (e) {
    var button = e.target.closest("button");
    if (button && button.form) { clicked = button; }
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

  root.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.hasAttribute("data-phone-form") || !window.fetch) { return; }
    e.preventDefault();
    if (form.classList.contains("busy")) { return; }
    var data = new URLSearchParams(new FormData(form));
    if (clicked && clicked.form === form && clicked.name) { data.append(clicked.name, clicked.value); }
    clicked = null;
    form.classList.add("busy");
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    var sent = ask(form.action, { method: "POST", body: data }).then(function (res) {
      if (res.status < 500) { swap(res.text); } else { trouble(); }
    }, trouble).then(function () {
      form.classList.remove("busy");
      form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
    });
    track(inflight ? inflight.then(function () { return sent; }) : sent);
  });

  enhance();
})();
