/**
 * The moves a graded turn simulates (analysis/candidates.ts, deep-game.ts `simCandidatesOf`):
 * blank and mirror-image variants folded into one placement, the best exchanges added when the
 * bag allows one (art. 24), so that the opening rack EINSSTT tries an exchange and a Q-alone
 * exchange is tried.
 */
import { strict as assert } from 'node:assert';
import { replay } from '../../../server/src/engine/replay';
import { parse } from '../../../server/src/syntax/parse';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { builtinLeaves } from '../../../server/src/analysis/leave-files';
import { bestMoves } from '../../../server/src/analysis/moves';
import { newTiles, type Move } from '../../../server/src/analysis/move';
import type { Position } from '../../../server/src/analysis/position';
import { bestExchanges, distinctMoves } from '../../../server/src/analysis/candidates';
import { deepAnalyzeTurn, type DeepSimulate } from '../../../server/src/analysis/deep-game';

const lexicon = loadDefaultLexicon();
const leaves = builtinLeaves().leaves;

const empty = (rack: string, bag = 86, rules: Position['rules'] = 'fise'): Position => ({
  board: new Array(225).fill(null),
  rack: [...rack],
  bag,
  scores: [0, 0],
  rules,
  tileSet: 'spanish',
});

/** A placement's squares and letters as a set (blanks as letters), transposed when `t`. */
const cells = (m: Move, t = false): string =>
  newTiles(m)
    .map((x) => (t ? `${x.col},${x.row},${x.letter}` : `${x.row},${x.col},${x.letter}`))
    .sort()
    .join('|');

describe('analysis: the candidates of a graded turn', () => {
  it('folds the across and down images of a placement on the empty board, and blank variants', () => {
    const p = empty('EINSSTT');
    const all = bestMoves(p, 24, { lexicon, leaves });
    const folded = distinctMoves(p, all);
    assert.ok(folded.length < all.length);
    for (let i = 0; i < folded.length; i++)
      for (let j = 0; j < i; j++)
        if (folded[i].kind === 'play' && folded[j].kind === 'play') assert.notEqual(cells(folded[i]), cells(folded[j], true));
    // Every folded-away move is the image of one kept.
    for (const m of all)
      if (m.kind === 'play') assert.ok(folded.some((k) => k.kind === 'play' && (cells(k) === cells(m) || cells(k) === cells(m, true))));
    const blank = empty('EINST?T');
    const withBlank = bestMoves(blank, 60, { lexicon, leaves });
    const before = withBlank.filter((m) => m.kind === 'play').map((m) => cells(m));
    assert.ok(new Set(before).size < before.length, 'the list holds blank variants of one placement');
    const kept = distinctMoves(blank, withBlank)
      .filter((m) => m.kind === 'play')
      .map((m) => cells(m));
    assert.equal(new Set(kept).size, kept.length);
  });

  it('folds nothing but blank variants on a board no symmetry keeps', () => {
    const p = empty('EINSSTT');
    const board = p.board.slice();
    board[7 * 15 + 7] = { letter: 'A', blank: false, turn: 0 };
    board[7 * 15 + 8] = { letter: 'S', blank: false, turn: 0 };
    board[8 * 15 + 7] = { letter: 'I', blank: false, turn: 0 };
    const q = { ...p, board };
    const all = bestMoves(q, 24, { lexicon, leaves });
    assert.equal(distinctMoves(q, all).length, new Set(all.map((m) => `${m.kind}${cells(m)}${m.squares.join()}`)).size);
  });

  it('offers the best exchanges only when the bag allows one (art. 24)', () => {
    const q = bestExchanges(empty('ADEIQRS'), 3, { lexicon, leaves });
    assert.equal(q.length, 3);
    assert.ok(q.every((m) => m.kind === 'exchange'));
    assert.ok(
      q.some((m) => m.used === 1),
      'the Q alone',
    );
    assert.deepEqual(bestExchanges(empty('ADEIQRS', 0), 3, { lexicon, leaves }), []);
    assert.deepEqual(bestExchanges(empty('ADEIQRS', 6, 'naspa'), 3, { lexicon, leaves }), []);
  });

  it('simulates an exchange and no two images of one placement on the opening rack EINSSTT', async () => {
    const r = replay(parse('#player1 Ana Ana\n#player2 Luis Luis\n>Ana: EINSSTT 8D TINTES +14 14\n').file, { lexicon });
    let asked: readonly Move[] = [];
    const simulate: DeepSimulate = (_p, moves) => {
      asked = moves;
      return moves.map((move) => ({ move, equity: move.equity, iterations: 1, margin: 0 }));
    };
    const t = await deepAnalyzeTurn(r, 0, { lexicon, leaves, top: 5, simulate });
    assert.equal(t?.method, 'sim');
    assert.ok(
      asked.some((m) => m.kind === 'exchange'),
      'an exchange',
    );
    const plays = asked.filter((m) => m.kind === 'play');
    for (let i = 0; i < plays.length; i++) for (let j = 0; j < i; j++) assert.notEqual(cells(plays[i]), cells(plays[j], true));
  });
});
