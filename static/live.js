/* Live updates of a game page (the table screen or a phone), around htmx and its sse extension.
 *
 * The page wraps its live region in an element that htmx does the work for:
 *   <div data-live hx-ext="sse" sse-connect="/games/ID/events" hx-trigger="sse:version"
 *        hx-get="/phone/ID" hx-target="#phone" hx-sync="this:queue first">
 * The stream sends only version numbers; on each one htmx fetches the page's own fragment.
 * htmx runs the page's requests one at a time (hx-sync: the forms inside queue behind the
 * fetch and the fetch behind them), so an answer is never older than the one before it.
 * This file adds what htmx does not:
 * - no fetch when the page already shows the newest version the stream announced (newest
 *   [data-live-version]): checked when htmx is about to send, so a fetch queued behind the
 *   page's own request is not sent when that request's answer is as new;
 * - #live-status says "up to date", "connecting" or "reconnecting" (words in its data-label-*);
 *   a stream that drops is reopened by the browser, one the server refused by this file, without
 *   the sse extension's error event (htmx logs it to the console as "[object Event]");
 * - a phone back from sleep, back online or back from the page cache opens a fresh stream;
 * - the screen is kept awake while the page is visible, where the browser allows it.
 * The live region is swapped by morphing (idiomorph's htmx extension, hx-swap="morph"): only
 * what changed is touched, and this file tells it what the person changed by hand and it must
 * keep: a field typed in or ticked, a group opened or closed (page scripts may clear the mark,
 * el._byHand), and an element whose script says it is unchanged (el._keepIf(incoming)).
 */
(function () {
  "use strict";

  var live = document.querySelector("[data-live]");
  if (!live || !window.htmx || !window.EventSource) {
    return;
  }
  var SLEPT_MS = 10000;
  var LOST_AFTER_MS = 3000;
  var latest = 0;
  var sources = [];
  var lostTimer = null;
  var retryTimer = null;
  var retries = 0;
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
    clearTimeout(retryTimer);
    retryTimer = null;
    sources.splice(0).forEach(function (source) { source.close(); });
  }

  function reconnect() {
    closeAll();
    show("connecting");
    // A changed attribute makes htmx process the element again: the extension opens a new stream.
    live.setAttribute("data-live-connect", String(Date.now()));
    htmx.process(live);
  }

  function opened() {
    clearTimeout(lostTimer);
    lostTimer = null;
    retries = 0;
    show("ok");
  }

  function failed(source) {
    // A stream that ends on schedule is back within a moment: say so only if it is not.
    if (!lostTimer) {
      lostTimer = setTimeout(function () { show("lost"); }, LOST_AFTER_MS);
    }
    // One the server refused (429, 503) or could not reach is closed for good: open a fresh one,
    // waiting 0.5, 1, 2 ... 64 s (the browser itself reopens one that merely dropped).
    if (source.readyState === EventSource.CLOSED && sources.indexOf(source) >= 0 && !retryTimer) {
      retries = Math.min(retries + 1, 8);
      retryTimer = setTimeout(function () {
        retryTimer = null;
        reconnect();
      }, 250 * Math.pow(2, retries));
    }
  }

  /* The stream's sources, so that a fresh one can replace a dead one (see reconnect). Their
     errors are handled here: the extension's own handler would log each drop as an error. */
  var create = htmx.createEventSource;
  htmx.createEventSource = function (url) {
    var source = create(url);
    Object.defineProperty(source, "onerror", {
      configurable: true,
      get: function () { return null; },
      set: function () { /* the extension's handler: replaced by failed() */ }
    });
    source.addEventListener("open", opened);
    source.addEventListener("error", function () { failed(source); });
    sources.push(source);
    return source;
  };

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
      // An unchanged part (the browser compares it natively, fast) is left as it is.
      return !(old.isEqualNode(incoming) || (old._keepIf && old._keepIf(incoming)));
    };
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

  show("connecting");
  keepAwake();
})();
