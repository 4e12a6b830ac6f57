// 51 Referee, a live table's page: cards typed in capitals, read where it is unambiguous
// (docs/live.md). Card text is case-sensitive in the notation ("9s", never "9S"), but a
// phone's keyboard often starts with a capital: a word in a card's place that is a card
// but for its case ("9S", "10H", "qs", "jk", "JK=6H", a Spanish deck's "7O") is written as
// the card before it is sent. Only the case changes, and only of words where a card
// stands (never a player's name): what the server then refuses it refuses with its hint.
(function () {
  "use strict";

  // A rank (French or Spanish: A 2-10 J Q K T, 1-12), then a suit letter of either deck.
  var RANK = "(10|1[0-2]|[1-9]|[AJQKTajqkt])";
  var SUIT = "([cdhsoebCDHSOEB])";
  var PLAIN = new RegExp("^" + RANK + SUIT + "$");
  var JOKER = new RegExp("^(jk|JK|Jk|jK)(?:=" + RANK + SUIT + ")?$");
  var WILD = new RegExp("^" + RANK + SUIT + "=" + RANK + SUIT + "$");

  function card(rank, suit) { return rank.toUpperCase() + suit.toLowerCase(); }

  // One word as the card it is, in the notation's case; any other word as it is.
  function cardWord(word) {
    var m = PLAIN.exec(word);
    if (m) { return card(m[1], m[2]); }
    m = JOKER.exec(word);
    if (m) { return "JK" + (m[2] ? "=" + card(m[2], m[3]) : ""); }
    m = WILD.exec(word);
    if (m) { return card(m[1], m[2]) + "=" + card(m[3], m[4]); }
    return word;
  }

  // A list of cards (a hand, the face-up card), each word read as a card.
  function cards(text) {
    return String(text).trim().split(/\s+/).filter(Boolean).map(cardWord).join(" ");
  }

  // The action a keyword spells (either language, any case), or null.
  function actionOf(word, verbs) {
    var lower = String(word || "").toLowerCase();
    var found = null;
    Object.keys(verbs).forEach(function (action) {
      if (verbs[action].indexOf(lower) >= 0) { found = action; }
    });
    return found;
  }

  // An event line "NAME VERB ...": its player and action (null when it is not one).
  function parse(text, verbs) {
    var words = String(text).trim().split(/\s+/);
    if (words.length < 2) { return null; }
    var action = actionOf(words[1], verbs);
    return action ? { player: words[0], action: action, words: words } : null;
  }

  // An event line with the words in a card's place read as cards: after draw, take,
  // meld, discard, and the card of a lay-off (its meld number and "on" stay as typed);
  // the player's name and a call's accused never change.
  function line(text, verbs) {
    var event = parse(text, verbs);
    if (!event || event.action === "call") { return String(text).trim(); }
    var words = event.words.slice();
    for (var i = 2; i < words.length; i++) {
      if (event.action === "layoff" && i > 2) { break; }
      words[i] = cardWord(words[i]);
    }
    return words.join(" ");
  }

  window.LiveCards = { cardWord: cardWord, cards: cards, line: line, parse: parse };
}());
