// 51 Referee, a live table's page (docs/live.md): the seat's token, the stream, the
// changes posted, and the events kept while the connection is down.
//
// The token comes in the link's fragment (#seat=T or #scribe=T), is kept in this
// browser's storage and leaves the address bar at once; it travels only in the
// Authorization header of a write, of the seat's GET and of GET .../me, never in a
// URL. Each event is posted with a key: an event entered offline (or whose answer
// was lost) is kept in storage, shown as pending and sent again with the same key,
// so the server records it once.
//
// With no connection at all, a reload still opens the page: a service worker
// (live-sw.js) keeps a copy of the page and its files, and the last state seen (with
// the seat's own hand) is kept in storage beside the key and shown instead of the
// copy's older one.
//
// The other files, each a job: live-view.js draws the table, live-picker.js the action bar
// and card picker, live-cards.js reads cards typed in capitals, live-turn.js asks before a
// play out of turn, live-hand.js gives (and takes back) a seat's hand, live-notice.js shows
// refusals, live-controls.js which panels show, live-net.js storage and requests.
(function () {
  "use strict";

  var V = window.LiveView, P = window.LivePicker, N = window.LiveNet;
  var C = window.LiveCards, T = window.LiveTurn, R = window.LiveNotice;
  var data = JSON.parse(document.getElementById("live-data").textContent);
  var L = data.labels, urls = data.urls, format = V.format;
  var STORE = "referee.live." + data.id;

  var ctx = {
    id: data.id, lang: data.lang, labels: L, urls: urls, game: data.game,
    keywords: data.keywords, verbs: data.verbs, earlyDraw: data.early_draw, me: null, pending: [],
    sending: 0  // events posted and not yet answered
  };
  var state = data.state;
  var hand = null;  // the seat's own hand: {cards, hidden}, or null
  var handSeq = -1;  // the seq of the read that gave it
  var token = null;
  var source = null;
  var live = false, netDown = false, flushing = false, retry = null, badLink = false;
  var picker = new P.Picker(ctx);
  var hands = null;  // the seat's hand given and taken back: LiveHand.Hands

  // ------------------------------------------------------------------ storage

  var storage = new N.Store(STORE);
  function load(name, fallback) { return storage.load(name, fallback); }
  function save(name, value) { storage.save(name, value); }

  // The token of the link's fragment, kept; true when it is another than the one kept.
  function takeFragment() {
    var match = /^#(seat|scribe)=([A-Za-z0-9_-]{16,128})$/.exec(location.hash);
    var other = false;
    if (match) {
      other = load("token", null) !== match[2];
      if (other) { save("who", null); save("seen", null); }
      save("token", match[2]);
      history.replaceState(null, "", location.pathname + location.search);
    }
    token = load("token", null);
    return other;
  }

  function savePending() {
    save("pending", ctx.pending.length ? { by: ctx.me ? ctx.me.by : null, items: ctx.pending } : null);
  }

  var newKey = N.newKey;

  // ------------------------------------------------------------------ requests

  function request(method, url, body, auth) { return N.request(method, url, body, auth ? token : null); }

  function withLang(url) { return url + (url.indexOf("?") < 0 ? "?" : "&") + "lang=" + data.lang; }

  // ------------------------------------------------------------------ showing

  function show() {
    ctx.pending = ctx.pending || [];
    V.render(state, ctx);
    picker.update(state, hand);
    controls();
    connection();
    // live-seat.js follows the table through this (the seat's and the scribe's controls).
    document.dispatchEvent(new CustomEvent("live:shown", { detail: { state: state, me: ctx.me } }));
  }

  function apply(next, own) {
    if (!next) { return; }
    // The seat's own hand comes from its own read, which may answer after the stream
    // has already shown a later change: the hand is still the newest this page has.
    var newerHand = own && next.my_hand !== undefined && next.seq >= handSeq;
    if (newerHand) { hand = next.my_hand; handSeq = next.seq; }
    if (next.seq >= state.seq) { state = next; } else if (!newerHand) { return; }
    save("seen", { state: state, hand: hand });
    show();
  }

  // The last state this phone saw, when it is newer than the page's own (a page opened
  // again from the service worker's copy, with no connection); the seat's own hand with
  // it, for a seat's phone.
  function restoreSeen() {
    var seen = load("seen", null);
    if (!seen || !seen.state || seen.state.seq < state.seq) { return; }
    state = seen.state;
    hand = token ? seen.hand || null : null;
    handSeq = hand ? state.seq : -1;
  }

  function refusal(box, answer, text) {
    return R.refusal(box, answer, text, L, box === "refusal" ? useHint : null);
  }

  // The line with the referee's suggestion put in place of the word at the error's column.
  function useHint(text, error) {
    var start = error.column - 1;
    var end = start;
    while (end < text.length && !/\s/.test(text[end])) { end++; }
    document.getElementById("line-input").value = text.slice(0, start) + error.hint + text.slice(end);
    document.getElementById("line-input").focus();
  }

  var hideRefusal = R.hide, notice = R.notice;

  function online() { return navigator.onLine !== false && !netDown; }

  function connection() {
    var conn = document.getElementById("conn");
    var mode = !online() ? "offline" : (live ? "live" : "connecting");
    conn.dataset.state = mode;
    document.getElementById("conn-text").textContent = L["status_" + mode];
    document.getElementById("offline-note").hidden = mode !== "offline";
    document.getElementById("pending-count").textContent =
      ctx.pending.length ? "· " + format(L.pending_count, { count: ctx.pending.length }) : "";
  }

  // ------------------------------------------------------------------ the stream

  function connect() {
    if (source) { source.close(); }
    live = false;
    source = new EventSource(withLang(urls.stream + "?after=" + state.seq));
    source.addEventListener("open", function () {
      live = true;
      netDown = false;
      connection();
      flush();
    });
    source.addEventListener("error", function () { live = false; connection(); });
    ["table", "undo"].forEach(function (kind) {
      source.addEventListener(kind, function (message) { moved(JSON.parse(message.data)); });
    });
  }

  function moved(change) {
    apply(change.state, false);
    var mine = ctx.me && ctx.me.player;
    if (mine && (change.player === mine || change.action === "undo" || change.action === "next-hand")) {
      refreshOwn();
    }
  }

  function refreshOwn() {
    if (!token) { return Promise.resolve(); }
    return request("GET", withLang(urls.state), undefined, true).then(function (answer) {
      if (answer.status === 200) { apply(answer.body, true); }
    }, function () { /* offline: the stream's state stands */ });
  }

  // ------------------------------------------------------------------ events

  function sent(answer) {
    apply(answer.body.state, true);
    hideRefusal("refusal");
  }

  function post(item, after) {
    var body = { text: item.text, key: item.key };
    if (after !== null && after !== undefined) { body.after = after; }
    return request("POST", urls.events, body, true);
  }

  // A line entered: its cards read in their case, then, for a renuncia of turn, the
  // question first.
  function enter(typed) {
    var text = C.line(typed, data.verbs);
    document.getElementById("line-input").value = text;
    var event = C.parse(text, data.verbs);
    var reason = T.problem(state, event, ctx);
    if (reason) {
      T.ask(reason, event, L, function () { send(text); });
      return;
    }
    send(text);
  }

  function send(text) {
    hideRefusal("refusal");
    notice("");
    var item = { key: newKey(), text: text, after: ctx.pending.length ? null : state.seq };
    if (!online() || ctx.pending.length) {
      queue(item);
      return;
    }
    ctx.sending += 1;
    post(item, item.after).then(function (answer) {
      ctx.sending -= 1;
      if (answer.status === 200 || answer.status === 201) { sent(answer); return; }
      refused(answer, text);
    }, function () {
      ctx.sending -= 1;
      netDown = true;
      queue(item);
    });
    clearLine();
  }

  function clearLine() {
    document.getElementById("line-input").value = "";
    picker.reset();
  }

  function refused(answer, text) {
    document.getElementById("line-input").value = text;
    refusal("refusal", answer, text);
    if (answer.status === 409) { refreshOwn().then(function () { if (!token) { reload(); } }); }
  }

  function reload() {
    return request("GET", withLang(urls.state)).then(function (answer) {
      if (answer.status === 200) { apply(answer.body, false); }
    }, function () {});
  }

  function queue(item) {
    ctx.pending.push(item);
    savePending();
    clearLine();
    show();
    if (online()) { flush(); return; }
    notice(L.offline_note);
    later();
  }

  function later() {
    if (retry) { return; }
    retry = window.setTimeout(function () { retry = null; if (navigator.onLine !== false) { flush(); } }, 3000);
  }

  // Send the pending events, in order, each with its key (and the seq it followed).
  function flush(chain) {
    if (flushing || !ctx.pending.length || navigator.onLine === false || !token) { return; }
    flushing = true;
    var item = ctx.pending[0];
    var after = item.after !== null ? item.after : (chain !== undefined ? chain : state.seq);
    post(item, after).then(function (answer) {
      flushing = false;
      netDown = false;
      if (answer.status === 200 || answer.status === 201) {
        ctx.pending.shift();
        savePending();
        if (!ctx.pending.length) { notice(""); }
        apply(answer.body.state, true);
        if (!ctx.pending.length) { show(); }
        flush(answer.body.seq);
        return;
      }
      if (answer.status === 429 || answer.status === 503) { later(); return; }
      var dropped = ctx.pending.splice(0);
      savePending();
      show();
      var box = refusal("refusal", answer, item.text);
      document.getElementById("line-input").value = item.text;
      if (dropped.length > 1) {
        box.appendChild(V.el("p", "not-sent", format(L.not_sent, {
          lines: dropped.slice(1).map(function (d) { return d.text; }).join(" · ")
        })));
      }
      if (answer.status === 409) { refreshOwn(); reload(); }
    }, function () {
      flushing = false;
      netDown = true;
      connection();
      later();
    });
  }

  // ------------------------------------------------------------------ the other changes

  function undo() {
    var last = state.events[state.events.length - 1];
    if (!last) { return; }
    if (!online()) { notice(L.needs_connection); return; }
    request("POST", urls.undo, { seq: last.seq }, true).then(function (answer) {
      if (answer.status === 201) {
        hideRefusal("refusal");
        apply(answer.body.state, true);
        notice(format(L.undone, { text: last.shown || last.text }));
      } else {
        refusal("refusal", answer, null);
        if (answer.status === 409) { reload(); }
      }
    }, function () { netDown = true; connection(); notice(L.needs_connection); });
  }

  function change(method, url, body, box, done) {
    if (!online()) { notice(L.needs_connection); return; }
    hideRefusal(box);
    request(method, url, body, true).then(function (answer) {
      if (answer.status === 201) { done(); apply(answer.body.state, true); refreshOwn(); return; }
      refusal(box, answer, null);
    }, function () { netDown = true; connection(); notice(L.needs_connection); });
  }

  function controls() {
    window.LiveControls.controls(state, ctx, { token: token, hand: hand, game: data.game, hands: hands });
  }

  function who() { window.LiveControls.who(ctx, token, badLink); }

  function identify() {
    if (!token) { return Promise.resolve(); }
    ctx.me = load("who", null);
    return request("GET", urls.me, undefined, true).then(function (answer) {
      if (answer.status === 200) {
        ctx.me = answer.body;
        save("who", ctx.me);
      } else if (answer.status === 401 || answer.status === 403) {
        ctx.me = null;
        token = null;
        save("token", null);
        save("who", null);
        badLink = true;
      }
    }, function () { netDown = true; });
  }

  function wire() {
    document.getElementById("line-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var text = document.getElementById("line-input").value.trim();
      if (text) { enter(text); }
    });
    document.getElementById("undo").addEventListener("click", undo);
    document.getElementById("forget").addEventListener("click", function () {
      save("token", null); save("who", null); save("pending", null); save("seen", null);
      location.reload();
    });
    hands = new window.LiveHand.Hands({
      ctx: ctx, game: data.game, urls: urls, change: change, apply: apply, notice: notice,
      state: function () { return state; }, hand: function () { return hand; },
      request: request, refusal: function (box, answer) { refusal(box, answer, null); }
    });
    document.getElementById("next-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var input = document.getElementById("next-players");
      var players = input.value.trim().split(/[\s,]+/).filter(Boolean);
      change("POST", urls.hands, { players: players }, "next-refusal", function () { input.value = ""; hand = null; handSeq = -1; });
    });
    // A seat's link opened in a tab that already shows this table: the page opens again
    // as that seat (a link of the seat it holds just leaves the address bar).
    window.addEventListener("hashchange", function () {
      if (takeFragment()) { location.reload(); }
    });
    window.addEventListener("offline", function () {
      if (source) { source.close(); }
      live = false;
      connection();
    });
    document.addEventListener("visibilitychange", function () {
      // A phone woken up: a stream the browser gave up on is opened again (after the
      // last change seen, so nothing is missed), and what waited is sent.
      if (document.visibilityState !== "visible" || navigator.onLine === false) { return; }
      if (!source || source.readyState === EventSource.CLOSED) { connect(); refreshOwn(); }
      flush();
    });
    window.addEventListener("online", function () {
      netDown = false;
      connect();
      refreshOwn();
      flush();
    });
  }

  function start() {
    takeFragment();
    restoreSeen();
    N.registerWorker(urls.worker);
    wire();
    show();
    identify().then(function () {
      var kept = load("pending", null);
      if (kept && ctx.me && kept.by === ctx.me.by) { ctx.pending = kept.items || []; }
      who();
      return refreshOwn();
    }).then(function () {
      show();
      connect();
    });
  }

  start();
}());
