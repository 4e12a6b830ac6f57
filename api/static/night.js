// The board of a club night (/n/{id}): the standings and the round's tables, live from
// the night's stream; a player's view (#player=TOKEN) and the organizer's
// (#organizer=TOKEN). Tokens are kept in the browser's storage, never in a URL the page
// requests. Every text is set with textContent.
(function () {
  "use strict";
  var boot = JSON.parse(document.getElementById("night-data").textContent);
  var W = boot.words;
  var night = boot.night;
  var version = boot.version;
  var id = night.id;
  var tv = boot.tv;
  var me = null;
  var keys = {player: "night:" + id + ":player", organizer: "night:" + id + ":organizer"};

  function t(key, params) {
    var text = W[key] || key;
    Object.keys(params || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(String(params[name]));
    });
    return text;
  }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function $(name) { return document.getElementById(name); }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function stored(role) { try { return window.localStorage.getItem(keys[role]); } catch (e) { return null; } }
  function keep(role, value) {
    try {
      if (value === null) { window.localStorage.removeItem(keys[role]); }
      else { window.localStorage.setItem(keys[role], value); }
    } catch (e) { /* private mode: the token lives as long as the page */ }
  }

  function fromHash() {
    var found = /^#(player|organizer)=(.+)$/.exec(window.location.hash);
    if (!found) { return false; }
    keep(found[1], decodeURIComponent(found[2]));
    if (found[1] === "player") { keep("organizer", null); } else { keep("player", null); }
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    return true;
  }

  function token() {
    if (!me) { return null; }
    return me.role === "organizer" ? stored("organizer") : stored("player");
  }

  function api(method, path, body, contentType) {
    var headers = {};
    var tok = token();
    if (tok) { headers.Authorization = "Bearer " + tok; }
    var init = {method: method, headers: headers};
    if (body !== undefined) {
      headers["Content-Type"] = contentType || "application/json";
      init.body = contentType ? body : JSON.stringify(body);
    }
    return fetch(path, init).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return {status: response.status, data: data};
      });
    });
  }

  function whoAmI() {
    var tok = stored("organizer") || stored("player");
    if (!tok || tv) { me = null; render(); return; }
    fetch("/v1/nights/" + id + "/me", {headers: {Authorization: "Bearer " + tok}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (found) {
        me = found;
        if (!found) { keep("player", null); keep("organizer", null); }
        render();
        if (me && me.role === "organizer") { loadTrail(); }
      }).catch(function () { render(); });
  }

  // -- drawing -----------------------------------------------------------------------

  function current() { return night.rounds.length ? night.rounds[night.rounds.length - 1] : null; }

  function drawHead() {
    var round = current();
    $("night-round").textContent = round ? t("night.board.round", {round: round.round,
      rounds: night.rounds_planned || night.rounds.length}) : t("night.board.no_round");
  }

  function drawStandings() {
    var table = $("standings");
    clear(table);
    var head = el("thead");
    var row = el("tr");
    ["rank", "player", "points", "played", "won", "renuncias", "byes"].forEach(function (k) {
      var th = el("th", (k === "player" ? "" : "n ") + "c-" + k, t("night.col." + k));
      th.scope = "col";
      row.appendChild(th);
    });
    head.appendChild(row);
    table.appendChild(head);
    var body = el("tbody");
    night.standings.forEach(function (s) {
      var tr = el("tr", me && me.player === s.player ? "mine" : "");
      tr.appendChild(el("td", "n", s.rank));
      var name = el("th", "", s.player);
      name.scope = "row";
      if (night.withdrawn.indexOf(s.player) >= 0) { name.appendChild(el("span", "muted", " · " + t("night.board.withdrawn"))); }
      tr.appendChild(name);
      ["points", "played", "won", "renuncias", "byes"].forEach(function (k) { tr.appendChild(el("td", "n c-" + k, s[k])); });
      body.appendChild(tr);
    });
    table.appendChild(body);
  }

  function flagText(flag) {
    var text = t("night.game", {game: flag.game}) + ": " + t("night.flag." + flag.kind);
    if (flag.player) { text += " · " + flag.player; }
    return text;
  }

  function drawTable(table, round) {
    var item = el("li", "night-table state-" + table.state);
    item.dataset.table = table.table;
    var head = el("div", "nt-head");
    head.appendChild(el("h3", "", t("night.table", {table: table.table})));
    head.appendChild(el("span", "nt-state", t("night.state." + table.state)));
    item.appendChild(head);
    var live = table.live;
    var list = el("ul", "nt-players");
    table.players.forEach(function (player) {
      var li = el("li", me && me.player === player ? "mine" : "");
      li.appendChild(el("span", "nt-name", player));
      if (player === table.starter) { li.appendChild(el("span", "nt-badge", t("night.starter", {player: ""}).trim())); }
      if (table.state === "playing" && live && live.hands && live.hands[player] !== undefined) {
        li.appendChild(el("span", "nt-cards", t("night.board.cards", {count: live.hands[player]})));
      }
      var points = table.points[player];
      if (table.games.length) { li.appendChild(el("span", "nt-points", points > 0 ? "+" + points : String(points))); }
      list.appendChild(li);
    });
    item.appendChild(list);
    if (table.state === "playing" && live && live.turn) {
      item.appendChild(el("p", "nt-turn", t("night.board.turn", {player: live.turn})));
    }
    table.games.forEach(function (game) {
      var line = el("p", "nt-game", t("night.game", {game: game.game}) + ": " +
        (game.winner ? t("night.winner", {player: game.winner}) : t("night.no_winner")));
      if (game.verdict_id && !tv) {
        line.appendChild(document.createTextNode(" · "));
        var a = el("a", "", t("night.verdict"));
        a.href = "/v/" + game.verdict_id;
        line.appendChild(a);
      }
      item.appendChild(line);
    });
    if (table.flags.length) {
      var flags = el("p", "nt-flags");
      table.flags.forEach(function (f) { flags.appendChild(el("span", "flag flag-" + f.kind, flagText(f))); });
      item.appendChild(flags);
    }
    if (!tv && (table.live || table.table_id)) {
      var watch = el("a", "nt-watch", t("night.board.watch"));
      watch.href = "/t/" + ((live && live.table_id) || table.table_id);
      item.appendChild(watch);
    }
    if (me && me.role === "organizer" && !round.closed) { item.appendChild(tableActions(table, round)); }
    return item;
  }

  function drawTables() {
    var list = $("night-tables");
    clear(list);
    var round = current();
    $("byes").textContent = round && round.byes.length ? t("night.byes", {players: round.byes.join(", ")}) : "";
    if (!round) { return; }
    round.tables.forEach(function (table) { list.appendChild(drawTable(table, round)); });
  }

  function drawMe() {
    var panel = $("me-panel");
    if (!panel) { return; }
    if (!me || me.role !== "player") { panel.hidden = true; return; }
    panel.hidden = false;
    $("me-title").textContent = t("night.board.hello", {player: me.player});
    var round = current();
    var open = $("me-open");
    open.hidden = true;
    var seat = t("night.board.you_wait");
    if (round && !round.closed) {
      if (round.byes.indexOf(me.player) >= 0) { seat = t("night.board.you_bye", {round: round.round}); }
      round.tables.forEach(function (table) {
        if (table.players.indexOf(me.player) < 0) { return; }
        seat = table.starter === me.player ?
          t("night.board.you_start", {round: round.round, table: table.table}) :
          t("night.board.you_sit", {round: round.round, table: table.table, starter: table.starter});
        var live = (table.live && table.live.table_id) || table.table_id;
        if (live && table.state === "playing") {
          open.hidden = false;
          open.href = "/t/" + live + "#seat=" + encodeURIComponent(stored("player") || "");
        }
      });
    }
    $("me-seat").textContent = seat;
    var results = $("me-results");
    clear(results);
    night.rounds.forEach(function (r) {
      r.tables.forEach(function (table) {
        if (table.players.indexOf(me.player) < 0) { return; }
        results.appendChild(el("li", "", t("night.round", {round: r.round}) + " · " +
          t("night.table", {table: table.table}) + ": " + table.points[me.player] + " (" +
          t("night.state." + table.state) + ")"));
      });
      if (r.byes.indexOf(me.player) >= 0) { results.appendChild(el("li", "", t("night.round", {round: r.round}) + " · " + t("night.byes", {players: me.player}))); }
    });
  }

  // -- the organizer -----------------------------------------------------------------

  function refused(answer) {
    var box = $("org-refusal");
    if (answer.status < 300) { box.hidden = true; return false; }
    box.hidden = false;
    box.textContent = (answer.data.error && answer.data.error.message) || String(answer.status);
    return true;
  }

  function after(answer) { if (!refused(answer)) { loadTrail(); } return answer; }

  function tableActions(table, round) {
    var row = el("div", "nt-actions");
    var base = "/v1/nights/" + id + "/rounds/" + round.round + "/tables/" + table.table;
    if (table.state !== "voided") {
      var voidButton = el("button", "", t("night.board.void"));
      voidButton.type = "button";
      voidButton.addEventListener("click", function () {
        var reason = window.prompt(t("night.board.void_reason", {table: table.table}));
        if (reason) { api("POST", base + "/void", {reason: reason}).then(after); }
      });
      row.appendChild(voidButton);
    }
    if (table.state === "playing") {
      var next = el("button", "", t("night.board.next_hand"));
      next.type = "button";
      next.addEventListener("click", function () { api("POST", base + "/next-hand").then(after); });
      row.appendChild(next);
    }
    var flags = table.flags || [];
    var entered = flags.filter(function (flag) { return flag.kind === "entered"; })
      .map(function (flag) { return flag.game; });
    flags.forEach(function (flag) {
      if (flag.kind === "no-scores" && entered.indexOf(flag.game) < 0) {
        row.appendChild(scoresForm(table, base, flag.game));
      }
    });
    return row;
  }

  // A hand that ended without its scores (hidden cards): the organizer enters them.
  function scoresForm(table, base, hand) {
    var form = el("form", "nt-scores");
    form.appendChild(el("p", "", t("night.board.enter_scores", {table: table.table, hand: hand})));
    var inputs = {};
    table.players.forEach(function (player) {
      var label = el("label", "", player + " ");
      var input = el("input");
      input.type = "number";
      input.required = true;
      input.inputMode = "numeric";
      input.name = player;
      inputs[player] = input;
      label.appendChild(input);
      form.appendChild(label);
    });
    var send = el("button", "", t("night.board.send"));
    send.type = "submit";
    form.appendChild(send);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var scores = {};
      Object.keys(inputs).forEach(function (player) { scores[player] = Number(inputs[player].value); });
      api("PUT", base + "/scores", {hand: hand, scores: scores}).then(after);
    });
    return form;
  }

  function drawOrganizer() {
    var panel = $("organizer-panel");
    if (!panel) { return; }
    if (!me || me.role !== "organizer") { panel.hidden = true; return; }
    panel.hidden = false;
    var round = current();
    var close = $("close-round");
    close.hidden = !round || round.closed;
    if (round) { close.textContent = t("night.board.close", {round: round.round}); }
    var select = $("log-table");
    var chosen = select.value;
    clear(select);
    (round ? round.tables : []).forEach(function (table) {
      var option = el("option", "", t("night.table", {table: table.table}));
      option.value = round.round + "/" + table.table;
      select.appendChild(option);
    });
    if (chosen) { select.value = chosen; }
    var players = $("org-players");
    clear(players);
    night.players.forEach(function (player) {
      var li = el("li", "", player);
      if (night.withdrawn.indexOf(player) >= 0) {
        li.appendChild(el("span", "muted", " · " + t("night.board.withdrawn")));
      } else {
        var out = el("button", "link-button", t("night.board.withdraw"));
        out.type = "button";
        out.addEventListener("click", function () {
          api("POST", "/v1/nights/" + id + "/players/" + encodeURIComponent(player) + "/withdraw", {}).then(after);
        });
        li.appendChild(document.createTextNode(" "));
        li.appendChild(out);
      }
      players.appendChild(li);
    });
  }

  function loadTrail() {
    if (!me || me.role !== "organizer") { return; }
    fetch("/v1/nights/" + id + "/trail").then(function (r) { return r.json(); }).then(function (items) {
      var list = $("org-trail");
      clear(list);
      items.forEach(function (item) {
        list.appendChild(el("li", "", t("night.action." + item.action) + (item.text ? " · " + item.text : "") +
          (item.reason ? " · " + item.reason : "")));
      });
    }).catch(function () { /* shown again after the next change */ });
  }

  function wireOrganizer() {
    if (!$("organizer-panel")) { return; }
    $("seat-next").addEventListener("click", function () { api("POST", "/v1/nights/" + id + "/rounds").then(after); });
    $("close-round").addEventListener("click", function () {
      var round = current();
      if (round) { api("POST", "/v1/nights/" + id + "/rounds/" + round.round + "/close").then(after); }
    });
    $("log-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var where = $("log-table").value.split("/");
      if (where.length !== 2) { return; }
      api("PUT", "/v1/nights/" + id + "/rounds/" + where[0] + "/tables/" + where[1] + "/log",
        $("log-text").value, "text/plain; charset=utf-8").then(function (answer) {
        if (!refused(answer)) { $("log-text").value = ""; loadTrail(); }
      });
    });
    $("late-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var name = $("late-name").value.trim();
      if (!name) { return; }
      api("POST", "/v1/nights/" + id + "/players", {name: name}).then(function (answer) {
        if (refused(answer)) { return; }
        var shown = $("late-pass");
        shown.hidden = false;
        shown.textContent = t("night.board.late_pass", {player: answer.data.name,
          url: window.location.origin + answer.data.url});
        $("late-name").value = "";
        loadTrail();
      });
    });
    $("passes-form").addEventListener("submit", function () { $("passes-token").value = stored("organizer") || ""; });
  }

  function render() {
    drawHead();
    drawStandings();
    drawTables();
    if (!tv) { drawMe(); drawOrganizer(); }
  }

  // -- live --------------------------------------------------------------------------

  function connection(state) {
    var conn = $("conn");
    conn.dataset.state = state;
    $("conn-text").textContent = state === "live" ? t("night.board.live") : t("night.board.offline");
  }

  function listen() {
    var source = new EventSource("/v1/nights/" + id + "/stream?after=" + version);
    source.addEventListener("open", function () { connection("live"); });
    source.addEventListener("error", function () { connection("offline"); });
    source.addEventListener("night", function (event) {
      night = JSON.parse(event.data);
      version = Number(event.lastEventId) || version;
      connection("live");
      render();
      if (me && me.role === "organizer") { loadTrail(); }
    });
  }

  function rotate() {
    var views = $("night-views");
    var showing = "standings";
    views.dataset.show = showing;
    window.setInterval(function () {
      showing = showing === "standings" ? "tables" : "standings";
      views.dataset.show = showing;
    }, 12000);
  }

  fromHash();
  window.addEventListener("hashchange", function () { if (fromHash()) { whoAmI(); } });
  var forget = $("forget");
  if (forget) {
    forget.addEventListener("click", function () { keep("player", null); keep("organizer", null); me = null; render(); });
  }
  wireOrganizer();
  render();
  whoAmI();
  connection("connecting");
  listen();
  if (tv) { rotate(); }
}());
