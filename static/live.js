/* Live updates for one game page (the table screen or a phone).
 *
 * Include it once, after the page's own script:
 *   <script src="/static/live.js" data-events="/games/ID/events" data-version="7" defer></script>
 * The page defines window.companionRefresh() to fetch its own fresh fragment (it may return a
 * promise). The stream sends only version numbers; when one is newer than the page's, the page
 * refreshes itself. The version the page shows is read from the newest [data-live-version]
 * element (put it on the swapped fragment), else from the script tag.
 * An element #live-status, if present, shows "up to date" or "reconnecting"; its
 * data-label-ok / data-label-lost / data-label-connecting attributes give the words (translated
 * by the page). While the page is visible the screen is kept awake where the browser allows.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var url = script && script.getAttribute("data-events");
  if (!url || !window.EventSource) {
    return;
  }
  var known = parseInt(script.getAttribute("data-version"), 10) || 0;
  var latest = known;
  var lostTimer = null;
  var source = null;
  var backoff = 1000;
  var retryTimer = null;
  var hiddenSince = 0;
  var refreshing = false;
  var again = false;
  var wakeLock = null;

  function marked() {
    return document.querySelector("[data-live-version]") !== null;
  }

  function pageVersion() {
    var marks = document.querySelectorAll("[data-live-version]");
    var best = known;
    for (var i = 0; i < marks.length; i++) {
      var v = parseInt(marks[i].getAttribute("data-live-version"), 10);
      if (v > best) {
        best = v;
      }
    }
    return best;
  }

  function show(state) {
    var mark = document.getElementById("live-status");
    if (!mark) {
      return;
    }
    var words = {
      ok: mark.getAttribute("data-label-ok") || "Up to date",
      lost: mark.getAttribute("data-label-lost") || "Reconnecting\u2026",
      connecting: mark.getAttribute("data-label-connecting") || "Connecting\u2026",
    };
    if (mark.getAttribute("data-state") === state) {
      return;
    }
    mark.setAttribute("data-state", state);
    mark.textContent = words[state];
  }

  function refresh() {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    again = false;
    var done = function () {
      refreshing = false;
      // A version arrived while fetching: fetch again unless the page now shows it.
      if (again && (!marked() || latest > pageVersion())) {
        refresh();
      }
      again = false;
    };
    var result;
    try {
      if (typeof window.companionRefresh === "function") {
        result = window.companionRefresh();
      } else {
        window.location.reload();
      }
    } catch (error) {
      result = null;
    }
    if (result && typeof result.then === "function") {
      result.then(done, done);
    } else {
      done();
    }
  }

  function onVersion(event) {
    var version = parseInt(event.data, 10);
    backoff = 1000;
    clearTimeout(lostTimer);
    lostTimer = null;
    show("ok");
    latest = Math.max(latest, version);
    if (version > pageVersion()) {
      if (!marked()) {
        known = version; // the page cannot say which version it shows: trust the refresh
      }
      refresh();
    }
  }

  function close() {
    if (source) {
      source.close();
      source = null;
    }
  }

  function connect(retrying) {
    clearTimeout(retryTimer);
    retryTimer = null;
    close();
    if (!retrying) {
      show("connecting");
    }
    var stream = new EventSource(url);
    source = stream;
    stream.addEventListener("version", onVersion);
    stream.onerror = function () {
      if (stream !== source) {
        return;
      }
      // A stream that ends on schedule is back within a moment: say so only if it is not.
      if (!lostTimer) {
        lostTimer = setTimeout(function () {
          show("lost");
        }, 3000);
      }
      // A dropped stream is retried by the browser; a refused one (503, 404) is closed for good,
      // so try again later, waiting longer each time (up to half a minute).
      if (stream.readyState === EventSource.CLOSED) {
        close();
        var wait = backoff + Math.random() * 1000;
        backoff = Math.min(backoff * 2, 30000);
        retryTimer = setTimeout(function () {
          connect(true);
        }, wait);
      }
    };
  }

  function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || wakeLock) {
      return;
    }
    navigator.wakeLock.request("screen").then(
      function (lock) {
        wakeLock = lock;
        lock.addEventListener("release", function () {
          wakeLock = null;
        });
      },
      function () {
        wakeLock = null; // not allowed here (an insecure origin, low battery): the screen may sleep
      }
    );
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      hiddenSince = Date.now();
      return;
    }
    // A phone that slept may hold a dead connection the browser has not noticed yet.
    var slept = hiddenSince && Date.now() - hiddenSince > 10000;
    if (!source || source.readyState === EventSource.CLOSED || slept) {
      connect();
    }
    hiddenSince = 0;
    refresh();
    keepAwake();
  });

  window.addEventListener("online", function () {
    if (!source || source.readyState !== EventSource.OPEN) {
      connect();
    }
  });

  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      connect();
      refresh();
    }
  });

  connect();
  keepAwake();
})();
