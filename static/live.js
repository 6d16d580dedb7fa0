/* Live updates of a game page (the table screen or a phone), around htmx and its sse extension.
 *
 * The page wraps its live region in an element that htmx does the work for:
 *   <div data-live hx-ext="sse" sse-connect="/games/ID/events" hx-trigger="sse:version"
 *        hx-get="/phone/ID" hx-target="#phone" hx-swap="innerHTML">
 * The stream sends only version numbers; on each one htmx fetches the page's own fragment.
 * This file adds what htmx does not:
 * - a version the page already shows (newest [data-live-version]) is not fetched again, nor one
 *   that arrives while the page's own request is under way (its answer is as new); once that
 *   request is done, a newer version is fetched then. An older answer is never swapped in;
 * - #live-status says "up to date", "connecting" or "reconnecting" (words in its data-label-*);
 * - a phone back from sleep, back online or back from the page cache opens a fresh stream;
 * - the screen is kept awake while the page is visible, where the browser allows it.
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
  var inflight = new Set();
  var refreshing = null;
  var sources = [];
  var lostTimer = null;
  var hiddenSince = 0;
  var wakeLock = null;

  function versionIn(text) {
    var found = /data-live-version="(\d+)"/.exec(text || "");
    return found ? parseInt(found[1], 10) : -1;
  }

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

  function refresh() {
    htmx.trigger(live, "sse:version", { data: String(latest) });
  }

  /* The stream's sources, so that a fresh one can replace a dead one (see reconnect). */
  var create = htmx.createEventSource;
  htmx.createEventSource = function (url) {
    var source = create(url);
    sources.push(source);
    return source;
  };

  function closeAll() {
    sources.splice(0).forEach(function (source) { source.close(); });
  }

  function reconnect() {
    closeAll();
    show("connecting");
    // A changed attribute makes htmx process the element again: the extension opens a new stream.
    live.setAttribute("data-live-connect", String(Date.now()));
    htmx.process(live);
  }

  document.addEventListener("htmx:confirm", function (event) {
    var trigger = event.detail.triggeringEvent;
    if (event.detail.elt !== live || !trigger || trigger.type !== "sse:version") {
      return;
    }
    latest = Math.max(latest, parseInt(trigger.detail && trigger.detail.data, 10) || 0);
    if (latest <= shown() || inflight.size > 0 || refreshing) {
      event.preventDefault();
    }
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt === live) {
      refreshing = event.detail.xhr;
    } else {
      inflight.add(event.detail.xhr);
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr === refreshing) {
      refreshing = null;
    }
    inflight.delete(event.detail.xhr);
    if (!refreshing && inflight.size === 0 && latest > shown()) {
      refresh();
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var incoming = versionIn(event.detail.serverResponse);
    if (incoming >= 0 && incoming < shown()) {
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("htmx:sseOpen", function () {
    clearTimeout(lostTimer);
    lostTimer = null;
    show("ok");
  });

  document.addEventListener("htmx:sseError", function () {
    // A stream that ends on schedule is back within a moment: say so only if it is not.
    if (!lostTimer) {
      lostTimer = setTimeout(function () { show("lost"); }, LOST_AFTER_MS);
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
