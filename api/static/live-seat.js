// 51 Referee, a live table's page: the seat's and the scribe's own controls (docs/live.md).
// Leaving a seat on this phone asks first; the scribe gives a seat a new link (the old
// one stops working at once) and may abandon the table; an abandoned table says so.
//
// It follows the page through the "live:shown" event live.js sends each time it draws
// the table ({state, me}); the token is the one live.js keeps in this browser's
// storage, and travels only in the Authorization header.
(function () {
  "use strict";

  var V = window.LiveView, N = window.LiveNet;
  var data = JSON.parse(document.getElementById("live-data").textContent);
  var L = data.labels, format = V.format, el = V.el;
  var storage = new N.Store("referee.live." + data.id);
  var api = data.urls.state;
  var state = data.state, me = null;

  function token() { return storage.load("token", null); }

  // ------------------------------------------------------------------ leaving a seat

  // A listener of the capture phase runs before live.js's own on the button: a "no"
  // stops the click there.
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest || !target.closest("#forget")) { return; }
    var text = me && me.player ? format(L.forget_confirm, { player: me.player }) : L.forget_confirm_scribe;
    if (!window.confirm(text)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // ------------------------------------------------------------------ the scribe's panel

  function panel() {
    var node = document.getElementById("seats-panel");
    if (node) { return node; }
    node = el("section", "panel seats-panel");
    node.id = "seats-panel";
    node.setAttribute("aria-labelledby", "seats-title");
    var title = el("h2", null, L.seats_title);
    title.id = "seats-title";
    node.appendChild(title);
    node.appendChild(el("p", "hint", L.seats_hint));
    var list = el("div", "seat-buttons");
    list.id = "seat-buttons";
    node.appendChild(list);
    var out = el("div", "new-link");
    out.id = "new-link";
    out.setAttribute("aria-live", "polite");
    out.hidden = true;
    node.appendChild(out);
    var refusal = el("div", "refusal");
    refusal.id = "seats-refusal";
    refusal.setAttribute("role", "alert");
    refusal.hidden = true;
    node.appendChild(refusal);
    var abandon = el("button", "link-button abandon", L.abandon);
    abandon.type = "button";
    abandon.id = "abandon";
    abandon.addEventListener("click", abandonTable);
    node.appendChild(el("p", "abandon-row")).appendChild(abandon);
    var anchor = document.getElementById("action-panel");
    anchor.parentNode.insertBefore(node, anchor.nextSibling);
    return node;
  }

  function refuse(answer) {
    var box = document.getElementById("seats-refusal");
    var error = (answer.body && answer.body.error) || {};
    box.textContent = error.message || format(L.no_answer, { status: answer.status });
    box.hidden = false;
  }

  function seatButtons() {
    var list = V.clear(document.getElementById("seat-buttons"));
    state.players.forEach(function (player) {
      var button = el("button", "seat-button", format(L.new_link, { player: player }));
      button.type = "button";
      button.dataset.player = player;
      button.addEventListener("click", function () { newLink(player); });
      list.appendChild(button);
    });
  }

  function copy(field, status) {
    field.select();
    function done() { status.textContent = L.copied; }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, function () {
        if (document.execCommand("copy")) { done(); }
      });
    } else if (document.execCommand("copy")) {
      done();
    }
  }

  function showLink(player, url) {
    var out = V.clear(document.getElementById("new-link"));
    out.hidden = false;
    out.dataset.player = player;
    out.appendChild(el("h3", null, format(L.new_link_for, { player: player })));
    var row = el("div", "line-row");
    var field = el("input", "seat-url");
    field.id = "new-link-url";
    field.readOnly = true;
    field.value = new URL(url, location.href).href;
    field.setAttribute("aria-label", format(L.new_link_for, { player: player }));
    var button = el("button", "primary", L.copy);
    button.type = "button";
    button.id = "new-link-copy";
    var status = el("span", "copy-status");
    status.setAttribute("role", "status");
    button.addEventListener("click", function () { copy(field, status); });
    row.appendChild(field);
    row.appendChild(button);
    out.appendChild(row);
    out.appendChild(status);
    out.appendChild(el("p", "hint", format(L.new_link_keep, { player: player })));
    qr(field.value, player, out);
  }

  // The link's QR code, drawn by the server as the page of links draws them (the link goes
  // in the body, never in a URL), shown as an image: no markup from a request.
  function qr(url, player, out) {
    fetch(data.urls.page + "/qr", {
      method: "POST", headers: { "Content-Type": "application/json" }, cache: "no-store",
      credentials: "same-origin", body: JSON.stringify({ url: url })
    }).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (svg) {
      if (!svg || out.dataset.player !== player) { return; }
      var image = el("img", "qr new-link-qr");
      image.id = "new-link-qr";
      image.alt = format(L.qr_label, { player: player });
      image.src = "data:image/svg+xml;base64," + window.btoa(svg);
      out.appendChild(image);
    }, function () { /* no code: the link stands */ });
  }

  function newLink(player) {
    if (!window.confirm(format(L.new_link_confirm, { player: player }))) { return; }
    document.getElementById("seats-refusal").hidden = true;
    var url = api + "/seats/" + encodeURIComponent(player) + "/token";
    N.request("POST", url, undefined, token()).then(function (answer) {
      if (answer.status === 201) { showLink(answer.body.player, answer.body.url); return; }
      refuse(answer);
    }, function () { refuse({ status: 0, body: { error: { message: L.needs_connection } } }); });
  }

  function abandonTable() {
    if (!window.confirm(L.abandon_confirm)) { return; }
    document.getElementById("seats-refusal").hidden = true;
    N.request("POST", api + "/abandon", undefined, token()).then(function (answer) {
      if (answer.status !== 200) { refuse(answer); return; }
      shown(answer.body, me);  // the stream brings the same change to live.js
    }, function () { refuse({ status: 0, body: { error: { message: L.needs_connection } } }); });
  }

  // ------------------------------------------------------------------ an abandoned table

  function abandonedNote() {
    var note = document.getElementById("abandoned-note");
    if (!note) {
      note = el("p", "abandoned-note", L.abandoned);
      note.id = "abandoned-note";
      note.setAttribute("role", "status");
      var bar = document.getElementById("status-bar");
      bar.parentNode.insertBefore(note, bar.nextSibling);
    }
    return note;
  }

  function shown(next, who) {
    if (next && (!state || next.seq >= state.seq)) { state = next; }
    me = who || null;
    abandonedNote().hidden = !state.abandoned;
    var scribe = !!(me && !me.player && token());
    var node = document.getElementById("seats-panel");
    if (!scribe || state.over) {
      if (node) { node.hidden = true; }
      return;
    }
    panel().hidden = false;
    seatButtons();
  }

  document.addEventListener("live:shown", function (event) {
    shown(event.detail.state, event.detail.me);
  });
  shown(state, null);
}());
