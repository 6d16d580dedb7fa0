/* Live updates of a game page (the table screen or a phone) around htmx, its sse extension and
 * idiomorph (docs/live.md). The stream sends version numbers; on each, htmx fetches the page's
 * fragment and morphs it in, one request at a time with the page's forms (hx-sync). This adds:
 * - no fetch when the newest announced version is already shown (checked again when queued);
 * - #live-status: "up to date", "connecting", "reconnecting" (words in its data-label-*), read
 *   from the extension's events (htmx:sseOpen, htmx:sseError); a stream that ends on schedule
 *   says so with its "close" event (sse-close), and a fresh one is opened at once;
 * - a fresh stream for a phone back from sleep, back online or back from the page cache;
 * - the screen kept awake while the page is visible, where the browser allows it;
 * - what the morph keeps: fields and groups changed by hand (el._byHand, which page scripts
 *   may clear), and an element whose script says it is unchanged (el._keepIf(incoming));
 * - nudges (docs/live.md "Nudges"): while [data-must-do] lists a moment the page's title starts
 *   with "● "; a phone vibrates once for each moment id it has not seen yet, only once the page
 *   has been touched (the browser refuses, and logs, a vibration before) and unless its player
 *   turned vibration off (#nudge-vibrate, kept in localStorage). The table's is data-silent.
 */
(function () {
  "use strict";

  var live = document.querySelector("[data-live]");
  if (!live || !window.htmx || !window.EventSource) {
    return;
  }
  /* A number the page carries on [data-live] (the app's LIVE_* config), else its default. */
  function setting(name, fallback) {
    var value = parseInt(live.getAttribute("data-" + name), 10);
    return value >= 0 ? value : fallback;
  }
  var SLEPT_MS = 10000;
  var LOST_AFTER_MS = setting("lost-after-ms", 3000);
  var latest = 0;
  var sources = [];
  var lostTimer = null;
  var hiddenSince = 0;
  var wakeLock = null;

  function shown() {
    var best = 0;
    document.querySelectorAll("[data-live-version]").forEach(function (el) {
      best = Math.max(best, parseInt(el.getAttribute("data-live-version"), 10) || 0);
    });
    return best;
  }

  function show(state) {
    var mark = document.getElementById("live-status");
    if (!mark || mark.getAttribute("data-state") === state) {
      return;
    }
    mark.setAttribute("data-state", state);
    mark.textContent = mark.getAttribute("data-label-" + state) || state;
  }

  function closeAll() {
    sources.splice(0).forEach(function (source) { source.close(); });
  }

  function reconnect(quietly) {
    closeAll();
    if (quietly !== true) {
      show("connecting");
    }
    // A changed attribute makes htmx process the element again: the extension opens a new stream.
    live.setAttribute("data-live-connect", String(Date.now()));
    htmx.process(live);
  }

  function opened() {
    clearTimeout(lostTimer);
    lostTimer = null;
    show("ok");
  }

  function failed() {
    // A stream that drops is back within a moment (the browser, or the extension for one the
    // server refused, opens it again, waiting 0.5, 1, 2 ... 64 s): say so only if it is not.
    if (!lostTimer) {
      lostTimer = setTimeout(function () { show("lost"); }, LOST_AFTER_MS);
    }
  }

  /* The extension's events about this page's stream: its source is kept, so that a fresh one
     can replace a dead one (see reconnect). */
  function ours(event) {
    var source = event.detail && event.detail.source;
    if (event.detail.elt !== live || !source) {
      return false;
    }
    if (sources.indexOf(source) < 0) {
      sources.push(source);
    }
    return true;
  }
  document.addEventListener("htmx:sseOpen", function (event) {
    if (ours(event)) { opened(); }
  });
  document.addEventListener("htmx:sseError", function (event) {
    if (ours(event)) { failed(); }
  });
  document.addEventListener("htmx:sseClose", function (event) {
    // The server ended the stream on schedule (its "close" event): open the next one at once,
    // once the extension has closed this one.
    if (ours(event) && event.detail.type === "message") {
      setTimeout(function () { reconnect(true); }, 0);
    }
  });

  /* What the person changed by hand is theirs until a script says otherwise. */
  function byHand(event) {
    var el = event.target;
    if (el && el.closest) {
      var summary = event.type === "click" ? el.closest("summary") : null;
      el = summary ? summary.parentNode : el.closest("input, select, textarea");
      if (el) { el._byHand = true; }
    }
  }
  document.addEventListener("input", byHand, true);
  document.addEventListener("change", byHand, true);
  document.addEventListener("click", byHand, true);

  var KEPT = { open: "DETAILS", value: "INPUT SELECT TEXTAREA", checked: "INPUT" };
  if (window.Idiomorph) {
    Idiomorph.defaults.ignoreActiveValue = true;
    Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, el) {
      var owner = el.tagName === "OPTION" ? el.closest("select") : el;
      if (name === "selected" && owner) { name = "value"; }
      return !(owner && owner._byHand && KEPT[name] && KEPT[name].indexOf(owner.tagName) >= 0);
    };
    Idiomorph.defaults.callbacks.beforeNodeMorphed = function (old, incoming) {
      // An unchanged part (the browser compares it natively, fast) is left as it is; its fields
      // too, unless one shows a choice its incoming twin does not (isEqualNode compares only
      // attributes, so a field changed by hand and since let go would keep that choice).
      if (old._keepIf && old._keepIf(incoming)) { return false; }
      return !(old.isEqualNode(incoming) && sameFields(old, incoming));
    };
  }

  var FIELDS = "input, select, textarea, option";
  /* Whether the fields in `old` show what those of `incoming` (same markup) show. */
  function sameFields(old, incoming) {
    if (old.nodeType !== 1) { return true; }
    var mine = [old].filter(function (el) { return el.matches(FIELDS); })
      .concat(Array.prototype.slice.call(old.querySelectorAll(FIELDS)));
    var theirs = [incoming].filter(function (el) { return el.matches(FIELDS); })
      .concat(Array.prototype.slice.call(incoming.querySelectorAll(FIELDS)));
    return mine.every(function (el, i) {
      var twin = theirs[i];
      return el.tagName === "OPTION" ? el.selected === twin.selected
        : el.value === twin.value && el.checked === twin.checked;
    });
  }

  document.addEventListener("htmx:confirm", function (event) {
    var trigger = event.detail.triggeringEvent;
    if (event.detail.elt !== live || !trigger || trigger.type !== "sse:version") {
      return;
    }
    latest = Math.max(latest, parseInt(trigger.detail && trigger.detail.data, 10) || 0);
    if (latest <= shown()) {
      event.preventDefault();
    }
  });

  function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || wakeLock) {
      return;
    }
    navigator.wakeLock.request("screen").then(
      function (lock) {
        wakeLock = lock;
        lock.addEventListener("release", function () { wakeLock = null; });
      },
      function () {
        wakeLock = null; // not allowed here (an insecure origin, low battery): the screen may sleep
      }
    );
  }

  function open() {
    return sources.some(function (source) { return source.readyState === EventSource.OPEN; });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      hiddenSince = Date.now();
      return;
    }
    // A phone that slept may hold a dead connection the browser has not noticed yet.
    if (!open() || (hiddenSince && Date.now() - hiddenSince > SLEPT_MS)) {
      reconnect();
    }
    hiddenSince = 0;
    keepAwake();
  });

  window.addEventListener("online", function () {
    if (!open()) {
      reconnect();
    }
  });

  window.addEventListener("pagehide", closeAll);

  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      reconnect();
    }
  });

  /* Nudges: nothing here is sent anywhere; each device decides for itself. */
  var MARK = "\u25cf ";
  var SEEN_KEY = "companion-nudged:" + location.pathname;
  var VIBRATE_KEY = "companion-vibrate";
  var SEEN_MAX = 200;
  var touched = false;
  var bareTitle = document.title.indexOf(MARK) === 0 ? document.title.slice(MARK.length) : document.title;

  function stored(store, key) {
    try { return window[store].getItem(key); } catch (e) { return null; }
  }
  function store(storeName, key, value) {
    try { window[storeName].setItem(key, value); } catch (e) { /* private mode: not kept */ }
  }
  function vibrationOn() {
    return stored("localStorage", VIBRATE_KEY) !== "off";
  }
  function mayVibrate() {
    var activation = navigator.userActivation;
    return typeof navigator.vibrate === "function" && vibrationOn() &&
      (activation ? activation.hasBeenActive : touched);
  }

  function nudge() {
    var holder = document.querySelector("[data-must-do]");
    var ids = holder ? holder.getAttribute("data-must-do").split(" ").filter(Boolean) : [];
    var title = ids.length ? MARK + bareTitle : bareTitle;
    if (document.title !== title) { document.title = title; }
    if (!holder || holder.hasAttribute("data-silent")) { return; }
    var seen = (stored("sessionStorage", SEEN_KEY) || "").split(" ").filter(Boolean);
    var fresh = ids.filter(function (id) { return seen.indexOf(id) < 0; });
    if (!fresh.length) { return; }
    if (mayVibrate()) {
      var crossroads = fresh.some(function (id) { return id.indexOf("crossroads") === 0; });
      navigator.vibrate(crossroads ? [300, 120, 300, 120, 500] : [200]);
    }
    store("sessionStorage", SEEN_KEY, seen.concat(fresh).slice(-SEEN_MAX).join(" "));
  }

  var vibrateSwitch = document.getElementById("nudge-vibrate");
  if (vibrateSwitch && typeof navigator.vibrate === "function") {
    vibrateSwitch.checked = vibrationOn();
    vibrateSwitch.addEventListener("change", function () {
      store("localStorage", VIBRATE_KEY, vibrateSwitch.checked ? "on" : "off");
    });
    vibrateSwitch.closest("[hidden]").hidden = false;
  }
  ["pointerdown", "keydown"].forEach(function (type) {
    document.addEventListener(type, function () { touched = true; }, true);
  });
  document.addEventListener("htmx:afterSettle", nudge);

  show("connecting");
  keepAwake();
  nudge();
})();
