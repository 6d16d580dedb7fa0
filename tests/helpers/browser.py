"""What the browser tests run in the page: a count of requests under way, and "settled"."""

from __future__ import annotations

IN_FLIGHT_JS = """(() => {
  /* Count this page's requests under way (htmx's XHRs, phone.js's fetches) until their answer
     has been handled, so a wait can tell a screen that is still changing from a settled one. */
  let n = 0;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    n += 1;
    this.addEventListener("loadend", () => { setTimeout(() => { n -= 1; }, 0); });
    return send.apply(this, args);
  };
  const fetched = window.fetch;
  window.fetch = function (...args) {
    n += 1;
    const done = () => { setTimeout(() => { n -= 1; }, 0); };
    return fetched.apply(this, args).then((r) => { r.clone().text().then(done, done); return r; },
      (e) => { done(); throw e; });
  };
  Object.defineProperty(window, "e2eInFlight", { get: () => n });
})();"""
SETTLED_JS = """() => window.e2eInFlight === 0
  && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, form.busy')"""

SSE_SEEN_JS = """document.addEventListener("htmx:sseMessage", (event) => {
  /* Note every message the page's event stream delivers (its data: a game version). */
  (window.e2eSeen = window.e2eSeen || []).push(String(event.detail && event.detail.data));
}, true);"""
