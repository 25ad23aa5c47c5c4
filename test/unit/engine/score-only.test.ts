/**
 * Score-only lines (NOTATION.md, art. 5.1): a paper sheet's numbers without the plays. The engine
 * checks what numbers tell — the sheet's addition, the turn order, the end-of-game adjustments,
 * time and arbiter penalties — and says once that the plays were not checked.
 *
 * The reference game is WORKED-EXAMPLES.md's Appendix A (worked out by hand there): its moves
 * written as numbers only must give the same true totals (364–322) as the full record.
 */
import * as assert from 'node:assert/strict';
import { analyze } from '../../../server/src/service/document';
import { APPENDIX_A_FISE_ENDING, APPENDIX_A_MOVES } from '../../support/worked-examples';
import { APPENDIX_A, record, run, summary, textAt } from './helpers';

/** `>Ana: ABEFNNQ 8F BEFAN +20 20` → `>Ana: +20 20` (the ending lines stay as they are). */
function numbersOnly(line: string): string {
  const m = /^(>[^:]+:).*\s([+-]\d+)\s+(-?\d+)$/.exec(line);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : line;
}

const SCORE_ONLY_A = record(...APPENDIX_A_MOVES.map(numbersOnly), ...APPENDIX_A_FISE_ENDING);

describe('engine: score-only lines', () => {
  it('replays Appendix A written as numbers only to the same true totals, with no finding', () => {
    const full = run(APPENDIX_A);
    const numbers = run(SCORE_ONLY_A);
    assert.deepEqual(summary(numbers), []);
    assert.deepEqual(numbers.final, full.final);
    assert.deepEqual(numbers.final, [364, 322]);
    assert.equal(numbers.gameEnd?.reason, 'out');
    assert.equal(numbers.gameEnd?.article, '37.4');
  });

  it('says once, on the first score-only line, how many plays were not checked', () => {
    const r = run(SCORE_ONLY_A);
    assert.equal(r.playsNotChecked?.count, APPENDIX_A_MOVES.length);
    assert.equal(r.playsNotChecked?.line, 5); // first event, after the five header lines
    const a = analyze(SCORE_ONLY_A);
    assert.equal(a.notices.length, 1);
    assert.equal(a.notices[0].id, 'plays-not-checked');
    assert.equal(a.notices[0].article, '5.1');
    assert.equal(a.notices[0].args['count'], APPENDIX_A_MOVES.length);
    assert.equal(analyze(APPENDIX_A).notices.length, 0);
    assert.ok(r.turns.slice(0, APPENDIX_A_MOVES.length).every((t) => t.playNotChecked === true));
    assert.equal(r.turns.at(-1)!.playNotChecked, undefined);
  });

  it('a line of +0 (a pass, an exchange or a withdrawn play) leaves the board known: the plays after it are checked', () => {
    const zero = run(record('>Ana: ABEFNNQ 8F BEFAN +20 20', '>Beto: +0 0', '>Ana: ENNQUX? 9H aX +40 60'));
    assert.deepEqual(summary(zero), ['score-mismatch@8']); // aX makes 37, not 40
    assert.equal(zero.playsNotChecked?.count, 1);
    assert.equal(zero.turns[2].playNotChecked, undefined);
    assert.equal(zero.turns[2].computedScore, 37);
    // A line with points put tiles somewhere: the board is not known after it, as before.
    const points = run(record('>Ana: ABEFNNQ 8F BEFAN +20 20', '>Beto: +5 5', '>Ana: ENNQUX? 9H aX +40 60'));
    assert.deepEqual(summary(points), []);
    assert.equal(points.playsNotChecked?.count, 2);
    assert.equal(points.turns[2].playNotChecked, true);
  });

  it('reports a misadded total once, where the sheet added wrongly', () => {
    const text = SCORE_ONLY_A.replace('>Beto: +43 116', '>Beto: +43 126');
    const r = run(text);
    assert.deepEqual(summary(r), ['cumulative-mismatch@13']);
    assert.equal(textAt(r, r.findings[0]), '126');
    assert.deepEqual(r.final, [364, 322]);
  });

  it('takes each score as written: a different score is no finding, the totals follow it', () => {
    const text = SCORE_ONLY_A.replace('>Beto: +43 116', '>Beto: +44 117');
    const r = run(text);
    assert.deepEqual(summary(r), ['cumulative-mismatch@15']); // Beto's next total still adds from 116
  });

  it('checks the turn order', () => {
    const text = record('>Ana: +20 20', '>Ana: +10 30', '>Beto: +5 5');
    assert.deepEqual(summary(run(text)), ['out-of-turn@7']);
  });

  it('checks the end-of-game lines against the tiles they name (37.4)', () => {
    const ok = record('>Ana: +20 20', '>Beto: +10 10', '>Ana: +8 28', '>Ana: (AEI[CH]) +8 36', '>Beto: AEI[CH] (AEI[CH]) -8 2');
    assert.deepEqual(summary(run(ok)), []);
    assert.deepEqual(run(ok).final, [36, 2]);
    const wrongValue = ok.replace('(AEI[CH]) +8 36', '(AEI[CH]) +9 37');
    assert.deepEqual(summary(run(wrongValue)), ['end-rack-mismatch@9']);
    const otherTiles = ok.replace('AEI[CH] (AEI[CH]) -8 2', 'AEI (AEI) -3 7');
    assert.deepEqual(summary(run(otherTiles)), ['end-rack-mismatch@10']);
    // The opponent's line first: the sheet still says who went out.
    const deductionOnly = record('>Ana: +20 20', '>Beto: +10 10', '>Ana: +8 28', '>Beto: AEI (AEI) -3 7');
    assert.deepEqual(summary(run(deductionOnly)), ['missing-end-adjustment@8']); // at the going-out turn
  });

  it('reports a move after the end that an end-of-game line declared', () => {
    const text = record('>Ana: +20 20', '>Beto: +10 10', '>Ana: +5 25', '>Ana: (AE) +2 27', '>Beto: AE (AE) -2 8', '>Beto: +10 18');
    assert.deepEqual(summary(run(text)), ['move-after-game-end@11']);
  });

  it('checks time and arbiter penalties', () => {
    const text = [
      '#character-encoding UTF-8',
      '#player1 Ana Ana',
      '#player2 Beto Beto',
      '#clock Beto -01:05',
      '>Ana: +20 20',
      '>Beto: +10 10',
      '>Beto: (time) -10 0',
      '>Ana: (penalty) -20 0',
    ].join('\n');
    assert.deepEqual(summary(run(text)), ['time-penalty-mismatch@7', 'arbiter-penalty-mismatch@8']);
  });

  it('lets a withdrawal take back a score-only turn (art. 34)', () => {
    const text = record('>Ana: +20 20', '>Beto: +26 26', '>Beto: -- -26 0', '>Ana: +10 30');
    const r = run(text);
    assert.deepEqual(summary(r), []);
    assert.deepEqual(r.final, [30, 0]);
  });

  it('checks full lines before the first score-only line, and no play after it', () => {
    const moves = [...APPENDIX_A_MOVES];
    moves[1] = moves[1].replace('+38 38', '+39 38'); // a full line with a wrong score: checked
    moves[4] = numbersOnly(moves[4]); // from here on the board is unknown
    moves[7] = moves[7].replace('+43 116', '+44 117'); // a full line after it: not checked
    const r = run(record(...moves, ...APPENDIX_A_FISE_ENDING));
    assert.deepEqual(summary(r), ['score-mismatch@7', 'cumulative-mismatch@15']);
    assert.equal(r.playsNotChecked?.count, APPENDIX_A_MOVES.length - 4);
    assert.equal(r.playsNotChecked?.line, 9);
  });

  it('reads a rack on a score-only line and still checks it (art. 3)', () => {
    const text = record('>Ana: ?ABEFNN +20 20', '>Beto: ÑÑÑ? +10 10');
    assert.deepEqual(summary(run(text)), ['rack-not-in-bag@7']);
  });
});
