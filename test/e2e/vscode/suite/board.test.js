// The board view and the audit report inside VS Code 1.100 (code-server), through the real
// language client: "Show board" opens a webview panel beside the record, the board follows the
// cursor, its steps move the editor's cursor, it redraws when the record changes, and "Audit
// report" shows (and saves) the report with each finding and its article.
// Every wait polls for its condition with a deadline.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');

const { waitFor, fileUri } = require('./support');

function moveCursor(editor, line) {
  const position = new vscode.Position(line, 0);
  editor.selection = new vscode.Selection(position, position);
}

/** Waits until the view shows `turn` (and, when given, its body matches `pattern`). */
function shows(view, turn, pattern) {
  return waitFor(
    () => view.state && view.state.turnIndex === turn && (!pattern || pattern.test(view.state.html)) && view.state,
    `the board at turn ${turn}${pattern ? ` matching ${pattern}` : ''} (now ${view.state && view.state.turnIndex})`,
  );
}

describe('Planilla board view and audit report', function () {
  const uri = fileUri('score-error.gcg');
  let editor;
  let view;

  before(async () => {
    const doc = await vscode.workspace.openTextDocument(uri);
    editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const ext = vscode.extensions.getExtension('planilla.planilla');
    assert.ok(ext, 'the extension is loaded');
    await waitFor(() => ext.isActive, 'activation');
  });

  after(async () => {
    if (view) view.panel.dispose();
  });

  it('opens the board in a webview panel beside the record', async () => {
    moveCursor(editor, 6);
    view = await vscode.commands.executeCommand('planilla.showBoard');
    assert.ok(view && view.panel, 'the command returns the view');
    assert.equal(view.panel.viewType, 'planilla.board');
    assert.equal(view.panel.title, 'Board · score-error.gcg');
    assert.notEqual(view.panel.viewColumn, editor.viewColumn);
    assert.equal(view.panel.webview.options.enableScripts, true);
    assert.deepEqual(view.panel.webview.options.localResourceRoots, []);
    const source = view.panel.webview.cspSource;
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(view.panel.webview.html);
    assert.ok(csp, 'the page has a policy');
    assert.match(csp[1], /^default-src 'none'; style-src (.+) 'nonce-([A-Za-z0-9+/=]{16,})'; script-src 'nonce-\2'; img-src (.+) data:$/);
    assert.ok(csp[1].includes(`style-src ${source} 'nonce-`) && csp[1].includes(`img-src ${source} data:`), csp[1]);
    const state = await shows(view, 0);
    assert.deepEqual(state.lastMove, ['D8', 'E8', 'F8', 'G8', 'H8']);
    assert.deepEqual(state.eventLines, [6, 8]);
    assert.match(state.html, /Event 1 of 2 · line 7/);
    assert.match(state.html, /Computed score: \+16 · the sheet says \+18/);
    assert.ok(view.renders >= 1);
  });

  it('follows the cursor through the record', async () => {
    moveCursor(editor, 8);
    let state = await shows(view, 1);
    assert.deepEqual(state.lastMove, ['G7', 'H7', 'I7', 'J7']);
    assert.match(state.html, /Event 2 of 2 · line 9/);
    moveCursor(editor, 7);
    state = await shows(view, 0);
    moveCursor(editor, 1);
    state = await shows(view, -1);
    assert.deepEqual(state.lastMove, []);
    assert.match(state.html, /Before the first event \(the record has 2 events\)/);
  });

  it('ends on the last of a burst of cursor moves', async () => {
    for (const line of [8, 6, 8, 6, 8, 6]) moveCursor(editor, line);
    const state = await shows(view, 0);
    assert.match(state.html, /Event 1 of 2 · line 7/);
  });

  it('lists the best moves of the turn under the cursor, asked after the board and cancelled by a newer turn', async () => {
    moveCursor(editor, 8);
    await shows(view, 1);
    const list = await waitFor(() => view.movesShownNow && view.movesShownNow.turn === 1 && view.movesShownNow, 'the best moves of turn 1');
    assert.match(list.html, /Best moves of this turn/);
    assert.ok((list.html.match(/class="move[^"]*" role="listitem" data-move=/g) || []).length >= 10, list.html.slice(0, 400));
    assert.match(list.previews, /<g class="preview" data-move="0">/);
    // A burst across turns: the requests of the older turns are cancelled, the last turn's list shows.
    const before = view.moveLists;
    for (const line of [6, 8, 6, 8, 6]) {
      moveCursor(editor, line);
      await new Promise((r) => setImmediate(r));
    }
    await shows(view, 0);
    const last = await waitFor(() => view.movesShownNow && view.movesShownNow.turn === 0 && view.movesShownNow, 'the best moves of turn 0');
    assert.match(last.html, /Best moves of this turn/);
    assert.ok(view.moveLists > before);
    assert.ok(view.moveLists - before <= 5, `at most one list per body (${view.moveLists - before})`);
  });

  it('steps through the turns by moving the editor cursor', async () => {
    const cases = [
      ['first', 6, 0],
      ['next', 8, 1],
      ['next', 8, 1],
      ['previous', 6, 0],
      ['last', 8, 1],
    ];
    for (const [step, line, turn] of cases) {
      assert.equal(await view.step(step), line, step);
      assert.equal(editor.selection.active.line, line, `cursor after ${step}`);
      await shows(view, turn);
    }
  });

  it('redraws when the record changes', async () => {
    const doc = await vscode.workspace.openTextDocument({
      language: 'gcg',
      content: '#player1 Ana Ana\n#player2 Beto Beto\n>Ana: ABILORS 8D LIBRO +16 16\n',
    });
    const scratch = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    moveCursor(scratch, 2);
    await waitFor(() => view.state && view.state.turnCount === 1 && view.state.turnIndex === 0, 'the board of the new record');
    await scratch.edit((b) => b.insert(new vscode.Position(3, 0), '>Beto: ADEIMNT 7G IDEA +13 13\n'));
    moveCursor(scratch, 3);
    const state = await waitFor(
      () => view.state && view.state.turnCount === 2 && view.state.turnIndex === 1 && view.state,
      'the board after the edit',
    );
    assert.match(state.html, /Words: IDEA 7 · IR 3 · DO 3/);
    await scratch.edit((b) => b.replace(new vscode.Range(3, 0, 4, 0), ''));
    await waitFor(() => view.state && view.state.turnCount === 1, 'the board after the second edit');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('shows the audit report with each finding and its article, and saves it', async () => {
    const target = fileUri('score-error.audit.html');
    const shown = await vscode.commands.executeCommand('planilla.auditReport', uri, { saveTo: target });
    assert.ok(shown && shown.panel, 'the command returns the panel');
    assert.equal(shown.panel.viewType, 'planilla.auditReport');
    assert.equal(shown.panel.title, 'Audit · score-error.gcg');
    assert.deepEqual(shown.panel.webview.options.localResourceRoots, []);
    assert.match(shown.html, /<code>score-mismatch<\/code> · line 7, col\. 24: declared score 18, computed 16/);
    assert.match(shown.html, /<span class="art">\(art\. 12–19: /);
    assert.match(shown.html, /Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"/);
    // The panel: the report under its own toolbar (save, refresh, what it shows), one script by nonce.
    const page = shown.panel.webview.html;
    assert.match(
      page,
      /Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-[A-Za-z0-9+/=]{16,}'"/,
    );
    assert.match(page, /<button type="button" data-action="save">Save as HTML…<\/button>/);
    assert.match(page, /data-action="refresh">Refresh<\/button>/);
    assert.match(page, /Follows the edits of score-error\.gcg/);
    assert.ok(page.includes('<code>score-mismatch</code> · line 7, col. 24'));
    const saved = Buffer.from(await vscode.workspace.fs.readFile(target)).toString('utf8');
    assert.equal(saved, shown.html, 'the saved file is the report alone');
    assert.doesNotMatch(saved, /planilla-toolbar/);
    // It follows the record's edits: fix the score, the finding goes; undo, it comes back.
    const doc = await vscode.workspace.openTextDocument(uri);
    const line = doc.lineAt(6);
    const fix = new vscode.WorkspaceEdit();
    fix.replace(uri, line.range, line.text.replace('+18 18', '+16 16'));
    assert.ok(await vscode.workspace.applyEdit(fix));
    await waitFor(() => !/score-mismatch/.test(shown.latest()), 'the report after the edit');
    const back = new vscode.WorkspaceEdit();
    back.replace(uri, doc.lineAt(6).range, line.text);
    assert.ok(await vscode.workspace.applyEdit(back));
    await waitFor(() => /score-mismatch/.test(shown.latest()), 'the report after undoing the edit');
    // The same command again reveals the same panel.
    const again = await vscode.commands.executeCommand('planilla.auditReport', uri);
    assert.equal(again.panel, shown.panel);
    shown.panel.dispose();
    await vscode.workspace.fs.delete(target);
  });
});
