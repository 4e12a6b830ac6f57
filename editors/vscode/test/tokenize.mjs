// Tokenizes .rummy text with the extension's grammar, as VS Code does: the
// vscode-textmate engine on the Oniguruma regular expressions of
// vscode-oniguruma (its onig.wasm loaded from node_modules).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const textmate = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

export const HERE = new URL("..", import.meta.url);
export const REPOSITORY = new URL("../../../", import.meta.url);
export const GRAMMAR_FILE = new URL("syntaxes/rummy.tmLanguage.json", HERE);

let loaded;

/** The grammar `source.rummy`, loaded once. */
export function loadGrammar() {
  loaded ??= (async () => {
    const wasm = readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
    await oniguruma.loadWASM(wasm.buffer);
    const registry = new textmate.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
        createOnigString: (text) => new oniguruma.OnigString(text),
      }),
      loadGrammar: async (scopeName) =>
        scopeName === "source.rummy"
          ? textmate.parseRawGrammar(readFileSync(GRAMMAR_FILE, "utf8"), GRAMMAR_FILE.pathname)
          : null,
    });
    return registry.loadGrammar("source.rummy");
  })();
  return loaded;
}

/**
 * Every line's tokens: `{text, scopes}` with the root scope left out.
 * @param {string} text one line or many
 * @returns {Promise<{text: string, scopes: string[]}[][]>}
 */
export async function tokenize(text) {
  const grammar = await loadGrammar();
  let stack = textmate.INITIAL;
  return text.split(/\r?\n/).map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return result.tokens.map((token) => ({
      text: line.slice(token.startIndex, token.endIndex),
      scopes: token.scopes.slice(1),
    }));
  });
}

/** The tokens of one line. */
export async function tokenizeLine(line) {
  return (await tokenize(line))[0];
}

/** The innermost scope of a token: what a theme colours it by. */
export const innermost = (token) => token.scopes.at(-1);

/** The non-blank tokens of a line as `[text, innermost scope]` pairs. */
export async function words(line) {
  return (await tokenizeLine(line))
    .filter((token) => token.text.trim() !== "")
    .map((token) => [token.text.trim(), innermost(token)]);
}
