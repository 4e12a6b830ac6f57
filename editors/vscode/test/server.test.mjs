// What the extension starts (src/server.js): `referee lsp` over stdio, the
// command from rummy.server.path, REFEREE_LANG from rummy.server.lang. The
// activation itself (extension.js) needs a running VS Code and is not tested here.

import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";

const require = createRequire(import.meta.url);
const { serverExecutable, serverLanguage, serverPath } = require("../src/server.js");

const HOME = "/home/ana";

test("the default is `referee lsp`, from PATH, with no flags", () => {
  const executable = serverExecutable({}, { env: { PATH: "/usr/bin" }, home: HOME });
  assert.equal(executable.command, "referee");
  assert.deepEqual(executable.args, ["lsp"]);
  assert.equal(executable.transport, undefined, "a stdio transport would add --stdio");
  assert.equal(executable.options.env.PATH, "/usr/bin");
  assert.equal(executable.options.cwd, undefined);
});

test("the command path: a name on PATH, absolute, relative to the workspace, or from ~", () => {
  assert.equal(serverPath("referee", "/work/club", HOME), "referee");
  assert.equal(serverPath("  ", "/work/club", HOME), "referee");
  assert.equal(serverPath(undefined, undefined, HOME), "referee");
  assert.equal(serverPath("/opt/referee/bin/referee", "/work/club", HOME), "/opt/referee/bin/referee");
  assert.equal(serverPath(".venv/bin/referee", "/work/club", HOME), "/work/club/.venv/bin/referee");
  assert.equal(serverPath("./venv/bin/referee", "/work/club", HOME), "/work/club/venv/bin/referee");
  assert.equal(serverPath(".venv/bin/referee", undefined, HOME), ".venv/bin/referee");
  assert.equal(serverPath("~/.local/bin/referee", "/work/club", HOME), "/home/ana/.local/bin/referee");
});

test("the server runs in the workspace folder", () => {
  const executable = serverExecutable({ path: ".venv/bin/referee" },
    { env: {}, folder: "/work/club", home: HOME });
  assert.equal(executable.command, "/work/club/.venv/bin/referee");
  assert.equal(executable.options.cwd, "/work/club");
});

test("rummy.server.lang sets REFEREE_LANG, over the environment", () => {
  const executable = serverExecutable({ lang: "es" },
    { env: { REFEREE_LANG: "en" }, displayLanguage: "en", home: HOME });
  assert.equal(executable.options.env.REFEREE_LANG, "es");
});

test("auto: REFEREE_LANG when set, else VS Code's language when the referee speaks it", () => {
  assert.equal(serverLanguage("auto", { REFEREE_LANG: "en" }, "es"), "en");
  assert.equal(serverLanguage("auto", {}, "es-419"), "es");
  assert.equal(serverLanguage("auto", {}, "ES"), "es");
  assert.equal(serverLanguage(undefined, {}, "en-gb"), "en");
  assert.equal(serverLanguage("auto", {}, "de"), undefined);
  assert.equal(serverLanguage("auto", {}, undefined), undefined);
  assert.equal(serverLanguage("fr", {}, "es"), "es", "an unknown setting counts as auto");
});

test("with nothing to say, REFEREE_LANG is left out and the server picks its default", () => {
  const executable = serverExecutable({ lang: "auto" }, { env: {}, displayLanguage: "de", home: HOME });
  assert.equal("REFEREE_LANG" in executable.options.env, false);
});

test("the extension host's environment is copied, not changed", () => {
  const env = { PATH: "/usr/bin" };
  serverExecutable({ lang: "es" }, { env, home: HOME });
  assert.deepEqual(env, { PATH: "/usr/bin" });
});
