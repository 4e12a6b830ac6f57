// The TextMate grammar agrees with grammar/rummy.lark, the one definition of the
// notation, and with the decks' cards it imports (grammar/decks/<deck>/cards.lark)
// on what is a keyword, a card and a player name: the keywords and the expressions
// are read from those files themselves, and candidate words are run through both.
// A failure here means one of the two changed: bring syntaxes/build-grammar.mjs in
// line with the Lark grammar (`npm run build:grammar`).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { KEYWORDS } from "../syntaxes/build-grammar.mjs";
import { REPOSITORY, innermost, tokenizeLine } from "./tokenize.mjs";

const read = (path) => readFileSync(new URL(path, REPOSITORY), "utf8");
const LARK = read("grammar/rummy.lark");
const FRENCH_CARDS = read("grammar/decks/french/cards.lark");
const SPANISH_CARDS = read("grammar/decks/spanish-48/cards.lark");

/** The right-hand side of a terminal's definition in a Lark grammar's text. */
function definition(name, grammar = LARK, file = "grammar/rummy.lark") {
  const line = grammar.split("\n").find((text) => text.startsWith(`${name}:`) || text.startsWith(`${name}.`));
  assert.ok(line, `${file} defines no terminal ${name}`);
  return line.slice(line.indexOf(":") + 1).trim();
}

/** A Lark terminal made of "literals" and /regexps/ joined by `|`, as a JS regexp source. */
function alternatives(name, grammar = LARK) {
  const parts = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|\/((?:[^/\\]|\\.)*)\/|\s*\|\s*/gy;
  const text = definition(name, grammar);
  let match;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text)) !== null) {
    if (match[1] !== undefined) {
      parts.push(match[1].replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    } else if (match[2] !== undefined) {
      parts.push(match[2]);
    }
  }
  assert.equal(pattern.lastIndex, text.length, `${name} is no longer "x" | /y/ alternatives: ${text}`);
  return `(?:${parts.join("|")})`;
}

// The keywords: every `NAME.2: ("word"i | ...) _NAME_END` line.
function larkKeywords() {
  const found = {};
  for (const [, name, words] of LARK.matchAll(/^_?([A-Z]+)\.2: \(([^)]*)\) _NAME_END$/gm)) {
    found[name] = [...words.matchAll(/"(\w+)"i/g)].map((word) => word[1]);
  }
  return found;
}

test("the keywords are rummy.lark's, in English and Spanish", () => {
  assert.deepEqual(KEYWORDS, larkKeywords());
});

const SETUP_WORDS = [...KEYWORDS.DEAL, ...KEYWORDS.STOCK, ...KEYWORDS.UP];
const cases = (word) => [word, word.toUpperCase(), word[0].toUpperCase() + word.slice(1)];

// Where each keyword stands in a line, and its scope there.
const PLACES = {
  DEAL: (word) => [`${word} Ana: 7h`, 0, "keyword.other.setup.rummy"],
  STOCK: (word) => [`${word}: 7h`, 0, "keyword.other.setup.rummy"],
  UP: (word) => [`${word}: 7h`, 0, "keyword.other.setup.rummy"],
  ON: (word) => [`Ana layoff 7h ${word} 1`, 3, "keyword.other.on.rummy"],
};
const place = (name, word) =>
  (PLACES[name] ?? ((text) => [`Ana ${text} 7h`, 1, "keyword.other.event.rummy"]))(word);

async function scopeOfWord(line, index) {
  const tokens = (await tokenizeLine(line)).filter((token) => token.text.trim() !== "");
  return [tokens[index].text, innermost(tokens[index])];
}

test("every keyword in any case is a keyword where it stands, and not with a letter more", async () => {
  for (const [name, words] of Object.entries(larkKeywords())) {
    for (const word of words.flatMap(cases)) {
      const [line, index, scope] = place(name, word);
      assert.deepEqual(await scopeOfWord(line, index), [word, scope], line);
      const [longer, at] = place(name, `${word}x`);
      assert.notEqual((await scopeOfWord(longer, at))[1], scope, longer);
    }
  }
});

// Player names: rummy.lark's NAME, which the Lark lexer takes at the start of a
// line unless a setup keyword (priority 2) takes the word first.
const LARK_NAME = definition("NAME").replace(/ _NAME_END$/, "");
const NAME = new RegExp(`^${LARK_NAME.slice(1, -1)}$`);
const NAME_CANDIDATES = [
  "Ana", "Álvaro", "José-Luis", "ana_2", "_", "-", "7h", "Ah", "JK", "李雷", "Zoë", "Ñandú",
  "🃏", "draw", "Take", "dealer", "a".repeat(64), "a".repeat(65), "á".repeat(64),
  ...[..."!\"#$%&'()*+,./:;<=>?@[\\]^`{|}~"].map((mark) => `Ana${mark}b`),
  ...SETUP_WORDS.flatMap(cases),
];

test("a player name is what rummy.lark's NAME takes", async () => {
  for (const word of NAME_CANDIDATES) {
    const expected = NAME.test(word) && !SETUP_WORDS.includes(word.toLowerCase());
    const [text, scope] = await scopeOfWord(`${word} draw 7h`, 0);
    assert.equal(text === word && scope === "variable.other.player.rummy", expected, word);
  }
});

// Cards: the French deck's _RANK then _SUIT, plus the 48-card Spanish deck's (ranks
// 1-12 or A, suits o c e b), which the TextMate grammar knows whatever the Deck tag
// says (the 40-card deck's are among them).
const CARD_SHAPE = '(_RANK _SUIT | ("JK" | "2" _SUIT) "=" _RANK _SUIT | "JK") _END';
const deckCard = (grammar) =>
  `${alternatives("_RANK", grammar)}${alternatives("_SUIT", grammar)}`;
const IS_CARD = new RegExp(`^(?:${deckCard(FRENCH_CARDS)}|${deckCard(SPANISH_CARDS)})$`);
const IS_WILD_TWO = new RegExp(`^2${alternatives("_SUIT", FRENCH_CARDS)}$`);

const RANKS = ["0", "1", "2", "5", "9", "10", "11", "12", "13", "01", "A", "J", "Q", "K", "T",
  "a", "j", "q", "k", "t", "X", ""];
const SUITS = ["c", "d", "h", "s", "o", "e", "b", "C", "D", "H", "S", "O", "x", "♣", "♦", "♥",
  "♠", "♧", "♢", "♡", "♤", "♥\uFE0F", "♦\uFE0E", "♥\uFE0F\uFE0F", "hh", "♥♥", ""];
const CARD_CANDIDATES = RANKS.flatMap((rank) => SUITS.map((suit) => rank + suit)).filter(Boolean);

test("every deck still writes a card as rank and suit, a joker, or a wild with its reading", () => {
  assert.match(LARK, /^%import cards \(CARD, CARDS, PILE\)$/m);
  for (const deck of ["french", "spanish-48", "spanish-40"]) {
    const file = `grammar/decks/${deck}/cards.lark`;
    assert.equal(definition("CARD", read(file), file), CARD_SHAPE);
  }
});

test("a card is what a French or a Spanish deck's _RANK _SUIT take", async () => {
  let cards = 0;
  for (const word of CARD_CANDIDATES) {
    const expected = IS_CARD.test(word);
    cards += expected;
    const [text, scope] = await scopeOfWord(`Ana discard ${word}`, 2);
    assert.equal(text === word && scope === "constant.other.card.rummy", expected, word);
  }
  assert.ok(cards > 60 && cards < CARD_CANDIDATES.length / 2, `${cards} cards`);
});

test("a reading follows JK or a 2 of a French suit, and is a card", async () => {
  const readings = ["6h", "10♦", "7o", "12b", "JK", "1h", "x"];
  for (const wild of ["JK", "2s", "2♥", "2o", "3s", "jk", "JK2"]) {
    for (const reading of readings) {
      const word = `${wild}=${reading}`;
      const expected = (wild === "JK" || IS_WILD_TWO.test(wild)) && IS_CARD.test(reading);
      const tokens = (await tokenizeLine(`Ana meld ${word}`)).slice(4);
      const scopes = tokens.map((token) => [token.text, innermost(token)]);
      const wildScope = wild === "JK" ? "constant.language.joker.rummy" : "constant.other.card.wild.rummy";
      const good = [[wild, wildScope], ["=", "keyword.operator.reading.rummy"],
        [reading, "constant.other.card.reading.rummy"]];
      if (expected) {
        assert.deepEqual(scopes, good, word);
      } else {
        assert.deepEqual(scopes, [[word, "invalid.illegal.rummy"]], word);
      }
    }
  }
});
