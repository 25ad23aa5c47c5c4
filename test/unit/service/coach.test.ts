/**
 * The coach's analysis in the editor (service/coach.ts): the hover section with the best moves
 * and the move played's rank, the lens title, the cache per position, cancellation, and the
 * `planilla.analysis.enabled` setting. The best moves themselves are the generator's (its own
 * tests check them against a slow generator); here we check what the editor makes of them.
 */
import { strict as assert } from 'node:assert';
import { AnalysisCancelled, bestMoves, moveWord, movePosition, positionBefore } from '../../../server/src/analysis';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import type { TurnAnalysis } from '../../../server/src/analysis/coach';
import {
  CoachCache,
  coachHoverMarkdown,
  coachHoverParts,
  HOVER_FETCH,
  type CoachHoverParts,
  coachLensStubs,
  coachLensText,
  coachLensTitle,
  coachTurn,
  equityText,
  isCoachLensData,
} from '../../../server/src/service/coach';
import { getHover } from '../../../server/src/service/hover';
import { readSettings } from '../../../server/src/service/settings';
import { EXAMPLE_6, HEADER, analyzeRecord, settings } from './fixtures';

const lexicon = loadDefaultLexicon();

describe('service: coach (best moves in the hover and the lens)', () => {
  const analysis = analyzeRecord(EXAMPLE_6);

  it('analyses a turn with a known rack: the best five, the move played and its rank', () => {
    const cache = new CoachCache();
    const got = coachTurn(analysis, 1, lexicon, cache, 'es');
    assert.ok(got && 'turn' in got, 'IDEA was played from a full rack');
    const turn = got.turn;
    assert.equal(turn.best?.length, 5);
    const pos = positionBefore(analysis.replay, 1);
    assert.ok('position' in pos);
    const expected = bestMoves(pos.position, 5, { lexicon });
    assert.deepEqual(
      turn.best?.map((m) => `${movePosition(m)} ${moveWord(m)}`),
      expected.map((m) => `${movePosition(m)} ${moveWord(m)}`),
    );
    assert.equal(turn.legal, true);
    assert.ok(turn.rank !== undefined && turn.rank >= 1);
    assert.equal(turn.equityLost, Math.round((expected[0].equity - turn.played!.equity) * 100) / 100);
  });

  it('caches per position: the same turn again is the same answer, and the cache stays bounded', () => {
    const cache = new CoachCache();
    const a = coachTurn(analysis, 0, lexicon, cache, 'es');
    const b = coachTurn(analysis, 0, lexicon, cache, 'es');
    assert.ok(a && b && 'turn' in a && 'turn' in b);
    assert.equal(a.turn, b.turn);
    assert.equal(cache.size, 1);
    // The same position in another document (another analysis) is a hit too.
    const again = analyzeRecord(EXAMPLE_6.replace('Ana', 'Ana'));
    const c = coachTurn(again, 0, lexicon, cache, 'es');
    assert.ok(c && 'turn' in c);
    assert.equal(c.turn, a.turn);
  });

  it('stops when the request is cancelled (AnalysisCancelled), caching nothing', () => {
    const cache = new CoachCache();
    assert.throws(() => coachTurn(analysis, 1, lexicon, cache, 'es', { isCancellationRequested: true }), AnalysisCancelled);
    assert.equal(cache.size, 0);
  });

  it('gives the reason, not a guess, for a turn without the full rack or without a word list', () => {
    const partial = analyzeRecord([...HEADER, '#incomplete', '>Ana: 8D LIBRO +16 16', ''].join('\n'));
    const got = coachTurn(partial, 0, lexicon, new CoachCache(), 'es');
    assert.ok(got && 'reason' in got);
    assert.match(coachLensText(got, 'es'), /^sin análisis: la planilla no da el atril/);
    assert.deepEqual(coachLensStubs(partial, 'file:///x.gcg'), []);
    const noList = coachTurn(analysis, 0, undefined, new CoachCache(), 'en');
    assert.ok(noList && 'reason' in noList);
    assert.equal(coachLensText(noList, 'en'), 'no analysis: moves are not listed without a word list');
  });

  it('writes the lens in the language: decimal comma in Spanish, the move played when it was the best', () => {
    const got = coachTurn(analysis, 1, lexicon, new CoachCache(), 'es');
    assert.ok(got && 'turn' in got);
    const best = got.turn.best![0];
    const name = `${movePosition(best)} ${moveWord(best)} +${best.score}`;
    const worse: TurnAnalysis = { ...got.turn, rank: 3, equityLost: 4.5 };
    assert.equal(coachLensTitle(worse, 'es'), `mejor (estática): ${name} (-4,5)`);
    assert.equal(coachLensTitle(worse, 'en'), `best (static): ${name} (-4.5)`);
    const top: TurnAnalysis = { ...got.turn, rank: 1, equityLost: 0 };
    assert.equal(coachLensTitle(top, 'es'), `mejor (estática): la jugada hecha (${name})`);
    const illegal: TurnAnalysis = { ...got.turn, legal: false, equityLost: 20 };
    delete (illegal as { rank?: number }).rank;
    assert.equal(coachLensTitle(illegal, 'en'), `best (static): ${name} (the move played is not legal)`);
    assert.equal(equityText(12.345, 'es'), '12,3');
    assert.equal(equityText(1234.5, 'en'), '1,234.5');
  });

  it('lists the best five as a table and says where the move played ranks (+N más when below them)', () => {
    const got = coachTurn(analysis, 1, lexicon, new CoachCache(), 'es');
    assert.ok(got && 'turn' in got);
    const inList: TurnAnalysis = { ...got.turn, rank: 2, equityLost: 3.25, played: got.turn.best![1] };
    const text = coachHoverMarkdown(inList, 'es');
    assert.match(text, /^\*\*Mejores jugadas \(equidad estática\)\*\*/);
    assert.match(text, /\| # \| jugada \| palabra \| puntos \| deja \| equidad \|/);
    assert.equal(text.split('\n').filter((l) => /^\| \d/.test(l)).length, 5);
    assert.match(text, /\| 2 ◀ \|/);
    assert.match(text, /La jugada hecha es la 2\.ª \(◀\): pierde 3,3 de equidad\./);
    const below: TurnAnalysis = { ...got.turn, rank: 12, equityLost: 9 };
    assert.match(coachHoverMarkdown(below, 'es'), /\+6 más… La jugada hecha es la 12\.ª: /);
    assert.match(coachHoverMarkdown({ ...below, rank: 7 }, 'en'), /\+1 more… The move played ranks 7: /);
    assert.doesNotMatch(coachHoverMarkdown({ ...below, rank: 6 }, 'en'), /more…/);
    assert.match(coachHoverMarkdown({ ...got.turn, rank: 1, equityLost: 0 }, 'en'), /The move played is the best \(◀\)\./);
  });

  it('puts the analysis after the score table of the move hover, and only on a move', () => {
    const line = EXAMPLE_6.split('\n').findIndex((l) => l.startsWith('>Beto'));
    const cache = new CoachCache();
    const coach = (index: number): string | undefined => {
      const got = coachTurn(analysis, index, lexicon, cache, 'es');
      return got && 'turn' in got ? coachHoverMarkdown(got.turn, 'es') : undefined;
    };
    const hover = getHover(analysis, { line, character: 20 }, 'es', settings(), coach);
    const value = (hover?.contents as { value: string }).value;
    const table = value.indexOf('IDEA');
    const best = value.indexOf('Mejores jugadas');
    assert.ok(table >= 0 && best > table, value);
    const onPragma = getHover(analysis, { line: 0, character: 2 }, 'es', settings(), coach);
    assert.ok(!onPragma || !(onPragma.contents as { value: string }).value.includes('Mejores jugadas'));
  });

  it("puts the coach's one-line summary first (rank, loss, best move), the move's own table and the best moves after", () => {
    const line = EXAMPLE_6.split('\n').findIndex((l) => l.startsWith('>Beto'));
    const cache = new CoachCache();
    for (const lang of ['es', 'en'] as const) {
      const coach = (index: number): CoachHoverParts | undefined => {
        const got = coachTurn(analysis, index, lexicon, cache, lang, undefined, HOVER_FETCH);
        return got && 'turn' in got ? coachHoverParts(got.turn, lang, lexicon) : undefined;
      };
      const got = coachTurn(analysis, 1, lexicon, cache, lang, undefined, HOVER_FETCH);
      assert.ok(got && 'turn' in got && got.turn.rank !== undefined && got.turn.rank > 1);
      const value = (getHover(analysis, { line, character: 20 }, lang, settings(), coach)?.contents as { value: string }).value;
      const first = value.split('\n')[0];
      const best = got.turn.best![0];
      const lost = equityText(got.turn.equityLost!, lang);
      assert.equal(
        first,
        lang === 'es'
          ? `**Análisis (estática):** puesto ${got.turn.rank}, pierde ${lost} · mejor ${movePosition(best)} ${moveWord(best)} +${best.score} (eq. ${equityText(best.equity, lang)})  `
          : `**Analysis (static):** rank ${got.turn.rank}, loses ${lost} · best ${movePosition(best)} ${moveWord(best)} +${best.score} (eq. ${equityText(best.equity, lang)})  `,
      );
      const table = value.indexOf(lang === 'es' ? 'Mejores jugadas' : 'Best moves');
      // The summary and the move's heading share one paragraph (a hard line break, no rule).
      assert.match(value.split('\n')[1], /IDEA/);
      assert.ok(value.indexOf('IDEA') < table, 'the move first, then the table');
      assert.match(
        value.slice(table),
        lang === 'es' ? /Lista: es-open.*\(la abierta incorporada, no la oficial\)$/ : /List: es-open.*not the official one\)$/,
      );
    }
  });

  it('lists one unresolved lens per analysable move, carrying what resolve needs', () => {
    const stubs = coachLensStubs(analysis, 'file:///g.gcg');
    assert.equal(stubs.length, 2);
    assert.ok(stubs.every((l) => l.command === undefined && isCoachLensData(l.data)));
    assert.deepEqual(
      stubs.map((l) => (l.data as { index: number }).index),
      [0, 1],
    );
    assert.equal(isCoachLensData({ coach: true, uri: 'x', index: -1 }), false);
  });

  it('reads planilla.analysis.enabled (pulled, nested) and analysisEnabled (pushed); on by default', () => {
    assert.equal(readSettings({}).analysisEnabled, true);
    assert.equal(readSettings({ analysis: { enabled: false } }).analysisEnabled, false);
    assert.equal(readSettings({ analysisEnabled: false }).analysisEnabled, false);
    assert.equal(readSettings({ analysis: { enabled: 'no' } }).analysisEnabled, true);
  });
});
