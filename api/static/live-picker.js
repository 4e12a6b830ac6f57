// 51 Referee, a live table's page: the action bar and the card picker (docs/live.md).
// An action and the cards, meld or player tapped make the event's line in the line
// input, in the page's language; the line can also be typed or changed there.
(function () {
  "use strict";

  var V = window.LiveView;
  var el = V.el, clear = V.clear, format = V.format;
  var SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };

  // Any card: tap a rank and a suit (either first), or the joker.
  function anyCards(game, labels, onPick) {
    var box = el("div", "any-cards");
    var chosen = { rank: null, suit: null };
    var ranks = el("div", "ranks");
    ranks.setAttribute("role", "group");
    ranks.setAttribute("aria-label", labels.rank);
    var suits = el("div", "suits");
    suits.setAttribute("role", "group");
    suits.setAttribute("aria-label", labels.suit);
    function mark() {
      box.querySelectorAll("button").forEach(function (b) {
        var on = b.dataset.rank === chosen.rank || b.dataset.suit === chosen.suit;
        b.setAttribute("aria-pressed", on ? "true" : "false");
      });
    }
    function done() {
      if (chosen.rank && chosen.suit) {
        onPick(chosen.rank + chosen.suit);
        chosen.rank = chosen.suit = null;
      }
      mark();
    }
    game.ranks.forEach(function (rank) {
      var b = el("button", "rank-button", rank);
      b.type = "button";
      b.dataset.rank = rank;
      b.addEventListener("click", function () { chosen.rank = chosen.rank === rank ? null : rank; done(); });
      ranks.appendChild(b);
    });
    var joker = el("button", "rank-button joker", game.joker);
    joker.type = "button";
    joker.setAttribute("aria-label", game.joker + " (" + labels.joker + ")");  // "JK (Joker)": the name holds the visible text
    joker.addEventListener("click", function () { chosen.rank = chosen.suit = null; mark(); onPick(game.joker); });
    ranks.appendChild(joker);
    game.suits.forEach(function (suit) {
      var b = el("button", "suit-button " + (suit === "d" || suit === "h" ? "red" : "black"), SYMBOLS[suit]);
      b.type = "button";
      b.dataset.suit = suit;
      b.setAttribute("aria-label", labels["suit." + suit] || suit);
      b.addEventListener("click", function () { chosen.suit = chosen.suit === suit ? null : suit; done(); });
      suits.appendChild(b);
    });
    box.appendChild(ranks);
    box.appendChild(suits);
    return box;
  }

  var NEEDS = { draw: "one?", take: "none", meld: "many", layoff: "one", discard: "one", call: "none" };

  function Picker(ctx) {
    this.ctx = ctx;
    this.action = null;
    this.chosen = [];  // {text, index}: index in the hand shown, or null for any card
    this.meld = null;
    this.target = null;
    this.state = null;
    this.hand = null;
    var self = this;
    document.querySelectorAll("#action-bar [data-action]").forEach(function (button) {
      button.addEventListener("click", function () { self.choose(button.dataset.action); });
    });
    document.getElementById("as-player").addEventListener("change", function () { self.compose(); });
  }

  Picker.prototype.actor = function () {
    if (this.ctx.me && this.ctx.me.player) { return this.ctx.me.player; }
    return document.getElementById("as-player").value;
  };

  Picker.prototype.reset = function () {
    this.action = null;
    this.chosen = [];
    this.meld = null;
    this.target = null;
    this.draw();
  };

  Picker.prototype.choose = function (action) {
    var same = this.action === action;
    this.reset();
    this.action = same ? null : action;
    this.draw();
    this.compose();
  };

  Picker.prototype.update = function (state, hand) {
    var changedTurn = !this.state || this.state.turn !== state.turn;
    this.state = state;
    if (JSON.stringify(hand) !== JSON.stringify(this.hand)) {
      this.chosen = this.chosen.filter(function (c) { return c.index === null; });
    }
    this.hand = hand;
    var select = document.getElementById("as-player");
    var scribe = !(this.ctx.me && this.ctx.me.player);
    document.getElementById("as-row").hidden = !scribe;
    if (scribe) {
      var current = select.value;
      clear(select);
      state.players.forEach(function (name) {
        var option = el("option", null, name);
        option.value = name;
        select.appendChild(option);
      });
      select.value = changedTurn && state.turn ? state.turn : (current || state.turn || state.players[0]);
    }
    document.querySelectorAll('#action-bar [data-action="call"]').forEach(function (b) {
      b.hidden = !this.ctx.game.calls;
    }, this);
    this.draw();
  };

  Picker.prototype.pick = function (text, index) {
    if (!this.action || NEEDS[this.action] === "none") { this.action = "discard"; }
    var at = -1;
    this.chosen.forEach(function (c, i) { if (index !== null && c.index === index) { at = i; } });
    if (at >= 0) {
      this.chosen.splice(at, 1);
    } else if (NEEDS[this.action] === "many") {
      this.chosen.push({ text: text, index: index });
    } else {
      this.chosen = [{ text: text, index: index }];
    }
    this.draw();
    this.compose();
    this.showSend();
  };

  Picker.prototype.handCards = function () {
    var box = clear(document.getElementById("my-hand"));
    var panel = document.getElementById("my-hand-box");
    panel.hidden = !this.hand;
    if (!this.hand) { return; }
    var self = this;
    var L = this.ctx.labels;
    var cards = el("div", "cards hand-pick");
    V.sortCards(this.hand.cards).forEach(function (text, index) {
      var b = V.cardNode(text, L, "button");
      b.classList.add("pick");
      var on = self.chosen.some(function (c) { return c.index === index; });
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.addEventListener("click", function () { self.pick(text, index); });
      cards.appendChild(b);
    });
    box.appendChild(cards);
    if (this.hand.hidden > 0) { box.appendChild(el("span", "hidden-note", format(L.hidden, { count: this.hand.hidden }))); }
  };

  Picker.prototype.meldButtons = function (box) {
    var self = this;
    var L = this.ctx.labels;
    var row = el("div", "meld-buttons");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", L.on_meld);
    row.appendChild(el("span", "label", L.on_meld));
    this.state.melds.forEach(function (meld) {
      var b = el("button", "meld-button", "#" + meld.number);
      b.type = "button";
      b.dataset.meld = String(meld.number);
      b.setAttribute("aria-pressed", self.meld === meld.number ? "true" : "false");
      b.addEventListener("click", function () { self.meld = meld.number; self.draw(); self.compose(); self.showSend(); });
      row.appendChild(b);
    });
    box.appendChild(row);
  };

  Picker.prototype.playerButtons = function (box) {
    var self = this;
    var actor = this.actor();
    var row = el("div", "player-buttons");
    this.state.players.forEach(function (name) {
      if (name === actor || self.state.eliminated.indexOf(name) >= 0) { return; }
      var b = el("button", "player-button", name);
      b.type = "button";
      b.dataset.player = name;
      b.setAttribute("aria-pressed", self.target === name ? "true" : "false");
      b.addEventListener("click", function () { self.target = name; self.draw(); self.compose(); self.showSend(); });
      row.appendChild(b);
    });
    box.appendChild(row);
  };

  Picker.prototype.chips = function (box) {
    var self = this;
    var L = this.ctx.labels;
    if (!this.chosen.length) { return; }
    var row = el("div", "chosen");
    row.appendChild(el("span", "label", L.chosen));
    this.chosen.forEach(function (c, i) {
      var b = V.cardNode(c.text, L, "button");
      b.classList.add("chip");
      b.setAttribute("aria-label", format(L.remove_card, { card: c.text }));
      b.addEventListener("click", function () { self.chosen.splice(i, 1); self.draw(); self.compose(); });
      row.appendChild(b);
    });
    box.appendChild(row);
  };

  Picker.prototype.draw = function () {
    var self = this;
    var L = this.ctx.labels;
    document.querySelectorAll("#action-bar [data-action]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.action === self.action ? "true" : "false");
    });
    if (!this.state) { return; }
    this.handCards();
    var box = clear(document.getElementById("picker"));
    var hint = document.getElementById("pick-hint");
    hint.textContent = "";
    if (!this.action) { return; }
    var action = this.action;
    var whole = action === "take" && this.ctx.game.take_whole_pile;
    hint.textContent = L["pick." + (whole ? "take_pile" : action)];
    if (action === "call") { this.playerButtons(box); return; }
    if (action === "take") { return; }
    if (action === "draw") {
      var unseen = el("button", "unseen-button", L["pick.unseen"]);
      unseen.type = "button";
      unseen.setAttribute("aria-pressed", this.chosen.length ? "false" : "true");
      unseen.addEventListener("click", function () { self.chosen = []; self.draw(); self.compose(); });
      box.appendChild(unseen);
    }
    if (action === "layoff") { this.meldButtons(box); }
    this.chips(box);
    var any = el("details", "any-card-box");
    if (!this.hand || action === "draw") { any.open = true; }
    any.appendChild(el("summary", null, L.any_card));
    any.appendChild(anyCards(this.ctx.game, L, function (text) { self.pick(text, null); }));
    box.appendChild(any);
  };

  // The line the picker makes, in the page's language (the reader takes either).
  Picker.prototype.line = function () {
    var k = this.ctx.keywords;
    var actor = this.actor();
    var cards = this.chosen.map(function (c) { return c.text; });
    switch (this.action) {
      case "draw": return [actor, k.draw].concat(cards.slice(0, 1)).join(" ");
      case "take":
        if (this.ctx.game.take_whole_pile || !this.state.pile_top) { return actor + " " + k.take; }
        return actor + " " + k.take + " " + this.state.pile_top;
      case "meld": return cards.length ? [actor, k.meld].concat(cards).join(" ") : null;
      case "layoff":
        return cards.length && this.meld ? [actor, k.layoff, cards[0], k.on, this.meld].join(" ") : null;
      case "discard": return cards.length ? [actor, k.discard, cards[0]].join(" ") : null;
      case "call": return this.target ? [actor, k.call, this.target].join(" ") : null;
      default: return null;
    }
  };

  Picker.prototype.compose = function () {
    var line = this.line();
    if (line !== null) { document.getElementById("line-input").value = line; }
  };

  // After a choice, the line and its Send button in view (below a hand of 15 cards they
  // would be under the fold of a phone).
  Picker.prototype.showSend = function () {
    var send = document.getElementById("send");
    if (send.scrollIntoView) { send.scrollIntoView({ block: "nearest" }); }
  };

  window.LivePicker = { Picker: Picker, anyCards: anyCards };
}());
