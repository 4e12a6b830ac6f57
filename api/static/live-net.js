// 51 Referee, a live table's page: the browser's storage and the requests (docs/live.md).
// A token goes only in the Authorization header, never in a URL.
(function () {
  "use strict";

  // Values kept in localStorage under one table's prefix (JSON); private browsing that
  // refuses storage keeps them for the page's life only.
  function Store(prefix) { this.prefix = prefix; this.memory = {}; }

  Store.prototype.load = function (name, fallback) {
    var key = this.prefix + "." + name;
    try {
      var text = window.localStorage.getItem(key);
      return text === null ? fallback : JSON.parse(text);
    } catch (e) {
      return Object.prototype.hasOwnProperty.call(this.memory, key) ? this.memory[key] : fallback;
    }
  };

  Store.prototype.save = function (name, value) {
    var key = this.prefix + "." + name;
    try {
      if (value === null) { window.localStorage.removeItem(key); }
      else { window.localStorage.setItem(key, JSON.stringify(value)); }
    } catch (e) {
      if (value === null) { delete this.memory[key]; } else { this.memory[key] = value; }
    }
  };

  // A request's answer as {status, body}; a failure to reach the server rejects.
  function request(method, url, body, token) {
    var headers = { Accept: "application/json" };
    if (body !== undefined) { headers["Content-Type"] = "application/json"; }
    if (token) { headers.Authorization = "Bearer " + token; }
    return fetch(url, {
      method: method, headers: headers, cache: "no-store", credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (json) {
        return { status: response.status, body: json };
      });
    });
  }

  // A key for an event: 96 random bits (crypto.getRandomValues works on plain http too,
  // where a phone reaches the server by its address on the home network).
  function newKey() {
    var bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // The service worker (live-sw.js) that opens a table's page again with no connection.
  function registerWorker(url) {
    // Service workers need a secure context (https, or localhost): on a plain-http
    // address of the home network the page works as before, but not reloaded offline.
    if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
    var first = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(url, { scope: "/t/" }).then(function () {
      if (!first) { return; }  // the worker saw this page's requests and kept them
      // The first visit: this page and its files were loaded before the worker ran.
      var files = Array.prototype.map.call(
        document.querySelectorAll("script[src], link[rel=stylesheet]"),
        function (node) { return node.src || node.href; });
      return navigator.serviceWorker.ready.then(function (registration) {
        registration.active.postMessage({ keep: [location.pathname + location.search].concat(files) });
      });
    }).catch(function () {
      /* no worker: the page works as before, but not reloaded offline */
    });
  }

  window.LiveNet = { Store: Store, request: request, newKey: newKey, registerWorker: registerWorker };
}());
