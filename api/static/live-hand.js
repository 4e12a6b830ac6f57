// 51 Referee, a live table's page: a seat's own hand given, shown and taken back, and the
// face-up card (docs/live.md). The cards being given show as cards (tap one to take it
// out), all of them in view on a phone; typed ones are read as cards where only their
// case is wrong ("9S" is 9s). A hand given can be taken back while its player has not
// played (the API's undo of that change): its cards come back into the box, to be fixed
// and given again.
(function () {
  "use strict";

  var V = window.LiveView, P = window.LivePicker, C = window.LiveCards;

  // ``page``: {ctx, game, urls, state(), hand(), change(method, url, body, box, done),
  // request(method, url, body, auth), apply(state, own), refusal(box, answer), notice(text)}
  function Hands(page) {
    this.page = page;
    this.input = document.getElementById("give-input");
    this.wire();
  }

  Hands.prototype.words = function () {
    var text = this.input.value.trim();
    return text ? text.split(/\s+/) : [];
  };

  // The count, and the cards entered so far as cards.
  Hands.prototype.show = function () {
    var page = this.page, L = page.ctx.labels, self = this;
    var words = this.words();
    var size = page.state().hands[page.ctx.me.player];
    document.getElementById("give-count").textContent = V.format(L.give_count, { count: words.length, size: size });
    var box = V.clear(document.getElementById("give-cards"));
    words.forEach(function (word, index) {
      var b = V.cardNode(C.cardWord(word), L, "button");
      b.classList.add("pick", "given-card");
      b.setAttribute("aria-label", V.format(L.remove_card, { card: C.cardWord(word) }));
      b.addEventListener("click", function () {
        var kept = self.words();
        kept.splice(index, 1);
        self.input.value = kept.join(" ");
        self.show();
      });
      box.appendChild(b);
    });
  };

  Hands.prototype.give = function () {
    var page = this.page, self = this;
    var player = page.ctx.me && page.ctx.me.player;
    if (!player) { return; }
    this.input.value = C.cards(this.input.value);
    page.change("PUT", page.urls.hands + "/" + encodeURIComponent(player), { cards: this.input.value },
      "give-refusal", function () { self.input.value = ""; self.show(); });
  };

  // The change that gave the seat's hand: the last one of the trail, not undone (read a
  // page of TRAIL_PAGE changes at a time, as the API answers them).
  var TRAIL_PAGE = 1000;
  Hands.prototype.handChange = function (player) {
    var page = this.page, found = null;
    function from(after) {
      return page.request("GET", page.urls.trail + "?after=" + after).then(function (answer) {
        if (answer.status !== 200) { return found; }
        answer.body.forEach(function (c) {
          if (c.action === "hand" && c.player === player && !c.undone) { found = c.seq; }
        });
        return answer.body.length >= TRAIL_PAGE ? from(answer.body[answer.body.length - 1].seq) : found;
      });
    }
    return from(0);
  };

  Hands.prototype.takeBack = function () {
    var page = this.page, self = this;
    var player = page.ctx.me && page.ctx.me.player;
    var held = page.hand();
    if (!player || !held) { return; }
    this.handChange(player).then(function (seq) {
      if (seq === null) { return; }
      return page.request("POST", page.urls.undo, { seq: seq }, true).then(function (answer) {
        if (answer.status !== 201) { page.refusal("refusal", answer); return; }
        self.input.value = held.cards.join(" ");
        page.apply(answer.body.state, true);
        document.getElementById("give-details").open = true;
        self.show();
        page.notice(page.ctx.labels.taken_back);
        document.getElementById("give-hand-panel").scrollIntoView({ block: "start" });
      });
    }).catch(function () { page.notice(page.ctx.labels.needs_connection); });
  };

  Hands.prototype.wire = function () {
    var page = this.page, self = this, L = page.ctx.labels;
    var input = this.input;
    document.getElementById("give-picker").appendChild(P.anyCards(page.game, L, function (card) {
      input.value = (input.value.trim() + " " + card).trim();
      self.show();
    }));
    input.addEventListener("input", function () { self.show(); });
    document.getElementById("give-clear").addEventListener("click", function () { input.value = ""; self.show(); });
    document.getElementById("give-form").addEventListener("submit", function (event) {
      event.preventDefault();
      self.give();
    });
    document.getElementById("take-back").addEventListener("click", function () { self.takeBack(); });
    var upInput = document.getElementById("up-input");
    document.getElementById("up-picker").appendChild(P.anyCards(page.game, L, function (card) { upInput.value = card; }));
    document.getElementById("up-form").addEventListener("submit", function (event) {
      event.preventDefault();
      upInput.value = C.cards(upInput.value);
      page.change("PUT", page.urls.up, { card: upInput.value }, "up-refusal", function () { upInput.value = ""; });
    });
  };

  window.LiveHand = { Hands: Hands };
}());
