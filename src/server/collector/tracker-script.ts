/**
 * The tracker customers add beside gtag: it mirrors every GA4 request the page makes (fetch,
 * sendBeacon, XMLHttpRequest, image beacons) to Tracklint's collector without touching what goes
 * to Google. Rules it keeps: the original call always runs first and its return value is returned
 * unchanged; every hook is wrapped in try/catch so the tracker can never throw into the page;
 * copies are batched (short timer, size cap, pagehide) and sent with the page's original fetch or
 * sendBeacon, never through the hooks. Each copy carries a random idempotency key so a retried
 * batch is stored once. Plain ES2017, no dependencies, a few KB.
 */
const SOURCE = String.raw`(function (w, endpoint) {
  "use strict";
  if (!w || w.__tracklint) return;
  var state = { q: [], bytes: 0, timer: 0, retries: 0 };
  w.__tracklint = state;
  var nav = w.navigator;
  var origFetch = w.fetch;
  var origBeacon = nav && nav.sendBeacon;
  var MAX_BYTES = 60000, MAX_HITS = 20, DELAY = 1000, MAX_QUEUE = 200;
  var collectorHost = "";
  try { collectorHost = new URL(endpoint, w.location.href).host; } catch (e) {}

  function key() {
    try { if (w.crypto && w.crypto.randomUUID) return w.crypto.randomUUID().replace(/-/g, ""); } catch (e) {}
    var s = ""; for (var i = 0; i < 4; i++) s += Math.random().toString(36).slice(2, 10);
    return s.slice(0, 32);
  }
  function isGa4(url, body) {
    try {
      var u = new URL(String(url), w.location.href);
      if (u.pathname.slice(-10) !== "/g/collect") return false;
      if (u.hostname === "stats.g.doubleclick.net" || u.host === collectorHost) return false;
      var q = u.search;
      return /[?&]tid=G-/.test(q) || /[?&]v=2(&|$)/.test(q) || (typeof body === "string" && /(^|[&\n])tid=G-/.test(body));
    } catch (e) { return false; }
  }
  function absolute(url) { try { return new URL(String(url), w.location.href).href; } catch (e) { return String(url); } }
  function bodyText(body, done) {
    try {
      if (body === undefined || body === null) return done("");
      if (typeof body === "string") return done(body);
      if (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) return done(body.toString());
      if (typeof Blob !== "undefined" && body instanceof Blob) { body.text().then(done, function () {}); return; }
      if (typeof ArrayBuffer !== "undefined" && (body instanceof ArrayBuffer || ArrayBuffer.isView(body))) return done(new TextDecoder().decode(body));
      if (typeof FormData !== "undefined" && body instanceof FormData) { var p = new URLSearchParams(); body.forEach(function (v, k) { p.append(k, String(v)); }); return done(p.toString()); }
      done(String(body));
    } catch (e) {}
  }
  function mirror(method, url, body) {
    try {
      if (!url) return;
      bodyText(body, function (text) {
        try {
          if (!isGa4(url, text)) return;
          var hit = { k: key(), m: String(method || (text ? "POST" : "GET")).toUpperCase(), u: absolute(url), b: text };
          var size = hit.u.length + hit.b.length + 64;
          if (size > MAX_BYTES) return;
          if (state.bytes + size > MAX_BYTES) flush(false);
          if (state.q.length >= MAX_QUEUE) return;
          state.q.push(hit); state.bytes += size;
          if (state.q.length >= MAX_HITS) flush(false);
          else if (!state.timer) state.timer = w.setTimeout(function () { flush(false); }, DELAY);
        } catch (e) {}
      });
    } catch (e) {}
  }
  function send(hits, unloading) {
    var payload = JSON.stringify({ v: 1, hits: hits });
    if (unloading && origBeacon) {
      try { if (origBeacon.call(nav, endpoint, new Blob([payload], { type: "text/plain" }))) return; } catch (e) {}
    }
    if (!origFetch) return;
    try {
      origFetch.call(w, endpoint, { method: "POST", body: payload, keepalive: true, credentials: "omit", mode: "cors", headers: { "content-type": "text/plain" } })
        .then(function (r) { if (r.status === 503 || r.status >= 500) retry(hits); else state.retries = 0; }, function () { retry(hits); });
    } catch (e) {}
  }
  function retry(hits) {
    try {
      if (state.retries >= 3) return;
      state.retries++;
      w.setTimeout(function () { try { send(hits, false); } catch (e) {} }, 1000 * state.retries);
    } catch (e) {}
  }
  function flush(unloading) {
    try {
      if (state.timer) { w.clearTimeout(state.timer); state.timer = 0; }
      if (!state.q.length) return;
      var hits = state.q; state.q = []; state.bytes = 0;
      send(hits, unloading);
    } catch (e) {}
  }
  state.flush = flush;

  if (origFetch) {
    w.fetch = function (input, init) {
      var url, method, body, clone;
      try {
        if (typeof Request !== "undefined" && input instanceof Request) {
          url = input.url; method = input.method;
          if (init && "body" in init) body = init.body;
          else if (method !== "GET" && method !== "HEAD" && isGa4(url, "")) clone = input.clone();
        } else { url = input; method = init && init.method; body = init && init.body; }
      } catch (e) {}
      var result = origFetch.apply(this, arguments);
      try {
        if (clone) clone.text().then(function (t) { mirror(method, url, t); }, function () {});
        else mirror(method || "GET", url, body);
      } catch (e) {}
      return result;
    };
  }
  if (origBeacon) {
    nav.sendBeacon = function (url, data) {
      var result = origBeacon.apply(this, arguments);
      try { mirror("POST", url, data); } catch (e) {}
      return result;
    };
  }
  try {
    var XHR = w.XMLHttpRequest && w.XMLHttpRequest.prototype;
    if (XHR) {
      var open = XHR.open, xsend = XHR.send;
      XHR.open = function (method, url) {
        var result = open.apply(this, arguments);
        try { this.__tracklint = { m: method, u: url }; } catch (e) {}
        return result;
      };
      XHR.send = function (body) {
        var result = xsend.apply(this, arguments);
        try { var t = this.__tracklint; if (t) mirror(t.m, t.u, body); } catch (e) {}
        return result;
      };
    }
  } catch (e) {}
  try {
    var IMG = w.HTMLImageElement && w.HTMLImageElement.prototype;
    var desc = IMG && Object.getOwnPropertyDescriptor(IMG, "src");
    if (desc && desc.set && desc.configurable) {
      Object.defineProperty(IMG, "src", {
        configurable: true, enumerable: desc.enumerable, get: desc.get,
        set: function (v) { desc.set.call(this, v); try { mirror("GET", v, ""); } catch (e) {} }
      });
    }
    var setAttr = w.Element && w.Element.prototype.setAttribute;
    if (setAttr) {
      w.Element.prototype.setAttribute = function (name, value) {
        var result = setAttr.apply(this, arguments);
        try { if (this instanceof w.HTMLImageElement && String(name).toLowerCase() === "src") mirror("GET", value, ""); } catch (e) {}
        return result;
      };
    }
  } catch (e) {}
  try {
    w.addEventListener("pagehide", function () { flush(true); });
    w.addEventListener("visibilitychange", function () { try { if (w.document.visibilityState === "hidden") flush(true); } catch (e) {} });
  } catch (e) {}
})`;

/** Indentation only: every statement ends with a semicolon or a brace, so line starts carry no meaning. */
const COMPACT = SOURCE.replace(/^\s+/gm, '');

/** The tracker for one website: the script above, invoked with the collector URL for its site key. */
export function trackerScript(collectorOrigin: string, siteKey: string): string {
  const endpoint = `${collectorOrigin}/collect/g?site=${encodeURIComponent(siteKey)}`;
  return `/* Tracklint tracker: mirrors GA4 requests to Tracklint. */\n${COMPACT}(typeof window !== "undefined" ? window : undefined, ${JSON.stringify(endpoint)});\n`;
}
