// From the paper sheet to the record, inside VS Code 1.100 (code-server) through the real language
// client: a word written without its coordinate gets the quick fix that writes it, "Completar la
// planilla" (the source action) gives back the whole record from its words, and "Reconstruir
// desde el tablero final…" (the command, with the board file given) writes every play of a
// score-only sheet. The sheets are made here from the workspace's fise-ending.gcg, the record they
// must give back: its coordinates taken out (the words written whole, as an annotator copies
// them), or everything but the scores and totals.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');

const { waitFor, fileUri } = require('./support');

// A placement line: nick, rack, coordinate, play, score and total.
const PLACEMENT = /^(>[^:]+:) (\S+) ((?:\d{1,2}[A-O]|[A-O]\d{1,2}) \S+) ([+-]\d+ -?\d+)$/;
// The main word of each placement of fise-ending.gcg, whole (the board's letters included).
const WORDS = ['BEFAN', 'ZABRO', 'aX', 'AH', 'QUIZA', 'VOTO', 'IDEAN', 'CERNOS', 'ENE', 'HO[LL]AD', 'ASAREO', 'BU[LL]IR', 'aXILA'].concat([
  'PUS',
  'FaLOPEEN',
  'GRANJEO',
  'ENGU[RR]AIS',
  'SAL',
  'MAYE',
  'CID',
  'MIO',
  'GRANJEOS',
  'TOLDAD',
  'SEQUIZAS',
  'CUENTE',
]);
// Its final board, as `planilla board fise-ending.gcg --cgp` writes it.
const FINAL_CGP =
  '7CE3M1A/7ENGU[RR]AIS/TOLDAD1RE3Y1A/3IDEAN3BE1R/6VOTO1U2E/SEQUIZAS1HO[LL]ADO/5AH3CID2/5BEFAN1R2M/5R1aXILA2I/5O1L3SALO/3PUS1O7/7P7/2GRANJEOS5/7E7/4CUENTE5 /C[CH]ÑT? 364/322 0 ld spanish;\n';

const encode = (text) => new TextEncoder().encode(text);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function applyAction(action) {
  if (action.edit) assert.ok(await vscode.workspace.applyEdit(action.edit), `${action.title}: the edit applies`);
  if (action.command) await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
}

describe('Planilla in VS Code: from the paper sheet to the record', function () {
  let original;
  let lines;
  const words = fileUri('palabras.gcg');
  const scores = fileUri('solo-puntos.gcg');
  const board = fileUri('final.cgp');

  before(async () => {
    original = new TextDecoder().decode(await vscode.workspace.fs.readFile(fileUri('fise-ending.gcg')));
    lines = original.split('\n');
    let k = 0;
    const withWords = lines.map((l) =>
      PLACEMENT.test(l) ? l.replace(PLACEMENT, (_m, nick, rack, _at, total) => `${nick} ${rack} ${WORDS[k++]} ${total}`) : l,
    );
    assert.equal(k, WORDS.length, 'one word for each placement');
    await vscode.workspace.fs.writeFile(words, encode(withWords.join('\n')));
    await vscode.workspace.fs.writeFile(scores, encode(lines.map((l) => l.replace(PLACEMENT, '$1 $4')).join('\n')));
    await vscode.workspace.fs.writeFile(board, encode(FINAL_CGP));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of [words, scores, board]) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  });

  it('offers the placement of a word written without its coordinate as a quick fix, and writes it', async () => {
    const doc = await vscode.workspace.openTextDocument(words);
    await vscode.window.showTextDocument(doc);
    // Line 7: `>Beto: AHOOORZ ZABRO +38 38`, through the B of BEFAN: F6 ZA.RO is its one placement.
    assert.equal(doc.lineAt(6).text, '>Beto: AHOOORZ ZABRO +38 38');
    await waitFor(() => vscode.languages.getDiagnostics(words).some((d) => d.range.start.line === 6), 'a finding on the word line');
    const range = doc.lineAt(6).range;
    const actions = await waitFor(async () => {
      const got = await vscode.commands.executeCommand(
        'vscode.executeCodeActionProvider',
        words,
        range,
        vscode.CodeActionKind.QuickFix.value,
      );
      return got && got.some((a) => /F6/.test(a.title)) ? got : null;
    }, 'the quick fix naming F6');
    await applyAction(actions.find((a) => /F6/.test(a.title)));
    assert.equal(doc.lineAt(6).text, lines[6]);
    assert.equal(lines[6], '>Beto: AHOOORZ F6 ZA.RO +38 38');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.lineAt(6).text, '>Beto: AHOOORZ ZABRO +38 38');
  });

  it('"Completar la planilla" writes every coordinate: the record comes back as it was', async () => {
    const doc = await vscode.workspace.openTextDocument(words);
    await vscode.window.showTextDocument(doc);
    const all = new vscode.Range(0, 0, doc.lineCount, 0);
    const [fill] = await waitFor(async () => {
      const got = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', words, all, 'source.planilla.fill');
      return got && got.length > 0 ? got : null;
    }, 'the fill source action');
    assert.match(fill.title, /(Completar la planilla|Complete the sheet).*25/);
    await applyAction(fill);
    assert.equal(doc.getText(), original);
    await waitFor(() => vscode.languages.getDiagnostics(words).length === 0, 'no finding once filled');
  });

  it('"Reconstruir desde el tablero final…" writes the plays of a score-only sheet from its final board', async () => {
    assert.equal(await vscode.commands.executeCommand('planilla.reconstruct', scores, board), true);
    const doc = await vscode.workspace.openTextDocument(scores);
    lines.forEach((l, i) => {
      const m = PLACEMENT.exec(l);
      if (!m) return;
      // The play and the numbers of the original; a rack only where the sheet makes it certain.
      assert.match(doc.lineAt(i).text, new RegExp(`^${escape(m[1])} (\\S+ )?${escape(`${m[3]} ${m[4]}`)}$`), `line ${i + 1}`);
    });
    await waitFor(
      () => !vscode.languages.getDiagnostics(scores).some((d) => d.severity === vscode.DiagnosticSeverity.Error),
      'no error once rebuilt',
    );
  });
});
