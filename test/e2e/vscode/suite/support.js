// What both extension test files share inside VS Code's extension host: the polling wait with a
// deadline (../wait.js, also used by the harness) and the URI of a file in the opened workspace.
// Loaded with require() by the *.test.js files; index.js runs only files named *.test.js.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { waitFor } = require('../wait');

/** The URI of `name` in the first workspace folder. */
function fileUri(name) {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  assert.ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, name);
}

module.exports = { waitFor, fileUri };
