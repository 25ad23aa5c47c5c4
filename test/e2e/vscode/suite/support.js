// What both extension test files share inside VS Code's extension host: a polling wait with a
// deadline (no test sleeps for a fixed time) and the URI of a file in the opened workspace.
// Loaded with require() by the *.test.js files; index.js runs only files named *.test.js.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');

/** Calls `probe` every 100 ms until it gives a truthy value (returned) or `ms` have passed (throws). */
async function waitFor(probe, what, ms = 30000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The URI of `name` in the first workspace folder. */
function fileUri(name) {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  assert.ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, name);
}

module.exports = { waitFor, fileUri };
