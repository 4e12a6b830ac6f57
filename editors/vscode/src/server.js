"use strict";
// How the extension starts the language server: `<rummy.server.path> lsp` over
// stdio, with REFEREE_LANG set from `rummy.server.lang`. Kept apart from
// extension.js, and free of the `vscode` module, so that node --test can check it
// (test/server.test.mjs); the activation itself needs VS Code to run.

const path = require("node:path");

const LANGUAGES = ["en", "es"];

/**
 * The language the server's messages use: the setting when it names one,
 * else (`auto`) REFEREE_LANG from the environment when it is set, else VS Code's
 * display language when the referee speaks it, else none (the server's default).
 * @param {string | undefined} setting `rummy.server.lang`: auto, en or es
 * @param {Record<string, string | undefined>} env the extension host's environment
 * @param {string | undefined} displayLanguage `vscode.env.language`, e.g. "es-419"
 * @returns {string | undefined}
 */
function serverLanguage(setting, env, displayLanguage) {
  if (setting && LANGUAGES.includes(setting)) {
    return setting;
  }
  if (env.REFEREE_LANG) {
    return env.REFEREE_LANG;
  }
  const display = (displayLanguage || "").toLowerCase().slice(0, 2);
  return LANGUAGES.includes(display) ? display : undefined;
}

/**
 * The command to run: a bare name (`referee`) is looked up on PATH; a relative
 * path (`.venv/bin/referee`) is taken from the workspace folder; `~/` is the home
 * folder.
 * @param {string | undefined} setting `rummy.server.path`
 * @param {string | undefined} folder the first workspace folder, if any
 * @param {string} home the user's home folder
 * @returns {string}
 */
function serverPath(setting, folder, home) {
  const value = (setting || "").trim() || "referee";
  if (value === "~" || value.startsWith("~/")) {
    return path.join(home, value.slice(1));
  }
  const bare = !value.includes("/") && !value.includes("\\");
  if (bare || path.isAbsolute(value) || !folder) {
    return value;
  }
  return path.resolve(folder, value);
}

/**
 * What vscode-languageclient spawns. No `transport` is given on purpose: with
 * `TransportKind.stdio` the client would add a `--stdio` argument, and the server
 * is `referee lsp`, stdio without flags.
 * @param {{path?: string, lang?: string}} settings the `rummy.server` settings
 * @param {{env: Record<string, string | undefined>, displayLanguage?: string,
 *          folder?: string, home: string}} context
 * @returns {{command: string, args: string[], options: {env: Record<string, string | undefined>, cwd?: string}}}
 */
function serverExecutable(settings, context) {
  const env = { ...context.env };
  const lang = serverLanguage(settings.lang, context.env, context.displayLanguage);
  if (lang) {
    env.REFEREE_LANG = lang;
  }
  const options = { env };
  if (context.folder) {
    options.cwd = context.folder;
  }
  return {
    command: serverPath(settings.path, context.folder, context.home),
    args: ["lsp"],
    options,
  };
}

module.exports = { serverExecutable, serverLanguage, serverPath };
