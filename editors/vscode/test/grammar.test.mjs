// The grammar `source.rummy` on sample lines: the scope of every word.
// Run with `npm test` (node --test), which tests/editors/test_vscode.py runs too.

import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { grammarText } from "../syntaxes/build-grammar.mjs";
import { GRAMMAR_FILE, REPOSITORY, innermost, tokenize, tokenizeLine, words } from "./tokenize.mjs";

const CARD = "constant.other.card.rummy";
const JOKER = "constant.language.joker.rummy";
const WILD_TWO = "constant.other.card.wild.rummy";
const READING = "constant.other.card.reading.rummy";
const EQUALS = "keyword.operator.reading.rummy";
const UNSEEN = "constant.language.unseen.rummy";
const PLAYER = "variable.other.player.rummy";
const SETUP = "keyword.other.setup.rummy";
const EVENT = "keyword.other.event.rummy";
const ON = "keyword.other.on.rummy";
const MELD_NUMBER = "constant.numeric.meld.rummy";
const COLON = "punctuation.separator.key-value.rummy";
const TAG_OPEN = "punctuation.definition.tag.begin.rummy";
const TAG_CLOSE = "punctuation.definition.tag.end.rummy";
const TAG_NAME = "entity.name.tag.rummy";
const QUOTE_OPEN = "punctuation.definition.string.begin.rummy";
const QUOTE_CLOSE = "punctuation.definition.string.end.rummy";
const VALUE = "string.quoted.double.rummy";
const ESCAPE = "constant.character.escape.rummy";
const HASH = "punctuation.definition.comment.rummy";
const COMMENT = "comment.line.number-sign.rummy";
const INVALID = "invalid.illegal.rummy";

test("the committed JSON is what syntaxes/build-grammar.mjs writes", () => {
  assert.equal(
    readFileSync(GRAMMAR_FILE, "utf8"),
    grammarText(),
    "run `npm run build:grammar` in editors/vscode and commit rummy.tmLanguage.json",
  );
});

// [line, the non-blank words with their innermost scope]
const LINES = [
  // names with accents, the deal line, a Spanish keyword
  ["reparte Álvaro: 9♦ A♠ 10♦ JK", [
    ["reparte", SETUP], ["Álvaro", PLAYER], [":", COLON],
    ["9♦", CARD], ["A♠", CARD], ["10♦", CARD], ["JK", JOKER]]],
  ["deal Ana: 7h 10d Td Qs A♣", [
    ["deal", SETUP], ["Ana", PLAYER], [":", COLON],
    ["7h", CARD], ["10d", CARD], ["Td", CARD], ["Qs", CARD], ["A♣", CARD]]],
  ["Julián roba J♣", [["Julián", PLAYER], ["roba", EVENT], ["J♣", CARD]]],
  // a lay-off in Spanish with a joker and its reading, and the meld number
  ["Ana pega JK=6h en 2", [
    ["Ana", PLAYER], ["pega", EVENT],
    ["JK", JOKER], ["=", EQUALS], ["6h", READING],
    ["en", ON], ["2", MELD_NUMBER]]],
  ["Caro layoff 8d on 12", [
    ["Caro", PLAYER], ["layoff", EVENT], ["8d", CARD], ["on", ON], ["12", MELD_NUMBER]]],
  // argentino: a bare take (the whole pile), an unseen up card, a wild 2 that says
  // what it stands for, a take that lists the pile
  ["Ana take", [["Ana", PLAYER], ["take", EVENT]]],
  ["up: ??", [["up", SETUP], [":", COLON], ["??", UNSEEN]]],
  ["pozo: 10c", [["pozo", SETUP], [":", COLON], ["10c", CARD]]],
  ["Rosa meld Kc Kd 2s=Kh", [
    ["Rosa", PLAYER], ["meld", EVENT], ["Kc", CARD], ["Kd", CARD],
    ["2s", WILD_TWO], ["=", EQUALS], ["Kh", READING]]],
  ["Rosa recoge 10c ?? Qs", [
    ["Rosa", PLAYER], ["recoge", EVENT], ["10c", CARD], ["??", UNSEEN], ["Qs", CARD]]],
  ["Beto draw ??", [["Beto", PLAYER], ["draw", EVENT], ["??", UNSEEN]]],
  ["mazo: J♥ 8♣", [["mazo", SETUP], [":", COLON], ["J♥", CARD], ["8♣", CARD]]],
  // a tag with \" in its value (and \\), a tag name with an accent
  ['[Event "Ana \\"la Mona\\" y \\\\ Beto"]', [
    ["[", TAG_OPEN], ["Event", TAG_NAME], ['"', QUOTE_OPEN], ["Ana", VALUE],
    ['\\"', ESCAPE], ["la Mona", VALUE], ['\\"', ESCAPE], ["y", VALUE], ["\\\\", ESCAPE],
    ["Beto", VALUE], ['"', QUOTE_CLOSE], ["]", TAG_CLOSE]]],
  ['[Año "2026"]', [
    ["[", TAG_OPEN], ["Año", TAG_NAME], ['"', QUOTE_OPEN], ["2026", VALUE],
    ['"', QUOTE_CLOSE], ["]", TAG_CLOSE]]],
  // `#` inside a value is not a comment; after the tag it is
  ['[Site "Mesa #3"]   # la de la ventana', [
    ["[", TAG_OPEN], ["Site", TAG_NAME], ['"', QUOTE_OPEN], ["Mesa #3", VALUE],
    ['"', QUOTE_CLOSE], ["]", TAG_CLOSE], ["#", HASH], ["la de la ventana", COMMENT]]],
  // a comment after an event, and one glued to the card
  ["Caro take Jh                 # taken to go down this turn", [
    ["Caro", PLAYER], ["take", EVENT], ["Jh", CARD],
    ["#", HASH], ["taken to go down this turn", COMMENT]]],
  ["Ana discard 9d# renuncia", [
    ["Ana", PLAYER], ["discard", EVENT], ["9d", CARD], ["#", HASH], ["renuncia", COMMENT]]],
  ["# Friday night at Ana's. '#' starts a comment.", [
    ["#", HASH], ["Friday night at Ana's. '#' starts a comment.", COMMENT]]],
  // keywords in capitals and mixed case (card text stays case-sensitive)
  ["DEAL Beto: Ah 2c", [["DEAL", SETUP], ["Beto", PLAYER], [":", COLON], ["Ah", CARD], ["2c", CARD]]],
  ["Beto DISCARD Qh", [["Beto", PLAYER], ["DISCARD", EVENT], ["Qh", CARD]]],
  ["Caro Canta Ana", [["Caro", PLAYER], ["Canta", EVENT], ["Ana", PLAYER]]],
  ["Eva Bota QS", [["Eva", PLAYER], ["Bota", EVENT], ["QS", INVALID]]],
  // Spanish-deck cards (RULES.md §13), a joker standing for one
  ["Germán meld 12b 1b 2b 3b", [
    ["Germán", PLAYER], ["meld", EVENT], ["12b", CARD], ["1b", CARD], ["2b", CARD], ["3b", CARD]]],
  ["deal Hilda: 7o 12b 1c 10e 11o Ae", [
    ["deal", SETUP], ["Hilda", PLAYER], [":", COLON], ["7o", CARD], ["12b", CARD],
    ["1c", CARD], ["10e", CARD], ["11o", CARD], ["Ae", CARD]]],
  ["Hilda meld JK=10c 10o 10b", [
    ["Hilda", PLAYER], ["meld", EVENT], ["JK", JOKER], ["=", EQUALS], ["10c", READING],
    ["10o", CARD], ["10b", CARD]]],
  ["Ana baja JK=7o", [["Ana", PLAYER], ["baja", EVENT], ["JK", JOKER], ["=", EQUALS], ["7o", READING]]],
  // a suit symbol with the emoji variation selector (phones)
  ["Ana descarta Q♥️", [["Ana", PLAYER], ["descarta", EVENT], ["Q♥️", CARD]]],
  // a name that starts with a keyword is a name; a keyword at a line's start is not
  ["dealer draw 7h", [["dealer", PLAYER], ["draw", EVENT], ["7h", CARD]]],
  ["Stocky toma 7h", [["Stocky", PLAYER], ["toma", EVENT], ["7h", CARD]]],
  // names with `-`, `_` and digits; an event keyword at a line's start is a name
  ["José-Luis_2 call María", [["José-Luis_2", PLAYER], ["call", EVENT], ["María", PLAYER]]],
  ["draw discard 7h", [["draw", PLAYER], ["discard", EVENT], ["7h", CARD]]],
  // what the notation refuses is marked
  ["Beto drow 10c", [["Beto", PLAYER], ["drow", INVALID], ["10c", INVALID]]],
  ["Ana discard 7h 8h", [["Ana", PLAYER], ["discard", EVENT], ["7h", CARD], ["8h", INVALID]]],
  ["Ana meld 7H 11h 1h jk JK=JK 7hh", [
    ["Ana", PLAYER], ["meld", EVENT], ["7H", INVALID], ["11h", INVALID], ["1h", INVALID],
    ["jk", INVALID], ["JK=JK", INVALID], ["7hh", INVALID]]],
  ["Ana meld ??", [["Ana", PLAYER], ["meld", EVENT], ["??", INVALID]]],
  ["Ana layoff 7h on 1234567890", [
    ["Ana", PLAYER], ["layoff", EVENT], ["7h", CARD], ["on", ON], ["1234567890", INVALID]]],
  ['[Event "a\\n"] x', [
    ["[", TAG_OPEN], ["Event", TAG_NAME], ['"', QUOTE_OPEN], ["a", VALUE],
    ["\\n", "invalid.illegal.escape.rummy"], ['"', QUOTE_CLOSE], ["]", TAG_CLOSE], ["x", INVALID]]],
  ["O'Neil draw", [["O", PLAYER], ["'Neil", INVALID], ["draw", INVALID]]],
];

for (const [line, expected] of LINES) {
  test(`tokens of: ${line}`, async () => {
    assert.deepEqual(await words(line), expected);
  });
}

test("an indented line reads as the same line unindented", async () => {
  assert.deepEqual(await words("   \tAna meld 5h 6h 7h"), await words("Ana meld 5h 6h 7h"));
});

test("a joker's reading is one meta.card.wild.rummy: JK, = and the card", async () => {
  const tokens = await tokenizeLine("Ana meld JK=6h 7h");
  const wild = tokens.filter((token) => token.scopes.includes("meta.card.wild.rummy"));
  assert.deepEqual(wild.map((token) => token.text), ["JK", "=", "6h"]);
});

test("each event line is one meta scope named after its event", async () => {
  const lines = {
    "Ana draw": "meta.event.draw.rummy",
    "Ana roba 7h": "meta.event.draw.rummy",
    "Ana take": "meta.event.take.rummy",
    "Ana meld 7h 8h 9h": "meta.event.meld.rummy",
    "Ana layoff 7h on 1": "meta.event.layoff.rummy",
    "Ana bota 7h": "meta.event.discard.rummy",
    "Ana canta Beto": "meta.event.call.rummy",
    "deal Ana: 7h": "meta.setup.deal.rummy",
    "stock: 7h": "meta.setup.stock.rummy",
    "up: 7h": "meta.setup.up.rummy",
    '[Game "51"]': "meta.tag.rummy",
  };
  for (const [line, meta] of Object.entries(lines)) {
    for (const token of await tokenizeLine(line)) {
      assert.equal(token.scopes[0], meta, `${line}: ${JSON.stringify(token)}`);
    }
  }
});

// The repository's sample logs: every word gets a scope a theme colours (no bare
// meta scope), and nothing is marked invalid but the one deliberate typo.
function rummyFiles(folder) {
  return readdirSync(folder).flatMap((entry) => {
    const path = new URL(entry, folder);
    if (statSync(path).isDirectory()) {
      return rummyFiles(new URL(`${entry}/`, folder));
    }
    return entry.endsWith(".rummy") ? [path] : [];
  });
}

const LOGS = new URL("logs/", REPOSITORY);
const KNOWN_INVALID = { "un-error-de-escritura.rummy": ["Beto drow 10c"] };

test("the logs folder holds sample logs", () => {
  assert.ok(rummyFiles(LOGS).length >= 8);
});

for (const file of rummyFiles(LOGS)) {
  const name = fileURLToPath(file).split("/").at(-1);
  test(`the words of logs/${name}`, async () => {
    const text = readFileSync(file, "utf8");
    const lines = await tokenize(text);
    const invalid = [];
    text.split(/\r?\n/).forEach((line, index) => {
      for (const token of lines[index]) {
        if (token.text.trim() === "") {
          continue;
        }
        const scope = innermost(token);
        assert.ok(!scope.startsWith("meta."), `line ${index + 1}: ${token.text} has only ${scope}`);
        if (scope.startsWith("invalid.")) {
          invalid.push(line);
        }
      }
    });
    assert.deepEqual([...new Set(invalid)], KNOWN_INVALID[name] ?? []);
  });
}
