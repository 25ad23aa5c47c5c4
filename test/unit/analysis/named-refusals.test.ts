/**
 * The move generator offers no word the edition refuses by name (rules/named-words.ts), neither
 * as the move's word nor as a cross word, even when the word list holds it: what `moves` and the
 * coach offer, `check` accepts. Under an edition that does not name the word, it is offered.
 */
import * as assert from 'node:assert/strict';
import { emptyBoard, SQUARE_COUNT } from '../../../server/src/engine/board';
import type { PlacedTile } from '../../../server/src/engine/types';
import { NO_LEAVES } from '../../../server/src/analysis/leaves';
import { generateMoves, moveJson, bestMoves } from '../../../server/src/analysis/moves';
import type { Position } from '../../../server/src/analysis/position';
import { buildDawg } from '../../../server/src/lexicon/dawg';
import { DawgLexicon } from '../../../server/src/lexicon/load';
import type { Edition } from '../../../server/src/rules/types';
import { parse } from '../../../server/src/syntax/parse';
import { replay } from '../../../server/src/engine/replay';

const LIST = new DawgLexicon(buildDawg(['enrulo', 'noes', 'no', 'nos', 'es', 'si', 'so', 'oes', 'une', 'lunes', 'sol']), 'lista', 'test');

function position(rules: Edition, rack: string[], tiles: [number, number, string][] = []): Position {
  const board: (PlacedTile | null)[] = emptyBoard().slice();
  assert.equal(board.length, SQUARE_COUNT);
  for (const [row, col, letter] of tiles) board[row * 15 + col] = { letter, blank: false, turn: 0 };
  return { board, rack, bag: 40, scores: [0, 0], rules, tileSet: 'spanish' };
}

const words = (p: Position): string[] =>
  generateMoves(p, { lexicon: LIST, leaves: NO_LEAVES })
    .filter((m) => m.kind === 'play')
    .map((m) => `${String(moveJson(m).position)} ${String(moveJson(m).word)}`);

describe('analysis: no move the rulebook refuses by name', () => {
  it('ENRULO (XII §17) and NOES (XII §18.2.1) are not offered under the current edition, and are under 2004', () => {
    const rack = ['E', 'N', 'R', 'U', 'L', 'O', 'S'];
    const now = words(position('fise', rack)).map((w) => w.split(' ')[1]);
    const older = words(position('fise-2004', rack)).map((w) => w.split(' ')[1]);
    assert.ok(!now.includes('ENRULO') && !now.includes('NOES'), now.join(', '));
    assert.ok(older.includes('ENRULO') && older.includes('NOES'), older.join(', '));
    assert.ok(now.includes('LUNES') && now.includes('NOS'));
    const best = bestMoves(position('fise', rack), 3, { lexicon: LIST, leaves: NO_LEAVES }).map((m) => String(moveJson(m).word));
    assert.ok(!best.includes('ENRULO'), best.join(', '));
  });

  it('a move whose cross word is refused by name is not offered (SI down from J8 makes NOES across)', () => {
    const tiles: [number, number, string][] = [
      [7, 6, 'N'],
      [7, 7, 'O'],
      [7, 8, 'E'],
    ];
    const now = words(position('fise', ['S', 'I'], tiles));
    const older = words(position('fise-2004', ['S', 'I'], tiles));
    assert.ok(older.includes('J8 SI'), older.join(', '));
    assert.ok(!now.includes('J8 SI'), now.join(', '));
  });

  it('the same board asked under one edition, then the other, and back: each gets its own cross words', () => {
    const tiles: [number, number, string][] = [
      [7, 6, 'N'],
      [7, 7, 'O'],
      [7, 8, 'E'],
    ];
    for (const [rules, offered] of [
      ['fise-2004', true],
      ['fise', false],
      ['fise-2004', true],
      ['fise', false],
    ] as const) {
      const list = words(position(rules, ['S', 'I'], tiles));
      assert.equal(list.includes('J8 SI'), offered, `${rules}: ${list.join(', ')}`);
      const best = bestMoves(position(rules, ['S', 'I'], tiles), 50, { lexicon: LIST, leaves: NO_LEAVES }).map((m) =>
        String(moveJson(m).position),
      );
      assert.equal(best.includes('J8'), offered, `${rules}: ${best.join(', ')}`);
    }
  });

  it('every move offered under the current edition is one check does not refuse by name', () => {
    const rack = ['E', 'N', 'R', 'U', 'L', 'O', 'S'];
    for (const m of generateMoves(position('fise', rack), { lexicon: LIST, leaves: NO_LEAVES })) {
      if (m.kind !== 'play') continue;
      const j = moveJson(m);
      const text = `#player1 A Ana\n#player2 B Beto\n>A: ENRULOS ${String(j.position)} ${String(j.play)} +${m.score} ${m.score}\n`;
      const named = replay(parse(text).file, { lexicon: LIST }).findings.filter((f) => f.messageId === 'unaccepted-word-named');
      assert.deepEqual(named, [], text);
    }
  });
});
