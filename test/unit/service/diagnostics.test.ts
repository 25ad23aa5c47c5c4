/**
 * Diagnostics: one per finding, with the finding code, source `planilla`, the exact token at
 * fault, the message in the chosen language with its article, related information, and the
 * severity settings (`off` hides a code).
 */
import { strict as assert } from 'node:assert';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { getDiagnostics, rackReadingHints, tilesLabel } from '../../../server/src/service/diagnostics';
import { getFormattingEdits } from '../../../server/src/service/editing';
import { EXAMPLE_6, GAME_A, analyzeRecord, rangeText, settings, LISTED, withLine } from './fixtures';

const URI = 'file:///game.gcg';

describe('service: diagnostics', () => {
  it('a clean record has no diagnostics', () => {
    for (const text of [EXAMPLE_6, GAME_A]) assert.deepEqual(getDiagnostics(analyzeRecord(text), URI, 'es', settings(LISTED)), []);
  });

  const cases: {
    name: string;
    line: number;
    replacement: string;
    code: string;
    token: string;
    severity: DiagnosticSeverity;
    only?: boolean;
  }[] = [
    {
      name: 'wrong score',
      line: 6,
      replacement: '>Ana: ABILORS 8D LIBRO +18 18',
      code: 'score-mismatch',
      token: '+18',
      severity: DiagnosticSeverity.Error,
    },
    {
      name: "the sheet's own addition",
      line: 7,
      replacement: '>Beto: ADEIMNT 7G IDEA +13 14',
      code: 'cumulative-mismatch',
      token: '14',
      severity: DiagnosticSeverity.Error,
    },
    {
      name: 'a line the grammar cannot read',
      line: 5,
      replacement: 'this is junk',
      code: 'syntax-error',
      token: 'this is junk',
      severity: DiagnosticSeverity.Error,
    },
    {
      name: 'an unknown pragma',
      line: 5,
      replacement: '#foo bar',
      code: 'unknown-pragma',
      token: '#foo bar',
      severity: DiagnosticSeverity.Hint,
    },
    {
      name: 'a word not in the lexicon',
      line: 6,
      replacement: '>Ana: ABILORS 8D BIROL +20 20',
      code: 'unaccepted-word',
      token: 'BIROL',
      severity: DiagnosticSeverity.Warning,
      only: true,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: code ${c.code} on «${c.token}»`, () => {
      const base = c.only ? withLine(EXAMPLE_6, 7, '') : EXAMPLE_6;
      const text = withLine(base, c.line, c.replacement);
      const diagnostics = getDiagnostics(analyzeRecord(text), URI, 'es', settings(LISTED));
      assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
      const [d] = diagnostics;
      assert.equal(d.code, c.code);
      assert.equal(d.source, 'planilla');
      assert.equal(d.severity, c.severity);
      assert.equal(rangeText(text, d.range), c.token);
      assert.ok(String(d.message).length > 0);
    });
  }

  it('cites the article and speaks the chosen language', () => {
    const text = withLine(EXAMPLE_6, 6, '>Ana: ABILORS 8D LIBRO +18 18');
    const [es] = getDiagnostics(analyzeRecord(text), URI, 'es', settings(LISTED));
    const [en] = getDiagnostics(analyzeRecord(text), URI, 'en', settings(LISTED));
    assert.match(String(es.message), /art\. 12–19/);
    assert.match(String(es.message), /calculada 16/);
    assert.match(String(en.message), /16/);
    assert.notEqual(es.message, en.message);
  });

  it('points at the previous total of the same player as related information', () => {
    const text = withLine(GAME_A, 7, '>Ana: ENNQUX? 9H aX +37 58');
    const [d] = getDiagnostics(analyzeRecord(text), URI, 'en', settings(LISTED));
    assert.equal(d.code, 'cumulative-mismatch');
    assert.ok(d.relatedInformation && d.relatedInformation.length === 1, JSON.stringify(d));
    const related = d.relatedInformation[0];
    assert.equal(related.location.uri, URI);
    assert.equal(related.location.range.start.line, 5);
    assert.equal(rangeText(text, related.location.range), '20');
  });

  it('hides a code set to off', () => {
    const text = withLine(withLine(EXAMPLE_6, 7, ''), 6, '>Ana: ABILORS 8D BIROL +20 20');
    assert.equal(getDiagnostics(analyzeRecord(text), URI, 'es', settings(LISTED)).length, 1);
    assert.deepEqual(getDiagnostics(analyzeRecord(text), URI, 'es', settings({ ...LISTED, severity: { 'unaccepted-word': 'off' } })), []);
  });

  it('writes digraph tiles in brackets in the rack-reading hint', () => {
    assert.equal(tilesLabel(['D', 'E', 'I', 'O', 'RR', 'X']), 'DEIO[RR]X');
    assert.equal(tilesLabel(['C', 'H']), 'CH');
    assert.deepEqual(rackReadingHints(analyzeRecord(EXAMPLE_6), 'es'), []);
  });

  it('warns once, first, about U+FFFD (a wrong encoding guess), in both languages, and formatting gives no edits', () => {
    const text = withLine(EXAMPLE_6, 6, '>Ana: ABILORS 8D LIBRO +16 16 #canci\uFFFDn, \uFFFD');
    const analysis = analyzeRecord(text);
    const [es, ...rest] = getDiagnostics(analysis, URI, 'es', settings(LISTED));
    const [en] = getDiagnostics(analysis, URI, 'en', settings(LISTED));
    assert.equal(es.code, 'wrong-encoding');
    assert.equal(es.severity, DiagnosticSeverity.Warning);
    assert.equal(rangeText(text, es.range), '\uFFFD');
    assert.equal(es.range.start.line, 6);
    assert.ok(!rest.some((d) => d.code === 'wrong-encoding'), JSON.stringify(rest));
    assert.match(String(es.message), /codificación equivocada/);
    assert.match(String(es.message), /no lo formateará/);
    assert.match(String(en.message), /wrong encoding/);
    assert.match(String(en.message), /will not format it/);
    assert.deepEqual(getFormattingEdits(analysis), []);
    assert.ok(!getDiagnostics(analyzeRecord(EXAMPLE_6), URI, 'es', settings(LISTED)).some((d) => d.code === 'wrong-encoding'));
  });
});
