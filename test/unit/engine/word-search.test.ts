/**
 * Words without a coordinate (docs/notation.md): the placements of a word written whole that
 * score the sheet's score (art. 12–19), the later lines deciding between them, and the replay
 * that goes on with the one placement found.
 */
import * as assert from 'node:assert/strict';
import { emptyBoard } from '../../../server/src/engine/board';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import { allPlacements, findPlacements, type WordTile } from '../../../server/src/engine/word-search';
import type { BoardCells } from '../../../server/src/engine/types';
import { stripCoordinates } from '../../support/strip-sheet';
import { APPENDIX_A, lexiconOf, record, run, summary, APPENDIX_A_WORDS } from './helpers';

const spanish = TILE_SETS.spanish;
const ALL_TILES = spanish.kinds.flatMap((k) => Array.from({ length: k.count }, () => k.letter));
const word = (text: string): WordTile[] => [...text].map((ch) => ({ letter: ch.toUpperCase(), blank: ch !== ch.toUpperCase(), text: ch }));

function boardWith(cells: readonly [number, number, string][]): BoardCells {
  const b = emptyBoard().slice();
  for (const [row, col, letter] of cells) b[row * 15 + col] = { letter, blank: false, turn: 0 };
  return b;
}

describe('engine: word search', () => {
  it('finds every first-move placement through H8, each direction, with its score', () => {
    const all = allPlacements(emptyBoard(), word('CASA'), { pool: ALL_TILES, tileSet: spanish });
    // Four starts per direction cover H8 (columns E–H across, rows 5–8 down).
    assert.deepEqual(
      all.map((p) => p.coord),
      ['8E', '8F', '8G', '8H', 'H5', 'H6', 'H7', 'H8'],
    );
    assert.ok(all.every((p) => p.score === 12)); // C3 A1 S1 A1 = 6, doubled on H8
  });

  it('keeps only the placements that score the sheet score, and names the nearest when none does', () => {
    const board = boardWith([
      [7, 5, 'B'],
      [7, 6, 'E'],
      [7, 7, 'F'],
      [7, 8, 'A'],
      [7, 9, 'N'],
    ]);
    const found = findPlacements(board, word('ZA'), { score: 1000, pool: ALL_TILES, tileSet: spanish });
    assert.equal(found.matches.length, 0);
    assert.equal(found.nearest.length, 3);
    const best = found.nearest[0].score;
    assert.ok(found.nearest.every((p) => p.score <= best));
  });

  it('takes new tiles from the pool only: a blank for a lower-case letter', () => {
    const none = allPlacements(emptyBoard(), word('CAsA'), { pool: ['C', 'A', 'A', 'S'], tileSet: spanish });
    assert.equal(none.length, 0);
    const some = allPlacements(emptyBoard(), word('CAsA'), { pool: ['C', 'A', 'A', '?'], tileSet: spanish });
    assert.ok(some.length > 0 && some.every((p) => p.score === 10));
  });

  it('writes board tiles as dots and needs the board letter under them', () => {
    const board = boardWith([[7, 7, 'A']]);
    const all = allPlacements(board, word('CASA'), { pool: ALL_TILES, tileSet: spanish });
    assert.ok(all.length > 0);
    for (const p of all) assert.match(p.play, /^[CAS.]{4}$/);
    assert.ok(all.some((p) => p.coord === '8G' && p.play === 'C.SA'));
    assert.ok(!all.some((p) => p.row === 0), 'a placement must touch the board');
  });
});

describe('engine: word lines in a replay', () => {
  const lexicon = lexiconOf(APPENDIX_A_WORDS);

  it('replays Appendix A with every coordinate removed to the same totals, every word located where it was', () => {
    const stripped = stripCoordinates(APPENDIX_A, { lexicon });
    assert.ok(stripped.answers.size >= 20);
    const full = run(APPENDIX_A, { lexicon });
    const words = run(stripped.text, { lexicon });
    assert.deepEqual(summary(words), summary(full));
    assert.deepEqual(words.final, full.final);
    words.turns.forEach((t, i) => {
      const answer = stripped.answers.get(words.file.events[i].line);
      if (!answer) return;
      assert.equal(t.wordSearch?.status, 'located', `line ${t.event.line + 1}`);
      assert.equal(t.wordSearch?.candidates[0].coord, answer.coord, `line ${t.event.line + 1}`);
      assert.equal(t.placed.map((p) => `${p.row},${p.col}`).join(' '), answer.squares);
    });
  });

  it('takes the score from the totals when the sheet leaves it out', () => {
    const stripped = stripCoordinates(APPENDIX_A, { lexicon, rack: false, score: false });
    assert.match(stripped.text, /^>Ana: BEFAN 20$/m);
    const words = run(stripped.text, { lexicon });
    assert.deepEqual(words.final, run(APPENDIX_A, { lexicon }).final);
    assert.equal(words.turns[0].wordSearch?.score, 20);
    assert.equal(words.turns[0].wordSearch?.status, 'located');
  });

  it('lets a later coordinate settle the first move across or down', () => {
    const r = run(record('>Ana: BEFAN +20 20', '>Beto: AHOOORZ F6 ZA.RO +38 38'), { lexicon });
    assert.deepEqual(
      r.turns[0].wordSearch?.candidates.map((c) => c.coord),
      ['8F'],
    );
    assert.deepEqual(summary(r), []);
  });

  it('reports one score-mismatch naming the nearest placements when the word scores so nowhere', () => {
    const r = run(record('>Ana: ABEFNNQ BEFAN +21 21'), { lexicon });
    assert.deepEqual(summary(r), ['score-mismatch@6']);
    assert.equal(r.findings[0].messageId, 'score-mismatch-word');
    assert.match(String(r.findings[0].args.nearest), /\b8F 20\b/);
    assert.equal(r.turns[0].wordSearch?.status, 'nowhere');
    assert.equal(r.final[0], 21); // the sheet's amount, as on a score-only line
  });

  it('leaves a word undecided when two placements fit and nothing later tells them apart', () => {
    // BEFAN on the first move: 8E and 8F both score 20 across (no premium under either), and so do their mirrors.
    const r = run(record('>Ana: BEFAN +20 20', '>Beto: AHOOORZ H4 ZO. +99 99'), { lexicon });
    const search = r.turns[0].wordSearch;
    assert.ok(search && (search.status === 'ambiguous' || search.status === 'located'));
    if (search.status === 'ambiguous') assert.ok(search.candidates.length >= 2);
  });
});
