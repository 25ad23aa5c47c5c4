/**
 * Fuzzing the whole pipeline with mutated records: every corpus record, sample and generated game
 * after random byte, token and line edits goes through the parser, the formatter, the engine and
 * every feature of the editor service and the reports, at random positions; none may throw (a
 * call that never returns is caught by the property's mocha timeout). The formatter round-trips, and a record and its formatted twin replay
 * to the same findings.
 *
 * Budget and seed: support.ts (`npm test` fixed and short; `npm run fuzz` long).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Position, Range } from 'vscode-languageserver-types';
import { analyzeRecord } from '../../server/src/cli/shared/record';
import type { TileSetName } from '../../server/src/engine/types';
import { loadDefaultLexicon } from '../../server/src/lexicon/load';
import type { Lexicon } from '../../server/src/lexicon/types';
import { buildAudit } from '../../server/src/report/audit';
import { boardViewAt } from '../../server/src/report/board-body';
import { renderHtmlReport } from '../../server/src/report/html';
import { renderMarkdownReport } from '../../server/src/report/markdown';
import { renderBoardSvg } from '../../server/src/report/svg';
import { renderTextBoard } from '../../server/src/report/text-board';
import { EDITIONS, type Edition, type Language } from '../../server/src/rules/types';
import { getCodeActions } from '../../server/src/service/actions';
import { analyze, type Analysis } from '../../server/src/service/document';
import { boardModel, turnAtLine } from '../../server/src/service/board-model';
import { getCompletions } from '../../server/src/service/completion';
import { getDiagnostics, rackReadingHints } from '../../server/src/service/diagnostics';
import { getDocumentSymbols, getFoldingRanges, getFormattingEdits, getInlayHints } from '../../server/src/service/editing';
import { exportForWoogles } from '../../server/src/service/export';
import { getHover } from '../../server/src/service/hover';
import { getCodeLenses } from '../../server/src/service/lenses';
import { locate } from '../../server/src/service/locate';
import { DEFAULT_SETTINGS, scanHeader, type PlanillaSettings } from '../../server/src/service/settings';
import { format, formatDocument } from '../../server/src/syntax/format';
import { parse } from '../../server/src/syntax/parse';
import type { ParseResult } from '../../server/src/syntax/types';
import { project } from '../unit/syntax/helpers';
import { fuzzParameters, mutatedRecord, PROPERTY_TIMEOUT_MS, seedRecords, labelled } from './support';

const URI = 'file:///fuzz.gcg';

interface Options {
  readonly rules?: Edition;
  readonly tileSet?: TileSetName;
  readonly lang: Language;
  readonly withLexicon: boolean;
  readonly settings: PlanillaSettings;
}

const options: fc.Arbitrary<Options> = fc.record({
  rules: fc.option(fc.constantFrom(...EDITIONS), { nil: undefined }),
  tileSet: fc.option(fc.constantFrom<TileSetName>('spanish', 'english'), { nil: undefined }),
  lang: fc.constantFrom<Language>('es', 'en'),
  withLexicon: fc.boolean(),
  settings: fc.constantFrom<PlanillaSettings>(
    DEFAULT_SETTINGS,
    { ...DEFAULT_SETTINGS, severity: { 'score-mismatch': 'off', 'unaccepted-word': 'hint' } },
    { ...DEFAULT_SETTINGS, rules: 'naspa', exchangeMinimum: 0 },
  ),
});

/** Raw numbers that become positions once the text's size is known (some past its end). */
const rawPositions = fc.array(fc.tuple(fc.nat(), fc.nat({ max: 400 })), { minLength: 1, maxLength: 4 });

function toPositions(analysis: Analysis, raw: readonly [number, number][]): Position[] {
  const lines = analysis.parsed.file.text.split(/\r\n|\r|\n/);
  return raw.map(([l, c]) => {
    const line = l % (lines.length + 2);
    return { line, character: c % ((lines[line]?.length ?? 0) + 3) };
  });
}

/** Every feature of the service and the reports, at the given positions. */
function exercise(analysis: Analysis, positions: readonly Position[], o: Options, lexicon: Lexicon | undefined): void {
  const { lang, settings } = o;
  const lineCount = analysis.parsed.file.lines.length;
  const whole: Range = { start: { line: 0, character: 0 }, end: { line: lineCount + 1, character: 0 } };
  const diagnostics = labelled('getDiagnostics', () => getDiagnostics(analysis, URI, lang, settings));
  labelled('rackReadingHints', () => rackReadingHints(analysis, lang));
  labelled('getCodeLenses', () => getCodeLenses(analysis, lang));
  labelled('getDocumentSymbols', () => getDocumentSymbols(analysis));
  labelled('getFoldingRanges', () => getFoldingRanges(analysis));
  labelled('getFormattingEdits', () => getFormattingEdits(analysis));
  labelled('getInlayHints', () => getInlayHints(analysis, whole, lang));
  labelled('exportForWoogles', () => exportForWoogles(analysis, lang));
  labelled('scanHeader', () => scanHeader(analysis.parsed.file.text));
  for (const pos of positions) {
    const range: Range = { start: pos, end: { line: pos.line, character: pos.character + 5 } };
    labelled(`getHover ${pos.line}:${pos.character}`, () => getHover(analysis, pos, lang, settings));
    labelled(`getCompletions ${pos.line}:${pos.character}`, () => getCompletions(analysis, pos, lang));
    labelled(`getCodeActions ${pos.line}:${pos.character}`, () => getCodeActions(analysis, URI, range, diagnostics, lang, settings));
    labelled(`getInlayHints ${pos.line}:${pos.character}`, () => getInlayHints(analysis, range, lang));
    labelled(`locate ${pos.line}:${pos.character}`, () => locate(analysis, pos));
    labelled(`boardViewAt ${pos.line}`, () => boardViewAt(analysis.replay, pos.line, lang));
    const model = labelled('boardModel', () => boardModel(analysis.replay, turnAtLine(analysis.replay, pos.line)));
    labelled('renderTextBoard', () => renderTextBoard(model, lang));
    labelled('renderBoardSvg', () => renderBoardSvg(model, lang, { standalone: true, caption: ['x'], title: 't' }));
  }
  labelled('getCodeActions (whole file)', () => getCodeActions(analysis, URI, whole, diagnostics, lang, settings));
  const audit = labelled('buildAudit', () => buildAudit({ path: 'fuzz.gcg', analysis, lexicon, lang }));
  labelled('renderHtmlReport', () => renderHtmlReport(audit, analysis.replay, { diagrams: true }));
  labelled('renderMarkdownReport', () => renderMarkdownReport(audit, analysis.replay, { diagrams: true }));
}

/** Findings keyed by the record line they sit on, counted among the lines both readings keep. */
function findingKeys(parsed: ParseResult, analysis: Analysis): string[] {
  const ordinal = keptLineOrdinals(parsed);
  return analysis.findings
    .filter((f) => f.code !== 'encoding-fallback')
    .map((f) => `${f.code}@${ordinal.get(f.span.start.line) ?? `dropped ${f.span.start.line}`}`)
    .sort();
}

/**
 * Ordinal of each kept line: the formatter drops blank lines and the encoding and notation
 * pragmas it rewrites, and writes its own header, so a line is known by its place among the others.
 */
function keptLineOrdinals(parsed: ParseResult): Map<number, number> {
  const map = new Map<number, number>();
  let n = 0;
  for (const line of parsed.file.lines) {
    const dropped =
      line.type === 'blank' || (line.type === 'pragma' && (line.name === 'character-encoding' || line.name === 'tile-notation'));
    if (!dropped) map.set(line.line, n++);
  }
  return map;
}

describe('fuzz: mutated records', function () {
  this.timeout(PROPERTY_TIMEOUT_MS);
  let lexicon: Lexicon;

  before(() => {
    lexicon = loadDefaultLexicon();
    assert.ok(seedRecords().length >= 10, `${seedRecords().length} seed records`);
  });

  it('parse, format and formatDocument never throw', () => {
    fc.assert(
      fc.property(mutatedRecord(), (m) => {
        const parsed = labelled('parse', () => parse(m.bytes));
        labelled('format', () => format(parsed.file));
        labelled('formatDocument', () => formatDocument(m.bytes));
        labelled('parse (text)', () => parse(parsed.file.text));
      }),
      fuzzParameters(4),
    );
  });

  it('analyze, every service feature and the reports never throw', () => {
    fc.assert(
      fc.property(mutatedRecord(), options, rawPositions, (m, o, raw) => {
        const lex = o.withLexicon ? lexicon : undefined;
        const analysis = labelled('analyze', () => analyze(m.bytes, { rules: o.rules, tileSet: o.tileSet, lexicon: lex }));
        exercise(analysis, toPositions(analysis, raw), o, lex);
        const report = labelled('analyzeRecord', () =>
          analyzeRecord('fuzz.gcg', m.bytes, { rules: o.rules, tileSet: o.tileSet, lexicon: lex }, o.lang),
        );
        assert.equal(report.analysis === undefined, false, report.summary);
      }),
      fuzzParameters(2),
    );
  });

  it('format round-trips and is idempotent on mutated records', () => {
    fc.assert(
      fc.property(mutatedRecord(), (m) => {
        const first = parse(m.bytes);
        const out = labelled('format', () => format(first.file));
        const second = parse(out);
        assert.deepEqual(project(second), project(first));
        assert.equal(format(second.file), out);
      }),
      fuzzParameters(3),
    );
  });

  it('a mutated record and its formatted twin replay to the same findings', () => {
    fc.assert(
      fc.property(mutatedRecord(), fc.constantFrom(...EDITIONS), (m, rules) => {
        const parsed = parse(m.bytes);
        const out = format(parsed.file);
        const before = analyze(m.bytes, { rules, lexicon });
        const after = analyze(out, { rules, lexicon });
        assert.deepEqual(findingKeys(parse(out), after), findingKeys(parsed, before));
      }),
      fuzzParameters(2),
    );
  });

  it('every seed record and its formatted twin replay to the same findings', () => {
    for (const seed of seedRecords()) {
      const parsed = parse(seed.bytes);
      const out = format(parsed.file);
      const before = analyze(seed.bytes, { lexicon });
      const after = analyze(out, { lexicon });
      assert.deepEqual(findingKeys(parse(out), after), findingKeys(parsed, before), seed.name);
    }
  });

  it('generated games replay with no error, and so do their formatted twins', () => {
    for (const seed of seedRecords().filter((s) => s.name.startsWith('generated'))) {
      const before = analyze(seed.bytes, { lexicon });
      const after = analyze(format(parse(seed.bytes).file), { lexicon });
      const errors = (a: Analysis) => a.findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => f.code);
      assert.deepEqual(errors(before), [], seed.name);
      assert.deepEqual(errors(after), [], seed.name);
      assert.deepEqual(after.replay.final, before.replay.final, seed.name);
    }
  });
});
