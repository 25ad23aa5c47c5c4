/**
 * The edits the server sends, in process (a fake connection and document store). They name the
 * document they were computed for: the version in every workspace edit (quick fixes, fix-all,
 * rename), the version of the fix-all and reconstruction answers, and no reconstruction edits or
 * deep figures for a record changed, or closed and opened again, while the work ran. The fix-all
 * and fill actions are computed once per version however often the editor asks, and "Completar
 * la planilla" is also a quick fix on the lines it completes.
 */
import { strict as assert } from 'node:assert';
import type { CancellationToken, ConfigurationItem, PublishDiagnosticsParams, TextDocumentEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ServerState, type DocumentStore, type ServerConnection, type ServerHost } from '../../../server/src/lsp/state';
import { initialize } from '../../../server/src/lsp/handlers/initialize';
import { codeAction } from '../../../server/src/lsp/handlers/code-action';
import { fixAll } from '../../../server/src/lsp/handlers/fix-all';
import { rename } from '../../../server/src/lsp/handlers/rename';
import { reconstructRequest } from '../../../server/src/lsp/handlers/reconstruct';
import { deepAnalysisRequest } from '../../../server/src/lsp/handlers/deep-analysis';
import { codeLens } from '../../../server/src/lsp/handlers/code-lens';
import { writeCgp } from '../../../server/src/analysis/cgp';
import type { Lexicon } from '../../../server/src/lexicon/types';
import { defaultLexicon } from '../../support/fixtures';
import { generateGame } from '../../support/generator';
import { stripToScores } from '../../support/strip-scores';

const RECORD = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana García',
  '#player2 Beto Alberto Ruiz',
  '#incomplete',
  '>Ana: ABILORS 8D LIBRO +18 18',
  '>Beto: ADEIMNT 7G IDEA +13 13',
  '>Ana: EEIMNOS - +0 18',
  '',
].join('\n');

class FakeConnection implements ServerConnection {
  readonly errors: string[] = [];
  readonly console = { error: (m: string): void => void this.errors.push(m) };
  readonly window = {
    showWarningMessage: (): void => undefined,
    showErrorMessage: (): void => undefined,
    showInformationMessage: (): void => undefined,
  };
  readonly workspace = { getConfiguration: (_item: ConfigurationItem): Promise<unknown> => Promise.resolve({ language: 'en' }) };
  sendDiagnostics(_params: PublishDiagnosticsParams): Promise<void> {
    return Promise.resolve();
  }
}

/** The open documents as the server's store keeps them: one object from open to close, updated in place. */
class Documents implements DocumentStore {
  private readonly docs = new Map<string, TextDocument>();
  open(uri: string, text: string, version = 1): TextDocument {
    const doc = TextDocument.create(uri, 'gcg', version, text);
    this.docs.set(uri, doc);
    return doc;
  }
  change(uri: string, text: string): void {
    const doc = this.docs.get(uri)!;
    TextDocument.update(doc, [{ text }], doc.version + 1);
  }
  close(uri: string): void {
    this.docs.delete(uri);
  }
  get(uri: string): TextDocument | undefined {
    return this.docs.get(uri);
  }
  all(): TextDocument[] {
    return [...this.docs.values()];
  }
}

const token: CancellationToken = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

function setup(documentChanges: boolean, lexicon?: Lexicon): { state: ServerState; documents: Documents } {
  const documents = new Documents();
  const host: ServerHost = {
    readFile: () => Promise.resolve(undefined),
    lexicons: { get: () => ({ warnings: [], ...(lexicon ? { lexicon } : {}) }), clear: () => undefined },
  };
  const state = new ServerState(new FakeConnection(), documents, host);
  initialize(state, {
    processId: null,
    rootUri: null,
    capabilities: { workspace: { configuration: true, workspaceEdit: { documentChanges } } },
    initializationOptions: { locale: 'en' },
  });
  return { state, documents };
}

const URI = 'file:///records/partida.gcg';
const CHANGED = /the record changed while this was computed; nothing was applied/;

describe('lsp: edits and results name the document version they were computed for', function () {
  this.timeout(120000);

  it('names the version in every code action and rename edit when the client takes documentChanges', async () => {
    const { state, documents } = setup(true);
    documents.open(URI, RECORD);
    documents.change(URI, RECORD.replace('+13 13', '+13 14'));
    documents.change(URI, RECORD.replace('+13 13', '+13 15'));
    const actions = await codeAction(
      state,
      {
        textDocument: { uri: URI },
        range: { start: { line: 0, character: 0 }, end: { line: 7, character: 0 } },
        context: { diagnostics: [] },
      },
      token,
    );
    const withEdits = actions.filter((a) => a.edit);
    assert.ok(withEdits.length > 0, JSON.stringify(actions));
    for (const a of withEdits) {
      assert.equal(a.edit!.changes, undefined, a.title);
      const changes = a.edit!.documentChanges as TextDocumentEdit[];
      assert.deepEqual(
        changes.map((c) => c.textDocument),
        [{ uri: URI, version: 3 }],
        a.title,
      );
    }
    const renamed = await rename(state, { textDocument: { uri: URI }, position: { line: 4, character: 2 }, newName: 'Anita' }, token);
    assert.deepEqual(
      (renamed!.documentChanges as TextDocumentEdit[]).map((c) => c.textDocument),
      [{ uri: URI, version: 3 }],
    );
  });

  it('keeps the plain changes form for a client that does not take documentChanges', async () => {
    const { state, documents } = setup(false);
    documents.open(URI, RECORD);
    const actions = await codeAction(
      state,
      {
        textDocument: { uri: URI },
        range: { start: { line: 0, character: 0 }, end: { line: 7, character: 0 } },
        context: { diagnostics: [] },
      },
      token,
    );
    const withEdits = actions.filter((a) => a.edit);
    assert.ok(withEdits.length > 0);
    for (const a of withEdits) assert.ok(a.edit!.changes?.[URI], a.title);
  });

  it('answers fix-all with the version its edits are for', async () => {
    const { state, documents } = setup(true);
    documents.open(URI, RECORD);
    documents.change(URI, RECORD.replace('+13 13', '+13 19'));
    const r = await fixAll(state, { uri: URI }, token);
    assert.ok('edits' in r && r.edits.length > 0, JSON.stringify(r));
    assert.equal(r.version, 2);
  });

  describe('a reconstruction', () => {
    const lexicon = defaultLexicon();
    // made in a hook, not when the file loads
    let s: ReturnType<typeof stripToScores>;
    let board: string;
    before(() => {
      s = stripToScores(generateGame({ seed: 3, lexicon }).text, { lexicon });
      board = writeCgp({ board: s.board, racks: [[], []], scores: [0, 0], zeros: 0, tileSet: 'spanish' });
    });

    it('names the version of its edits', async () => {
      const { state, documents } = setup(true, lexicon);
      documents.open(URI, s.text, 4);
      const r = await reconstructRequest(state, { uri: URI, board }, token);
      assert.ok('edits' in r && r.edits.length > 10, JSON.stringify(r).slice(0, 300));
      assert.equal(r.version, 4);
    });

    it('sends no edits for a record typed into during the search, one line instead', async () => {
      const { state, documents } = setup(true, lexicon);
      documents.open(URI, s.text);
      // One line typed at the top while the search runs (told at its end, before the answer).
      const r = await reconstructRequest(state, { uri: URI, board }, token, (p) => {
        if (p.percent === 100) documents.change(URI, `#description Final del torneo\n${s.text}`);
      });
      assert.ok('error' in r, JSON.stringify(r).slice(0, 300));
      assert.match(r.error, CHANGED);
    });

    it('sends no edits for a record closed and opened again during the search, at the same version', async () => {
      const { state, documents } = setup(true, lexicon);
      documents.open(URI, s.text);
      const r = await reconstructRequest(state, { uri: URI, board }, token, (p) => {
        if (p.percent !== 100) return;
        documents.close(URI);
        state.forget(URI);
        documents.open(URI, `#description Otra\n${s.text}`);
      });
      assert.ok('error' in r, JSON.stringify(r).slice(0, 300));
      assert.match(r.error, CHANGED);
    });
  });

  it("keeps no deep figures for a record closed and reopened during the analysis; the new move's lens has none", async () => {
    const lexicon = defaultLexicon();
    const game = generateGame({ seed: 5, lexicon });
    const { state, documents } = setup(true, lexicon);
    documents.open(URI, game.text);
    const lensesOf = async (): Promise<string[]> =>
      (await codeLens(state, { textDocument: { uri: URI } }, token))
        .filter((l) => l.command?.command === 'planilla.deepAnalysis')
        .map((l) => `${l.range.start.line}:${l.command!.title}`);
    const line = Number((await lensesOf())[2].split(':')[0]);
    // Another game at the same path, opened again with version 1 as an editor does.
    const other = generateGame({ seed: 11, lexicon });
    const r = await deepAnalysisRequest(state, { uri: URI, line }, token, (p) => {
      if (p.percent !== 0) return;
      documents.close(URI);
      state.forget(URI);
      documents.open(URI, other.text);
    });
    assert.ok('error' in r, JSON.stringify(r).slice(0, 300));
    assert.match(r.error, CHANGED);
    assert.equal(state.verdictCache.atLine(URI, 1, line), undefined);
    assert.ok(
      (await lensesOf()).every((l) => l.endsWith(':Deep analysis')),
      (await lensesOf()).join('\n'),
    );
    // On the record as it stands, the figures are kept and shown.
    const ok = await deepAnalysisRequest(state, { uri: URI, line }, token);
    assert.ok(!('error' in ok), JSON.stringify(ok).slice(0, 300));
    assert.ok(state.verdictCache.atLine(URI, 1, line));
  });
});

describe('lsp: code actions from the analysis held', () => {
  // Line 6 (0-based 5) has no total: fill completes it. Line 7's total is wrong: fix-all fixes it.
  const SHEET = RECORD.replace('+13 13', '+13').replace('- +0 18', '- +0 19');
  const at = (line: number, only?: string[]) => ({
    textDocument: { uri: URI },
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    context: { diagnostics: [], ...(only ? { only } : {}) },
  });

  it('offers "Completar la planilla" as a quick fix on a line it completes, and only there', async () => {
    const { state, documents } = setup(true);
    documents.open(URI, SHEET);
    const here = await codeAction(state, at(5, ['quickfix']), token);
    const fill = here.find((a) => a.title.startsWith('Complete the sheet'));
    assert.ok(fill, JSON.stringify(here.map((a) => a.title)));
    assert.equal(fill.kind, 'quickfix');
    assert.deepEqual((fill.edit!.documentChanges as TextDocumentEdit[])[0].edits, [
      { range: { start: { line: 5, character: 26 }, end: { line: 5, character: 26 } }, newText: ' 13' },
    ]);
    const elsewhere = await codeAction(state, at(4, ['quickfix']), token);
    assert.ok(
      elsewhere.every((a) => a.title !== fill.title),
      JSON.stringify(elsewhere.map((a) => a.title)),
    );
    // The Source Action menu still has it, under its own kind.
    const source = await codeAction(state, at(4, ['source.planilla.fill']), token);
    assert.deepEqual(
      source.map((a) => [a.kind, a.title]),
      [['source.planilla.fill', fill.title]],
    );
  });

  it('computes fix-all once per version however often the editor asks, and again for a new version', async () => {
    const { state, documents } = setup(true);
    documents.open(URI, SHEET);
    // The analysis itself reads the settings too: it is made first, then the count starts.
    await state.currentAnalysis(URI, token);
    let computed = 0;
    const analysisSettingsFor = state.analysisSettingsFor.bind(state);
    state.analysisSettingsFor = (...args) => {
      computed++;
      return analysisSettingsFor(...args);
    };
    const titles: string[] = [];
    for (let line = 0; line < 8; line++) {
      const actions = await codeAction(state, at(line), token);
      titles.push(actions.find((a) => a.kind === 'source.fixAll')?.title ?? '');
    }
    assert.equal(computed, 1);
    assert.equal(new Set(titles).size, 1);
    assert.notEqual(titles[0], '');
    documents.change(URI, SHEET.replace('- +0 19', '- +0 17'));
    await state.currentAnalysis(URI, token);
    computed = 0;
    const after = await codeAction(state, at(0), token);
    await codeAction(state, at(1), token);
    assert.equal(computed, 1);
    assert.deepEqual(
      (after.find((a) => a.kind === 'source.fixAll')?.edit?.documentChanges as TextDocumentEdit[] | undefined)?.map((c) => c.textDocument),
      [{ uri: URI, version: 2 }],
    );
  });
});
