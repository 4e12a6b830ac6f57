// 51 Referee, a live table's service worker (docs/live.md): a table's page opens again
// with no connection. Served as /t/live-sw.js (its scope is /t/, the tables' pages).
//
// A table's page and the page's files are fetched from the network first, as without
// a worker, and a copy is kept; when the network fails, the copy answers. The API and
// the stream are never answered from here: a write or a read of the table goes to the
// server or fails, as the page expects. The page's copy holds only what any watcher
// sees (the seat's key stays in the browser's storage, never in a page or a URL).
// A page loaded before this worker ran (the first visit) sends it the page's address
// and its files' in a message, and they are fetched and kept then.
"use strict";

var CACHE = "referee-live-1";
var PAGES_KEPT = 20;  // the tables' pages kept, the most recently opened

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("referee-live-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function isPagePath(path) { return /^\/t\/[a-z0-9]+$/.test(path) && path !== "/t/new"; }

function isFilePath(path) { return path.indexOf("/static/") === 0; }

// Keep a copy of an answer: a file's other versions and the oldest pages beyond
// PAGES_KEPT are dropped.
function keep(request, response, page) {
  return caches.open(CACHE).then(function (cache) {
    return cache.put(request, response).then(function () { return cache.keys(); })
      .then(function (keys) {
        var path = new URL(request.url).pathname;
        var stale = page
          ? keys.filter(function (k) { return isPageKey(k); }).slice(0, -PAGES_KEPT)
          : keys.filter(function (k) {
            var other = new URL(k.url);
            return other.pathname === path && k.url !== request.url;
          });
        return Promise.all(stale.map(function (k) { return cache.delete(k); }));
      });
  });
}

function isPageKey(request) { return isPagePath(new URL(request.url).pathname); }

self.addEventListener("message", function (event) {
  var wanted = event.data && event.data.keep;
  if (!Array.isArray(wanted)) { return; }
  event.waitUntil(Promise.all(wanted.map(function (address) {
    var url = new URL(String(address), self.location.origin);
    var page = isPagePath(url.pathname);
    if (url.origin !== self.location.origin || (!page && !isFilePath(url.pathname))) {
      return null;
    }
    var request = new Request(url.href, { credentials: "same-origin" });
    return fetch(request).then(function (response) {
      return response.ok ? keep(request, response, page) : null;
    }, function () { return null; });
  })));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  var page = request.mode === "navigate" && isPagePath(url.pathname);
  if (!page && !isFilePath(url.pathname)) { return; }
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      event.waitUntil(keep(request, copy, page));
    }
    return response;
  }, function (error) {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(request, { ignoreSearch: page });
    }).then(function (found) {
      if (found) { return found; }
      throw error;
    });
  }));
});
