// 51 Referee: the page's step-through, the file drop and the copy button.
// Text that came from a log is only ever set with textContent, never as markup.
(function () {
  "use strict";

  var dataNode = document.getElementById("page-data");
  var data = dataNode ? JSON.parse(dataNode.textContent) : {};
  var labels = data.labels || {};
  var SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  var CARD = /^(JK|10|[2-9AJQK])([cdhs])?(?:=(10|[2-9AJQK])([cdhs]))?$/;
  // A Spanish deck's cards (RULES.md §13): rank 1-12, suit o c e b; each suit a mark in
  // its traditional colour (oros gold, copas red, espadas blue, bastos green).
  var SPANISH_CARD = /^(JK|1[0-2]|[1-9])([oceb])?(?:=(1[0-2]|[1-9])([oceb]))?$/;
  var SPANISH_MARKS = { o: "●", c: "∪", e: "†", b: "ǀ" };
  var SPANISH_CLASS = { o: "oros", c: "copas", e: "espadas", b: "bastos" };
  var spanish = data.spanish || { suits: {}, ranks: {}, of: "{rank} {suit}" };
  var currentDeck = "french";

  function spanishName(rank, suit) {
    return format(spanish.of, { rank: spanish.ranks[rank] || rank, suit: spanish.suits[suit] || suit });
  }

  // A Spanish card from its notation: "7o", "12b", "JK", "JK=1e".
  function spanishCardNode(text) {
    var match = SPANISH_CARD.exec(text);
    var node = el("span", "card spanish");
    node.title = text;
    if (!match) { node.textContent = text; return node; }
    var rank = match[1], suit = match[2];
    if (rank === "JK") {
      node.classList.add("joker");
      node.appendChild(el("span", "rank", "JK"));
      node.appendChild(el("span", "suit", "★"));
      node.setAttribute("aria-label", labels.joker + (match[3] ? " = " + spanishName(match[3], match[4]) : ""));
    } else {
      node.classList.add(SPANISH_CLASS[suit]);
      node.appendChild(el("span", "rank", rank));
      node.appendChild(el("span", "suit", SPANISH_MARKS[suit] || ""));
      node.setAttribute("aria-label", spanishName(rank, suit) + (match[3] ? " = " + spanishName(match[3], match[4]) : ""));
    }
    if (match[3]) {
      node.appendChild(el("span", "reads " + SPANISH_CLASS[match[4]], "=" + match[3] + SPANISH_MARKS[match[4]]));
    }
    return node;
  }

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

  function colour(suit) { return suit === "d" || suit === "h" ? "red" : "black"; }

  // A card from its notation: "9d", "10h", "JK", "JK=6h", "2s=Kh".
  function cardNode(text) {
    if (currentDeck !== "french") { return spanishCardNode(text); }
    var match = CARD.exec(text);
    var node = el("span", "card");
    node.title = text;
    if (!match) { node.textContent = text; return node; }
    var rank = match[1], suit = match[2];
    if (rank === "JK") {
      node.classList.add("joker");
      node.appendChild(el("span", "rank", "JK"));
      node.appendChild(el("span", "suit", "★"));
      node.setAttribute("aria-label", labels.joker + (match[3] ? " = " + match[3] + SUITS[match[4]] : ""));
    } else {
      node.classList.add(colour(suit));
      node.appendChild(el("span", "rank", rank));
      node.appendChild(el("span", "suit", SUITS[suit] || ""));
      node.setAttribute("aria-label", rank + (SUITS[suit] || "") + (match[3] ? " = " + match[3] + SUITS[match[4]] : ""));
    }
    if (match[3]) {
      node.appendChild(el("span", "reads " + colour(match[4]), "=" + match[3] + SUITS[match[4]]));
    }
    return node;
  }

  function cardRow(cards, className) {
    var row = el("div", "cards" + (className ? " " + className : ""));
    cards.forEach(function (text) { row.appendChild(cardNode(text)); });
    return row;
  }

  // ------------------------------------------------------------------ the step-through

  var replay = document.getElementById("replay");
  var state = { game: null, steps: [], index: 0, cache: {} };

  function gameOfLine(line) {
    var games = data.games || [];
    for (var i = 0; i < games.length; i++) {
      if (line >= games[i].line && line <= games[i].last) { return games[i]; }
    }
    return games.length && line < games[0].line ? games[0] : null;
  }

  function gameByIndex(index) {
    return (data.games || []).filter(function (g) { return g.index === index; })[0] || null;
  }

  function fetchTimeline(game) {
    if (state.cache[game.index]) { return Promise.resolve(state.cache[game.index]); }
    var source = data.timeline;
    var query = new URLSearchParams(source.query);
    query.set("game", String(game.index));
    var options = { method: source.method, headers: { Accept: "application/json" } };
    if (source.method === "POST") {
      options.headers["Content-Type"] = "text/plain; charset=utf-8";
      options.body = document.getElementById("log").defaultValue;
    }
    return fetch(source.url + "?" + query.toString(), options).then(function (response) {
      if (!response.ok) { throw new Error(String(response.status)); }
      return response.json();
    }).then(function (timeline) {
      state.cache[game.index] = timeline;
      return timeline;
    });
  }

  function stepForLine(line) {
    var found = 0;
    state.steps.forEach(function (step, i) { if (step.line <= line) { found = i; } });
    return found;
  }

  function seatNode(name, hand, view) {
    var seat = el("div", "seat");
    seat.dataset.player = name;
    var head = el("div", "seat-head");
    head.appendChild(el("span", "name", name));
    head.appendChild(el("span", "count", format(labels.cards_count, { count: hand.size })));
    if (view.turn === name) { seat.classList.add("turn"); head.appendChild(el("span", "badge turn", labels.to_play)); }
    if (view.out.indexOf(name) >= 0) { seat.classList.add("out"); head.appendChild(el("span", "badge out", labels.out)); }
    if (view.bajadas && Object.prototype.hasOwnProperty.call(view.bajadas, name)) {
      head.appendChild(el("span", "badge down", format(labels.down, { points: view.bajadas[name] })));
    }
    if (view.winner === name) { head.appendChild(el("span", "badge clean", labels.winner)); }
    seat.appendChild(head);
    var cards = cardRow(hand.known, "hand-cards");
    if (hand.hidden > 0) {
      var back = el("span", "card back");
      back.setAttribute("aria-hidden", "true");
      cards.appendChild(back);
      cards.appendChild(el("span", "hidden-note", format(labels.hidden_cards, { count: hand.hidden })));
    }
    seat.appendChild(cards);
    return seat;
  }

  function feltNode(view) {
    var felt = el("div", "felt");
    var turn = el("div");
    turn.appendChild(el("span", "label", labels.turn));
    turn.appendChild(el("strong", "turn-name", view.finished ? labels.game_over : (view.turn || "—")));
    felt.appendChild(turn);
    var pile = el("div", "pile");
    var pileText = el("div");
    pileText.appendChild(el("span", "label", labels.pile));
    pileText.appendChild(el("span", "pile-size", format(labels.pile_size, { count: view.discard_size })));
    pile.appendChild(view.discard_top ? cardNode(view.discard_top) : el("span", "card none", labels.empty));
    pile.lastChild.classList.add("pile-top");
    pile.appendChild(pileText);
    felt.appendChild(pile);
    var stock = el("div");
    stock.appendChild(el("span", "label", labels.stock));
    stock.appendChild(el("strong", "stock-size", view.stock_size));
    felt.appendChild(stock);
    return felt;
  }

  function alertNode(className, title, items) {
    var box = el("div", "alert " + className);
    box.appendChild(el("h3", null, title));
    var list = el("ul");
    items.forEach(function (text) { list.appendChild(el("li", null, text)); });
    box.appendChild(list);
    return box;
  }

  function meldsNode(view) {
    var wrap = el("div", "melds-wrap");
    wrap.appendChild(el("h3", null, labels.melds));
    if (!view.melds.length) { wrap.appendChild(el("p", "hint", labels.no_melds)); return wrap; }
    var melds = el("div", "melds");
    view.melds.forEach(function (meld) {
      var box = el("div", "meld");
      box.dataset.meld = String(meld.number);
      var title = el("div", "meld-title");
      title.appendChild(el("span", "num", "#" + meld.number));
      title.appendChild(document.createTextNode(" · " + meld.owner + " · " + (labels["meld_" + meld.kind] || meld.kind)));
      box.appendChild(title);
      box.appendChild(cardRow(meld.cards));
      melds.appendChild(box);
    });
    wrap.appendChild(melds);
    return wrap;
  }

  function findingsOn(line) {
    var game = state.game;
    return game ? game.findings.filter(function (f) { return f.line === line; }) : [];
  }

  function renderTable(view) {
    var target = document.getElementById("table-view");
    target.textContent = "";
    target.appendChild(feltNode(view));
    var here = findingsOn(view.line);
    if (here.length) {
      target.appendChild(alertNode("here", labels.on_line, here.map(function (f) {
        return (labels["kind_" + f.kind] || f.kind) + " · " + f.rule + ": " + f.message;
      })));
    }
    if (view.open_renuncias.length) {
      target.appendChild(alertNode("open", labels.open_renuncias, view.open_renuncias.map(function (f) {
        return f.message;
      })));
    }
    var seats = el("div", "seats");
    Object.keys(view.hands).forEach(function (name) { seats.appendChild(seatNode(name, view.hands[name], view)); });
    target.appendChild(seats);
    target.appendChild(meldsNode(view));
  }

  function markLog(line) {
    var previous = document.querySelector(".log li.current");
    if (previous) { previous.classList.remove("current"); previous.removeAttribute("aria-current"); }
    var item = document.getElementById("L" + line);
    if (item) {
      item.classList.add("current");
      item.setAttribute("aria-current", "step");
      var box = item.parentElement;
      var top = item.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - item.offsetHeight) {
        box.scrollTop = Math.max(0, top - box.clientHeight / 3);
      }
    }
    document.querySelectorAll(".finding").forEach(function (node) {
      node.classList.toggle("here", Number(node.dataset.line) === line);
    });
    var event = document.getElementById("step-event");
    event.textContent = "";
    if (item) {
      var code = el("code", null, item.querySelector("code").textContent);
      code.title = format(labels.event_line, { line: line });
      event.appendChild(code);
    }
  }

  function show(index) {
    if (!state.steps.length) { return; }
    index = Math.max(0, Math.min(state.steps.length - 1, index));
    state.index = index;
    var view = state.steps[index];
    var slider = document.getElementById("step-slider");
    slider.value = String(index);
    slider.setAttribute("aria-valuetext", "" + view.line);
    var params = { line: view.line, step: index + 1, steps: state.steps.length };
    document.getElementById("step-position").textContent =
      format(index === 0 ? labels.position_start : labels.position, params);
    renderTable(view);
    markLog(view.line);
    if (history.replaceState) { history.replaceState(null, "", "#L" + view.line); }
    document.querySelectorAll(".langs a").forEach(function (a) {
      a.hash = "L" + view.line;
    });
  }

  function loadGame(game, line) {
    var position = document.getElementById("step-position");
    var controls = replay.querySelector(".controls");
    state.game = game;
    currentDeck = game.deck || "french";
    var select = document.getElementById("game-select");
    if (select) { select.value = String(game.index); }
    document.querySelectorAll(".log li").forEach(function (li) {
      var n = Number(li.dataset.line);
      li.classList.toggle("outside", n < game.line || n > game.last);
    });
    position.textContent = labels.loading;
    return fetchTimeline(game).then(function (timeline) {
      if (state.game !== game) { return; }
      if (!timeline.replayable) {
        state.steps = [];
        controls.hidden = true;
        position.textContent = timeline.reason;
        document.getElementById("table-view").textContent = "";
        document.getElementById("step-event").textContent = "";
        return;
      }
      state.steps = timeline.steps;
      var slider = document.getElementById("step-slider");
      slider.max = String(state.steps.length - 1);
      controls.hidden = false;
      show(line === undefined ? 0 : stepForLine(line));
    }).catch(function (error) {
      controls.hidden = true;
      position.textContent = format(labels.load_failed, { status: error.message });
    });
  }

  function goToLine(line) {
    var game = gameOfLine(line);
    if (!game) { return; }
    if (state.game === game && state.steps.length) { show(stepForLine(line)); return; }
    loadGame(game, line);
  }

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable ||
      (tag === "INPUT" && target.type !== "range" && target.type !== "button");
  }

  function setUpReplay() {
    if (!replay || !data.games || !data.games.length) { return; }
    document.getElementById("step-first").addEventListener("click", function () { show(0); });
    document.getElementById("step-prev").addEventListener("click", function () { show(state.index - 1); });
    document.getElementById("step-next").addEventListener("click", function () { show(state.index + 1); });
    document.getElementById("step-last").addEventListener("click", function () { show(state.steps.length - 1); });
    document.getElementById("step-slider").addEventListener("input", function (event) {
      show(Number(event.target.value));
    });
    var select = document.getElementById("game-select");
    if (select) {
      select.addEventListener("change", function () { loadGame(gameByIndex(Number(select.value))); });
    }
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target) || !state.steps.length) { return; }
      if (event.target && event.target.type === "range") { return; }  // the slider moves itself
      var moves = { ArrowLeft: state.index - 1, ArrowRight: state.index + 1, Home: 0, End: state.steps.length - 1 };
      if (!Object.prototype.hasOwnProperty.call(moves, event.key)) { return; }
      event.preventDefault();
      show(moves[event.key]);
    });
    document.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("a[data-line]") : null;
      if (!link) { return; }
      event.preventDefault();
      goToLine(Number(link.dataset.line));
      replay.scrollIntoView({ block: "start" });
    });
    var hash = /^#L(\d+)$/.exec(location.hash);
    if (hash) { goToLine(Number(hash[1])); } else { loadGame(data.games[0]); }
  }

  // ------------------------------------------------------------------ file drop, copy

  function setUpFile() {
    var box = document.getElementById("log");
    var input = document.getElementById("file");
    var status = document.getElementById("file-status");
    if (!box || !input) { return; }
    function load(file) {
      if (!file) { return; }
      var reader = new FileReader();
      reader.onload = function () {
        box.value = String(reader.result).replace(/^\uFEFF/, "");
        status.textContent = format(labels.file_loaded, { name: file.name });
      };
      reader.readAsText(file, "utf-8");
    }
    input.addEventListener("change", function () { load(input.files[0]); });
    box.addEventListener("dragover", function (event) { event.preventDefault(); box.classList.add("dragging"); });
    box.addEventListener("dragleave", function () { box.classList.remove("dragging"); });
    box.addEventListener("drop", function (event) {
      event.preventDefault();
      box.classList.remove("dragging");
      if (event.dataTransfer && event.dataTransfer.files.length) {
        input.value = "";
        load(event.dataTransfer.files[0]);
      }
    });
  }

  function setUpCopy() {
    var button = document.getElementById("copy-link");
    var field = document.getElementById("share-url");
    var status = document.getElementById("copy-status");
    if (!button || !field) { return; }
    button.addEventListener("click", function () {
      function done() { status.textContent = labels.copied; }
      field.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () {
          if (document.execCommand("copy")) { done(); }
        });
      } else if (document.execCommand("copy")) {
        done();
      }
    });
  }

  setUpFile();
  setUpCopy();
  setUpReplay();
}());
