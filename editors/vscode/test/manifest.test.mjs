// The extension's manifest and the files it names: the language, the grammar,
// the language configuration, the settings, and every text in English and
// Spanish.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";

import { HERE } from "./tokenize.mjs";

const read = (name) => readFileSync(new URL(name, HERE), "utf8");
const json = (name) => JSON.parse(read(name));
const manifest = json("package.json");

test("the language rummy: .rummy files, its configuration and the grammar source.rummy", () => {
  const [language] = manifest.contributes.languages;
  assert.equal(language.id, "rummy");
  assert.deepEqual(language.extensions, [".rummy"]);
  assert.ok(existsSync(new URL(language.configuration, HERE)));
  const [grammar] = manifest.contributes.grammars;
  assert.deepEqual([grammar.language, grammar.scopeName], ["rummy", "source.rummy"]);
  assert.equal(json(grammar.path).scopeName, "source.rummy");
  assert.deepEqual(manifest.activationEvents, ["onLanguage:rummy"]);
  assert.ok(existsSync(new URL(manifest.main, HERE)));
  assert.equal(manifest.license, "MIT");
  assert.match(read("LICENSE"), /^MIT License/);
});

test("the settings: the server's command (default referee) and its language", () => {
  const settings = manifest.contributes.configuration.properties;
  assert.equal(settings["rummy.server.path"].default, "referee");
  assert.deepEqual(settings["rummy.server.lang"].enum, ["auto", "en", "es"]);
  assert.equal(settings["rummy.server.lang"].default, "auto");
});

test("an untrusted workspace cannot choose the command that runs", () => {
  const { untrustedWorkspaces } = manifest.capabilities;
  assert.equal(untrustedWorkspaces.supported, "limited");
  assert.deepEqual(untrustedWorkspaces.restrictedConfigurations, ["rummy.server.path"]);
});

test("the versions are pinned", () => {
  for (const version of Object.values({ ...manifest.dependencies, ...manifest.devDependencies })) {
    assert.match(version, /^\d+\.\d+\.\d+$/);
  }
});

test("the language configuration: # comments, [ ] brackets, closing quotes", () => {
  const configuration = json("language-configuration.json");
  assert.equal(configuration.comments.lineComment, "#");
  assert.deepEqual(configuration.brackets, [["[", "]"]]);
  const pairs = configuration.autoClosingPairs.map((pair) => pair.open + pair.close);
  assert.deepEqual(pairs, ["[]", '""']);
});

test("a word is a name, a card with its reading, a number or ??", () => {
  const { wordPattern } = json("language-configuration.json");
  const words = (line) => line.match(new RegExp(wordPattern, "g"));
  assert.deepEqual(words("Ana pega JK=6h en 2 # bien"), ["Ana", "pega", "JK=6h", "en", "2", "bien"]);
  assert.deepEqual(words("reparte Álvaro: 10♦ 2s=Kh Q♥️"), ["reparte", "Álvaro", "10♦", "2s=Kh", "Q♥️"]);
  assert.deepEqual(words('[Players "José-Luis Ana_2"]'), ["Players", "José-Luis", "Ana_2"]);
  assert.deepEqual(words("up: ??"), ["up", "??"]);
});

// Every %key% of package.json in both package.nls files, and every
// vscode.l10n.t("...") text of extension.js in the Spanish bundle.
test("the manifest's texts exist in English and Spanish", () => {
  const keys = [...read("package.json").matchAll(/"%([^%"]+)%"/g)].map((match) => match[1]);
  assert.ok(keys.length >= 8);
  for (const catalog of ["package.nls.json", "package.nls.es.json"]) {
    const texts = json(catalog);
    assert.deepEqual(Object.keys(texts).sort(), [...new Set(keys)].sort(), catalog);
    for (const text of Object.values(texts)) {
      assert.ok(text.trim() !== "", catalog);
    }
  }
});

test("the extension's messages exist in Spanish", () => {
  const source = read("extension.js").replace(/"\s*\+\s*"/g, "");
  const texts = [...source.matchAll(/l10n\.t\(\s*"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]);
  assert.ok(texts.length >= 3);
  const spanish = json("l10n/bundle.l10n.es.json");
  assert.deepEqual(Object.keys(spanish).sort(), [...new Set(texts)].sort());
  for (const [english, translated] of Object.entries(spanish)) {
    assert.notEqual(translated, english);
    assert.equal((translated.match(/\{\d\}/g) ?? []).sort().join(), (english.match(/\{\d\}/g) ?? []).sort().join());
  }
});
