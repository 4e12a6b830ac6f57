// 51 Referee, a live table's page: drawing the table from its state (docs/live.md).
// Every text from a request (names, tags, cards, event lines, rulings) is set with
// textContent, never as markup.
(function () {
  "use strict";

  var SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  var CARD = /^(JK|10|[2-9AJQKT])([cdhs])?(?:=(10|[2-9AJQK])([cdhs]))?$/;

  function format(template, params) {
    return String(template || "").replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
    });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } return node; }

  function colour(suit) { return suit === "d" || suit === "h" ? "red" : "black"; }

  function cardLabel(text, labels) {
    var match = CARD.exec(text);
    if (!match) { return text; }
    var said = match[1] === "JK" ? labels.joker : match[1] + (SUITS[match[2]] || "");
    return said + (match[3] ? " = " + match[3] + SUITS[match[4]] : "");
  }

  // A card from its notation ("9d", "10h", "JK", "JK=6h", "2s=Kh"), as a span or a button.
  function cardNode(text, labels, tag) {
    var match = CARD.exec(text);
    var node = el(tag || "span", "card");
    if (tag === "button") { node.type = "button"; }
    node.title = text;
    node.dataset.card = text;
    if (!match) { node.textContent = text; return node; }
    var rank = match[1], suit = match[2];
    if (rank === "JK") {
      node.classList.add("joker");
      node.appendChild(el("span", "rank", "JK"));
      node.appendChild(el("span", "suit", "★"));
    } else {
      node.classList.add(colour(suit));
      node.appendChild(el("span", "rank", rank));
      node.appendChild(el("span", "suit", SUITS[suit] || ""));
    }
    if (match[3]) { node.appendChild(el("span", "reads " + colour(match[4]), "=" + match[3] + SUITS[match[4]])); }
    node.setAttribute("aria-label", cardLabel(text, labels));
    return node;
  }

  // The table's cards in a player's order: by suit, then by rank (jokers last).
  var ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  function sortCards(cards) {
    function key(text) {
      var match = CARD.exec(text);
      if (!match || match[1] === "JK") { return 999; }
      return "cdhs".indexOf(match[2]) * 20 + ORDER.indexOf(match[1]);
    }
    return cards.slice().sort(function (a, b) { return key(a) - key(b); });
  }

  function eventPlayer(text) { return String(text).trim().split(/\s+/)[0]; }

  // ------------------------------------------------------------------ the parts

  function felt(state, ctx) {
    var L = ctx.labels;
    var box = clear(document.getElementById("felt"));
    var turn = el("div", "felt-turn");
    if (state.finished) {  // no "Turn: Caro wins.": the end, and who won
      turn.appendChild(el("span", "label", state.hand && !state.over ? format(L.hand_over, { hand: state.hand }) : L.over));
      turn.appendChild(el("strong", "turn-name", state.winner ? format(L.winner, { winner: state.winner }) : L.no_winner));
    } else {
      turn.appendChild(el("span", "label", L.turn));
      turn.appendChild(el("strong", "turn-name", state.turn || "—"));
    }
    box.appendChild(turn);
    var pile = el("div", "pile");
    var top = state.pile_top ? cardNode(state.pile_top, L) : el("span", "card none", "—");
    if (!state.pile_top) { top.setAttribute("aria-label", state.pile ? L.unseen : L.empty); }
    top.classList.add("pile-top");
    pile.appendChild(top);
    var words = el("div");
    words.appendChild(el("span", "label", L.pile));
    words.appendChild(el("span", "pile-size", format(L.pile_size, { count: state.pile })));
    pile.appendChild(words);
    box.appendChild(pile);
    var stock = el("div", "felt-stock");
    stock.appendChild(el("span", "label", L.stock));
    stock.appendChild(el("strong", "stock-size", state.stock));
    box.appendChild(stock);
    if (ctx.game.face_up_card) {
      var up = el("div", "felt-up");
      up.appendChild(el("span", "label", L.up));
      up.appendChild(state.up ? cardNode(state.up, L) : el("span", "up-none", L.unseen));
      box.appendChild(up);
    }
  }

  function players(state, ctx) {
    var L = ctx.labels;
    var list = clear(document.getElementById("players"));
    state.players.forEach(function (name) {
      var item = el("li", "live-seat");
      item.dataset.player = name;
      item.appendChild(el("span", "name", name));
      var count = state.hands[name];
      if (count !== undefined) { item.appendChild(el("span", "count", count === 1 ? L.cards_one : format(L.cards, { count: count }))); }
      function badge(cls, text) { item.appendChild(el("span", "badge " + cls, text)); }
      if (ctx.me && ctx.me.player === name) { item.classList.add("me"); badge("you", L.badge_you); }
      if (state.turn === name && !state.finished) { item.classList.add("turn"); badge("turn", L.badge_turn); }
      if (state.eliminated.indexOf(name) >= 0) { item.classList.add("out"); badge("out", L.badge_out); }
      if (state.winner === name) { badge("clean", L.badge_winner); }
      if (state.hands_given.indexOf(name) >= 0) { badge("given", L.badge_given); }
      list.appendChild(item);
    });
  }

  function melds(state, ctx) {
    var L = ctx.labels;
    var box = clear(document.getElementById("melds"));
    if (!state.melds.length) { box.appendChild(el("p", "hint", L.no_melds)); return; }
    state.melds.forEach(function (meld) {
      var item = el("div", "meld");
      item.dataset.meld = String(meld.number);
      var title = el("div", "meld-title");
      title.appendChild(el("span", "num", "#" + meld.number));
      var words = " · " + format(L.meld_owner, { owner: meld.owner });
      if (meld.kind) { words += " · " + (L["meld_kind." + meld.kind] || meld.kind); }
      title.appendChild(document.createTextNode(words));
      item.appendChild(title);
      var cards = el("div", "cards");
      meld.cards.forEach(function (card) { cards.appendChild(cardNode(card, L)); });
      item.appendChild(cards);
      box.appendChild(item);
    });
  }

  function events(state, ctx) {
    var L = ctx.labels;
    var list = clear(document.getElementById("events"));
    ctx.pending.slice().reverse().forEach(function (item) {
      var li = el("li", "event pending");
      li.dataset.key = item.key;
      li.appendChild(el("code", null, item.text));
      li.appendChild(el("span", "badge pending", L.pending));
      list.appendChild(li);
    });
    state.events.slice().reverse().forEach(function (event) {
      var li = el("li", "event");
      li.dataset.seq = String(event.seq);
      // The line in the viewer's language (written again from the parsed event).
      var line = el("code", null, event.shown || event.text);
      line.title = event.text;
      li.appendChild(line);
      var meta = format(L.line, { line: event.line });
      if (event.by === "scribe") { meta += " · " + L.by_scribe; }
      li.appendChild(el("span", "meta", meta));
      list.appendChild(li);
    });
    if (!list.firstChild) { list.appendChild(el("li", "hint", L.no_events)); }
  }

  function rulingNode(ruling, L) {
    var box = el("div", "ruling outcome-" + ruling.outcome);
    var head = el("div", "ruling-head");
    head.appendChild(el("strong", null, format(L.call_title, { caller: ruling.caller, accused: ruling.accused })));
    head.appendChild(el("span", "badge outcome", L["outcome." + ruling.outcome] || ruling.outcome));
    box.appendChild(head);
    box.appendChild(el("p", "message", ruling.message));
    return box;
  }

  function calls(state, ctx) {
    var panel = document.getElementById("calls-panel");
    var list = clear(document.getElementById("calls"));
    panel.hidden = !state.calls.length;
    state.calls.forEach(function (ruling) {
      var li = el("li");
      li.dataset.seq = String(ruling.seq);
      li.appendChild(rulingNode(ruling, ctx.labels));
      list.appendChild(li);
    });
    // The banner: the last call while it is the table's last event.
    var banner = clear(document.getElementById("ruling-banner"));
    var last = state.calls[state.calls.length - 1];
    var lastEvent = state.events[state.events.length - 1];
    banner.hidden = !(last && lastEvent && last.seq === lastEvent.seq);
    if (!banner.hidden) { banner.appendChild(rulingNode(last, ctx.labels)); }
  }

  // A finding in words: its rule's title and the event it is about, then the ruling
  // (the rule id and the line stay in the verdict and the JSON, and in data-rule).
  function findings(state, ctx) {
    var panel = document.getElementById("findings-panel");
    var list = clear(document.getElementById("findings"));
    panel.hidden = !state.findings.length;
    state.findings.forEach(function (f) {
      var li = el("li", "finding kind-" + f.kind);
      li.dataset.rule = f.rule;
      li.dataset.line = String(f.line);
      var head = el("div", "finding-head");
      head.appendChild(el("span", "badge kind", ctx.labels["kind." + f.kind] || f.kind));
      head.appendChild(el("strong", "title", f.title || f.rule));
      li.appendChild(head);
      if (f.event) { li.appendChild(el("code", "event", f.event)); }
      li.appendChild(el("p", "message", f.message));
      list.appendChild(li);
    });
  }

  function table(rows, heads) {
    var box = el("div", "table-wrap");
    var t = el("table");
    var head = el("tr");
    heads.forEach(function (text) { var th = el("th", null, text); th.scope = "col"; head.appendChild(th); });
    var thead = el("thead"); thead.appendChild(head); t.appendChild(thead);
    var body = el("tbody");
    rows.forEach(function (row) {
      var tr = el("tr");
      var th = el("th", null, row[0]); th.scope = "row"; tr.appendChild(th);
      row.slice(1).forEach(function (cell) { tr.appendChild(el("td", null, cell)); });
      body.appendChild(tr);
    });
    t.appendChild(body);
    box.appendChild(t);
    return box;
  }

  function match(state, ctx) {
    var L = ctx.labels;
    var panel = document.getElementById("match-panel");
    var box = clear(document.getElementById("match"));
    var standings = state.standings;
    panel.hidden = !(state.scores && state.scores.length) && !standings && !(state.en_ley && state.en_ley.length);
    if (state.scores && state.scores.length) {
      box.appendChild(el("h3", null, L.scores));
      box.appendChild(table(state.scores.map(function (s) { return [s.player, s.total]; }), [L.col_player, L.col_total]));
    }
    if (standings) {
      box.appendChild(el("h3", null, L.standings));
      var rows = Object.keys(standings).sort(function (a, b) { return standings[b] - standings[a]; })
        .map(function (name) { return [name, standings[name]]; });
      box.appendChild(table(rows, [L.col_player, L.col_points]));
    }
    if (state.en_ley && state.en_ley.length) { box.appendChild(el("p", "hint", format(L.en_ley, { players: state.en_ley.join(", ") }))); }
  }

  function end(state, ctx) {
    var L = ctx.labels;
    var panel = document.getElementById("end-panel");
    var box = clear(document.getElementById("end"));
    panel.hidden = !state.finished;
    if (!state.finished) { return; }
    var hand = state.hand && !state.over ? format(L.hand_over, { hand: state.hand }) : L.over;
    box.appendChild(el("h2", null, hand));
    box.appendChild(el("p", "winner", state.winner ? format(L.winner, { winner: state.winner }) : L.no_winner));
    var links = el("p", "end-links");
    if (state.verdict_id) {
      var verdict = el("a", "button-link primary", L.verdict);
      verdict.id = "verdict-link";
      verdict.href = ctx.urls.verdict + encodeURIComponent(state.verdict_id) + "?lang=" + ctx.lang;
      links.appendChild(verdict);
    }
    var log = el("a", "button-link", L.log);
    log.id = "log-link";
    log.href = ctx.urls.log;
    log.setAttribute("download", "table-" + ctx.id + ".rummy");
    links.appendChild(log);
    box.appendChild(links);
    if (state.match && state.over) { box.appendChild(el("p", "hint", L.match_over)); }
  }

  function head(state, ctx) {
    var line = document.getElementById("live-game");
    var text = ctx.game.title;
    if (state.hand) { text = format(ctx.labels.game_hand, { game: ctx.game.title, hand: state.hand }); }
    line.textContent = text;
  }

  function render(state, ctx) {
    head(state, ctx);
    felt(state, ctx);
    end(state, ctx);
    calls(state, ctx);
    players(state, ctx);
    melds(state, ctx);
    events(state, ctx);
    findings(state, ctx);
    match(state, ctx);
  }

  window.LiveView = {
    render: render, el: el, clear: clear, format: format, cardNode: cardNode,
    sortCards: sortCards, eventPlayer: eventPlayer, CARD: CARD
  };
}());
