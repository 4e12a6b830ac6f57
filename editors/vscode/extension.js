"use strict";
// The VS Code extension for `.rummy` files: the grammar and the language
// configuration are declared in package.json; this file starts the referee's
// language server (`referee lsp`, over stdio) for the open .rummy documents.
// It cannot run outside VS Code: test/server.test.mjs checks src/server.js, which
// decides what is started.

const os = require("node:os");
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");
const { serverExecutable } = require("./src/server.js");

/** @type {LanguageClient | undefined} */
let client;

function createClient() {
  const settings = vscode.workspace.getConfiguration("rummy.server");
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const executable = serverExecutable(
    { path: settings.get("path"), lang: settings.get("lang") },
    { env: process.env, displayLanguage: vscode.env.language, folder, home: os.homedir() },
  );
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "rummy" },
      { scheme: "untitled", language: "rummy" },
    ],
  };
  // The id "rummy" makes the client read the `rummy.trace.server` setting.
  return {
    executable,
    client: new LanguageClient("rummy", vscode.l10n.t("Rummy referee"), executable, clientOptions),
  };
}

async function start() {
  const created = createClient();
  client = created.client;
  try {
    await client.start();
  } catch (error) {
    const command = `${created.executable.command} ${created.executable.args.join(" ")}`;
    const openSettings = vscode.l10n.t("Open settings");
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t(
        "The rummy language server could not start ({0}): {1}. Install the referee " +
          "(pip install -e . in the repository) or set rummy.server.path to its command.",
        command,
        String(error && error.message ? error.message : error),
      ),
      openSettings,
    );
    if (choice === openSettings) {
      await vscode.commands.executeCommand("workbench.action.openSettings", "rummy.server");
    }
  }
}

async function stop() {
  const running = client;
  client = undefined;
  if (running && running.needsStop()) {
    await running.stop();
  }
}

async function restart() {
  await stop();
  await start();
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("rummy.restartServer", restart),
    vscode.workspace.onDidChangeConfiguration((change) => {
      if (change.affectsConfiguration("rummy.server")) {
        restart();
      }
    }),
  );
  await start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
