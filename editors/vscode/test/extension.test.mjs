// extension.js wired to stand-ins for the `vscode` module and for
// vscode-languageclient's LanguageClient: what it asks the client to start, when
// it restarts, what it says when the server cannot start. The real activation
// (VS Code loading the extension, the client talking to `referee lsp`) needs a
// running VS Code and is not tested here.

import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { beforeEach, test } from "node:test";

const require = createRequire(import.meta.url);
const Module = require("node:module");

const world = {};

class FakeClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions, running: false, stopped: false });
    world.clients.push(this);
  }
  async start() {
    if (world.startError) {
      throw new Error(world.startError);
    }
    this.running = true;
  }
  needsStop() {
    return this.running;
  }
  async stop() {
    this.running = false;
    this.stopped = true;
  }
}

const vscode = {
  workspace: {
    getConfiguration: (section) => ({ get: (key) => world.settings[`${section}.${key}`] }),
    get workspaceFolders() {
      return world.folder ? [{ uri: { fsPath: world.folder } }] : undefined;
    },
    onDidChangeConfiguration: (listener) => {
      world.configurationListeners.push(listener);
      return { dispose() {} };
    },
  },
  env: {
    get language() {
      return world.language;
    },
  },
  l10n: { t: (text, ...args) => text.replace(/\{(\d)\}/g, (_, index) => args[Number(index)]) },
  window: {
    showErrorMessage: async (text, ...items) => {
      world.errors.push({ text, items });
      return world.errorChoice;
    },
  },
  commands: {
    registerCommand: (id, callback) => {
      world.commands[id] = callback;
      return { dispose() {} };
    },
    executeCommand: async (...args) => {
      world.executed.push(args);
    },
  },
};

const load = Module._load;
Module._load = function loadWithStandIns(request, ...rest) {
  if (request === "vscode") {
    return vscode;
  }
  if (request === "vscode-languageclient/node") {
    return { LanguageClient: FakeClient };
  }
  return load.call(this, request, ...rest);
};
const extension = require("../extension.js");

beforeEach(() => {
  Object.assign(world, {
    clients: [], settings: { "rummy.server.path": "referee", "rummy.server.lang": "auto" },
    folder: "/work/club", language: "es", configurationListeners: [], errors: [], commands: {},
    executed: [], startError: undefined, errorChoice: undefined,
  });
});

const context = () => ({ subscriptions: [] });

test("activation starts `referee lsp` for the rummy documents", async () => {
  const saved = process.env.REFEREE_LANG;
  delete process.env.REFEREE_LANG;
  try {
    const subscriptions = context();
    await extension.activate(subscriptions);
    assert.equal(world.clients.length, 1);
    const [client] = world.clients;
    assert.equal(client.id, "rummy");
    assert.equal(client.serverOptions.command, "referee");
    assert.deepEqual(client.serverOptions.args, ["lsp"]);
    assert.equal(client.serverOptions.transport, undefined);
    assert.equal(client.serverOptions.options.cwd, "/work/club");
    assert.equal(client.serverOptions.options.env.REFEREE_LANG, "es");
    assert.deepEqual(client.clientOptions.documentSelector.map((selector) => selector.language),
      ["rummy", "rummy"]);
    assert.ok(client.running);
    assert.equal(subscriptions.subscriptions.length, 2);
    await extension.deactivate();
    assert.ok(client.stopped);
  } finally {
    if (saved !== undefined) {
      process.env.REFEREE_LANG = saved;
    }
  }
});

test("a change of the rummy.server settings restarts the server with them", async () => {
  await extension.activate(context());
  world.settings["rummy.server.path"] = ".venv/bin/referee";
  const [listener] = world.configurationListeners;
  listener({ affectsConfiguration: (section) => section === "editor.fontSize" });
  assert.equal(world.clients.length, 1);
  listener({ affectsConfiguration: (section) => section === "rummy.server" });
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(world.clients.length, 2);
  assert.ok(world.clients[0].stopped);
  assert.equal(world.clients[1].serverOptions.command, "/work/club/.venv/bin/referee");
  await extension.deactivate();
});

test("the restart command starts a new client", async () => {
  await extension.activate(context());
  await world.commands["rummy.restartServer"]();
  assert.equal(world.clients.length, 2);
  assert.ok(world.clients[0].stopped && world.clients[1].running);
  await extension.deactivate();
});

test("a server that cannot start is reported with its command and a way to the settings", async () => {
  world.startError = "spawn referee ENOENT";
  world.errorChoice = "Open settings";
  await extension.activate(context());
  assert.equal(world.errors.length, 1);
  const [{ text, items }] = world.errors;
  assert.match(text, /could not start \(referee lsp\): spawn referee ENOENT\./);
  assert.match(text, /rummy\.server\.path/);
  assert.deepEqual(items, ["Open settings"]);
  assert.deepEqual(world.executed, [["workbench.action.openSettings", "rummy.server"]]);
  await extension.deactivate();
});
