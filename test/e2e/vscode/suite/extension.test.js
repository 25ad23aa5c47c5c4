// The extension inside VS Code 1.100 (code-server), through the real language client (the server
// over stdio): language registration, diagnostics in vscode.languages, hovers, code lenses, a
// quick fix applied, symbols, the commands (check the workspace, export for Woogles, fix all
// scores, export the commented game, the deep analysis), a settings change reaching the server,
// and a server that dies started again.
// Every wait polls for its condition with a deadline.
'use strict';
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const vscode = require('vscode');

const { waitFor, fileUri } = require('./support');

const hoverText = (hovers) => hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');

describe('Planilla in VS Code', function () {
  const uri = fileUri('score-error.gcg');
  let doc;

  before(async () => {
    doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('planilla').update('language', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('registers the gcg language for .gcg files and activates', async () => {
    assert.equal(doc.languageId, 'gcg');
    const ext = vscode.extensions.getExtension('planilla.planilla');
    assert.ok(ext, 'the extension is loaded');
    await waitFor(() => ext.isActive, 'activation');
  });

  it('publishes the score mismatch on the score token', async () => {
    const diags = await waitFor(() => {
      const d = vscode.languages.getDiagnostics(uri);
      return d.length ? d : null;
    }, 'diagnostics');
    assert.equal(diags.length, 1);
    const [d] = diags;
    assert.equal(typeof d.code === 'object' ? d.code.value : d.code, 'score-mismatch');
    assert.equal(d.source, 'planilla');
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.deepEqual([d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character], [6, 23, 6, 26]);
    assert.match(d.message, /declared score 18, computed 16/);
  });

  it('hovers with the article and the move worked out', async () => {
    const hovers = await waitFor(async () => {
      const h = await vscode.commands.executeCommand('vscode.executeHoverProvider', uri, new vscode.Position(6, 24));
      return h && h.length ? h : null;
    }, 'hover');
    const text = hoverText(hovers);
    assert.match(text, /\*\*art\. 12–19\*\*/);
    assert.match(text, /LIBRO = 8 × 2 = \*\*16\*\*/);
    assert.match(text, /True totals after the move: Ana \*\*16\*\* · Beto \*\*0\*\*/);
    const note = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', uri, new vscode.Position(7, 10)));
    assert.match(note, /A \*\*strong\*\* opening/);
  });

  it('shows the true totals as code lenses', async () => {
    // Resolve every lens: the coach's lenses get their title lazily, through codeLens/resolve.
    const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri, 100);
    const titles = (line) => lenses.filter((l) => l.range.start.line === line).map((l) => l.command && l.command.title);
    const coach = (t) => /^(best \(static\): |endgame: |no analysis: |no legal moves|Deep analysis$|deep \()/.test(t || '');
    const on = (line) => titles(line).filter((t) => !coach(t));
    assert.deepEqual(on(6), ['after the move: Ana 16 · Beto 0  ⚠ the sheet says 18']);
    assert.deepEqual(on(8), ['after the move: Ana 16 · Beto 13']);
    assert.ok(
      [6, 8].some((line) => titles(line).some(coach)),
      JSON.stringify([titles(6), titles(8)]),
    );
    assert.deepEqual(on(0), [
      'provisional score (game not finished): Ana 16 – Beto 13 (the sheet: 18–13)',
      'current FISE rulebook · Spanish tiles (FISE)',
    ]);
  });

  it("analyses a move deeply from its lens command: the hover and the lens then show the turn's verdict", async () => {
    const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri, 100);
    const action = lenses.find((l) => l.range.start.line === 6 && l.command && l.command.command === 'planilla.deepAnalysis');
    assert.ok(action, JSON.stringify(lenses.map((l) => l.command && l.command.title)));
    assert.equal(action.command.title, 'Deep analysis');
    const answer = await vscode.commands.executeCommand(action.command.command, ...action.command.arguments);
    assert.ok(answer && answer.verdict && answer.kind === answer.verdict.method, JSON.stringify(answer));
    const hover = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', uri, new vscode.Position(6, 18)));
    assert.match(hover, /\*\*Deep \((static|simulated|pre-endgame|exact endgame|endgame)[^)]*\):\*\* /);
    const after = await waitFor(async () => {
      const got = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri, 100);
      return got.find((l) => l.range.start.line === 6 && l.command && /^deep \(/.test(l.command.title)) || null;
    }, 'the deep lens with its verdict');
    // the verdict: the method, the move named best and what the move played loses against it
    assert.match(
      after.command.title,
      /^deep \([^)]*\): (best .+; the move played loses [\d.]+ and [\d.]+% of winning|the move played is the best)/,
    );
    assert.equal(after.command.title, answer.message);
  });

  it('applies a quick fix, after which the record is clean', async () => {
    const range = new vscode.Range(6, 23, 6, 26);
    const actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', uri, range);
    const titles = actions.map((a) => a.title);
    const fix = actions.find((a) => a.title === 'Set the computed score +16 and the true total 16');
    assert.ok(fix, JSON.stringify(titles));
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(doc.lineAt(6).text, '>Ana: ABILORS 8D LIBRO +16 16');
    await waitFor(() => vscode.languages.getDiagnostics(uri).length === 0, 'diagnostics to clear');
  });

  it('lists one symbol per turn', async () => {
    const symbols = await vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', uri);
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['1. Ana 8D LIBRO +16', '2. Beto 7G IDEA +13'],
    );
  });

  it('checks every record of the workspace, open or not', async () => {
    const summary = await vscode.commands.executeCommand('planilla.checkWorkspace');
    assert.ok(summary && summary.checked >= 3, JSON.stringify(summary));
    const ending = fileUri('gcg-ending.gcg');
    const diags = await waitFor(() => {
      const d = vscode.languages.getDiagnostics(ending);
      return d.length ? d : null;
    }, 'diagnostics of an unopened file');
    assert.deepEqual(
      diags.map((d) => (typeof d.code === 'object' ? d.code.value : d.code)),
      ['end-rack-gcg-convention'],
    );
    assert.deepEqual(vscode.languages.getDiagnostics(fileUri('fise-ending.gcg')), []);
  });

  it('exports a record for Woogles into a new editor', async () => {
    const exported = await vscode.commands.executeCommand('planilla.exportWoogles', fileUri('fise-ending.gcg'));
    assert.ok(exported, 'a document is returned');
    const text = exported.getText();
    assert.match(text, /^#character-encoding UTF-8\n#player1 Ana Ana García\n/);
    assert.doesNotMatch(text, /#tile-notation/);
    assert.match(text, />Beto: C\[CH\]ÑT\? \(C\[CH\]ÑT\?\) -17 322/);
  });

  it('follows the message language setting', async () => {
    const ending = fileUri('gcg-ending.gcg');
    const endingDoc = await vscode.workspace.openTextDocument(ending);
    await vscode.window.showTextDocument(endingDoc);
    await vscode.workspace.getConfiguration('planilla').update('language', 'es', vscode.ConfigurationTarget.Workspace);
    const diags = await waitFor(() => {
      const d = vscode.languages.getDiagnostics(ending);
      return d.length && /según FISE/.test(d[0].message) ? d : null;
    }, 'Spanish diagnostics');
    assert.match(diags[0].message, /Ana 364 – Beto 322/);
  });

  it('fixes every score and total of a record in one undoable edit', async () => {
    const text = [
      '#player1 Ana Ana García',
      '#player2 Beto Alberto Ruiz',
      '#incomplete',
      '>Ana: ABILORS 8D LIBRO +18 18',
      '>Beto: ADEIMNT 7G IDEA +11 11',
      '',
    ].join('\n');
    const record = await vscode.workspace.openTextDocument({ language: 'gcg', content: text });
    await vscode.window.showTextDocument(record);
    await waitFor(() => vscode.languages.getDiagnostics(record.uri).length > 0, 'the wrong scores found');
    assert.equal(await vscode.commands.executeCommand('planilla.fixAll', record.uri), true);
    assert.equal(record.lineAt(3).text, '>Ana: ABILORS 8D LIBRO +16 16');
    assert.equal(record.lineAt(4).text, '>Beto: ADEIMNT 7G IDEA +13 13');
    await waitFor(() => vscode.languages.getDiagnostics(record.uri).length === 0, 'diagnostics to clear after the fix');
    await vscode.commands.executeCommand('undo');
    assert.equal(record.getText(), text, 'one undo restores the record');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('exports the commented game of a record to the file given', async () => {
    const target = fileUri('score-error.comentada.html');
    const written = await vscode.commands.executeCommand('planilla.exportCommented', fileUri('score-error.gcg'), target);
    assert.equal(written && written.toString(), target.toString());
    const html = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
    assert.match(html, /<h1>Partida comentada<\/h1>/);
    assert.match(html, /A <strong>strong<\/strong> opening through the centre star\./);
    // one diagram at the note, one at the large mistake (Beto's IDEA loses some 67 points)
    assert.equal(html.match(/<div class="position"><svg/g)?.length, 2);
  });

  it('runs one server, forked by this extension host over stdio; one killed is started again and checks the next edit', async () => {
    // This suite runs inside the extension host: the server is its child process.
    const servers = () =>
      execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
        .split('\n')
        .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
        .filter((m) => m && Number(m[2]) === process.pid && /dist\/server\.js/.test(m[3]))
        .map((m) => ({ pid: Number(m[1]), args: m[3] }));
    const [first] = await waitFor(() => (servers().length === 1 ? servers() : null), 'one server process');
    assert.match(first.args, /dist\/server\.js --stdio --clientProcessId=\d+/);
    process.kill(first.pid, 'SIGKILL');
    const second = await waitFor(() => {
      const now = servers();
      return now.length === 1 && now[0].pid !== first.pid ? now[0] : null;
    }, 'a new server process');
    assert.match(second.args, /--stdio/);
    // The new server checks an edit: a wrong score on the first move.
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(6, 23, 6, 29), '+99 99');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const diags = await waitFor(() => {
      const d = vscode.languages.getDiagnostics(uri);
      return d.some((x) => /99/.test(x.message)) ? d : null;
    }, 'diagnostics from the new server');
    assert.equal(typeof diags[0].code === 'object' ? diags[0].code.value : diags[0].code, 'score-mismatch');
  });
});
