/**
 * The board model (service/board-model.ts): what is drawn at turn N for the records of
 * WORKED-EXAMPLES.md — squares, premiums, blanks, digraph tiles, the last move, racks, totals, bag,
 * unseen tiles (which add up to 100 minus what the viewer has seen) and the end of the game.
 */
import { strict as assert } from 'node:assert';
import { analyze } from '../../../server/src/service/document';
import { boardModel, turnAtLine, type BoardModel, type SquareModel } from '../../../server/src/service/board-model';
import { PREMIUMS } from '../../../server/src/engine/board';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import type { Replay } from '../../../server/src/engine/types';
import { workedExample } from '../report/helpers';

function replayOf(section: number | string): Replay {
  return analyze(workedExample(section)).replay;
}

function square(model: BoardModel, name: string): SquareModel {
  const found = model.squares.find((s) => s.name === name);
  assert.ok(found, `no square ${name}`);
  return found;
}

interface SquareCase {
  readonly name: string;
  readonly letter: string | null;
  readonly blank?: boolean;
  readonly value?: number;
  readonly premium?: string | null;
  readonly lastMove?: boolean;
}

interface ModelCase {
  readonly title: string;
  readonly section: number | string;
  /** Index into Replay.turns (-1 = before the first event). */
  readonly turn: number;
  readonly squares: readonly SquareCase[];
  readonly lastMove: readonly string[];
  readonly tilesOnBoard: number;
}

const CASES: readonly ModelCase[] = [
  {
    title: 'example 1: LIBRO through the star, the L on a double letter',
    section: 1,
    turn: 0,
    squares: [
      { name: 'D8', letter: 'L', value: 1, premium: 'DL', lastMove: true },
      { name: 'H8', letter: 'O', value: 1, premium: 'DW', lastMove: true },
      { name: 'H7', letter: null, premium: null },
      { name: 'A8', letter: null, premium: 'TW' },
    ],
    lastMove: ['D8', 'E8', 'F8', 'G8', 'H8'],
    tilesOnBoard: 5,
  },
  {
    title: 'example 2: NOCHE, the CH one tile worth 5 on a triple letter; the old N is not the last move',
    section: 2,
    turn: 1,
    squares: [
      { name: 'J8', letter: 'N', value: 1, lastMove: false },
      { name: 'J10', letter: 'CH', blank: false, value: 5, premium: 'TL', lastMove: true },
      { name: 'J11', letter: 'E', value: 1, lastMove: true },
      { name: 'J12', letter: null },
    ],
    lastMove: ['J9', 'J10', 'J11'],
    tilesOnBoard: 7,
  },
  {
    title: 'example 3: a blank standing for LL on D8 is worth 0',
    section: 3,
    turn: 0,
    squares: [
      { name: 'D8', letter: 'LL', blank: true, value: 0, premium: 'DL', lastMove: true },
      { name: 'E8', letter: 'A', blank: false, value: 1 },
    ],
    lastMove: ['D8', 'E8', 'F8', 'G8', 'H8'],
    tilesOnBoard: 5,
  },
  {
    title: 'example 8: CHULETAS is seven tiles, the CH one square',
    section: 8,
    turn: 0,
    squares: [
      { name: 'D8', letter: 'CH', value: 5, premium: 'DL' },
      { name: 'E8', letter: 'U' },
      { name: 'J8', letter: 'S' },
      { name: 'K8', letter: null },
    ],
    lastMove: ['D8', 'E8', 'F8', 'G8', 'H8', 'I8', 'J8'],
    tilesOnBoard: 7,
  },
  {
    title: 'example 9: two blanks, P on K6 and R on the double word K11',
    section: 9,
    turn: 1,
    squares: [
      { name: 'K6', letter: 'P', blank: true, value: 0 },
      { name: 'K11', letter: 'R', blank: true, value: 0, premium: 'DW' },
      { name: 'K8', letter: 'N', blank: false, value: 1, lastMove: false },
    ],
    lastMove: ['K6', 'K7', 'K9', 'K10', 'K11', 'K12', 'K13'],
    tilesOnBoard: 11,
  },
  {
    title: 'example 13: after the withdrawal only PERA stays, nothing is the last move',
    section: 13,
    turn: 2,
    squares: [
      { name: 'I6', letter: null },
      { name: 'I8', letter: 'R' },
    ],
    lastMove: [],
    tilesOnBoard: 4,
  },
  {
    title: 'before the first event: an empty board',
    section: 1,
    turn: -1,
    squares: [
      { name: 'H8', letter: null, premium: 'DW' },
      { name: 'O15', letter: null, premium: 'TW' },
    ],
    lastMove: [],
    tilesOnBoard: 0,
  },
];

describe('board/board-model', () => {
  describe('squares, premiums, blanks, digraphs and the last move', () => {
    for (const c of CASES) {
      it(c.title, () => {
        const model = boardModel(replayOf(c.section), c.turn);
        assert.equal(model.squares.length, 225);
        for (const s of c.squares) {
          const sq = square(model, s.name);
          assert.equal(sq.tile?.letter ?? null, s.letter, `${s.name} letter`);
          if (s.blank !== undefined) assert.equal(sq.tile?.blank, s.blank, `${s.name} blank`);
          if (s.value !== undefined) assert.equal(sq.tile?.value, s.value, `${s.name} value`);
          if (s.premium !== undefined) assert.equal(sq.premium, s.premium, `${s.name} premium`);
          if (s.lastMove !== undefined) assert.equal(sq.lastMove, s.lastMove, `${s.name} last move`);
        }
        assert.deepEqual([...model.lastMove].sort(), [...c.lastMove].sort());
        assert.equal(model.squares.filter((s) => s.tile !== null).length, c.tilesOnBoard);
      });
    }
  });

  it('lays out every premium of engine/board.ts and the star on H8 only', () => {
    const model = boardModel(replayOf(1), -1);
    for (const kind of ['TW', 'DW', 'TL', 'DL'] as const) {
      const names = model.squares
        .filter((s) => s.premium === kind)
        .map((s) => s.name)
        .sort();
      assert.deepEqual(names, [...PREMIUMS[kind]].sort(), kind);
    }
    assert.deepEqual(
      model.squares.filter((s) => s.star).map((s) => s.name),
      ['H8'],
    );
    model.squares.forEach((s, i) => assert.equal(s.row * 15 + s.col, i));
  });

  it('starts with the bag after the opening racks, nothing known and the whole set unseen', () => {
    const model = boardModel(replayOf('Appendix A'), -1);
    assert.equal(model.turnIndex, -1);
    assert.equal(model.event, undefined);
    assert.equal(model.bag, 86);
    assert.equal(model.unseen.total, 100);
    assert.equal(model.unseen.perspective, -1);
    assert.deepEqual(
      model.players.map((p) => [p.nick, p.total, p.declaredTotal, p.rack.unknown]),
      [
        ['Ana', 0, null, true],
        ['Beto', 0, null, true],
      ],
    );
  });

  it('clamps the turn index to the record', () => {
    const replay = replayOf(2);
    assert.equal(boardModel(replay, 99).turnIndex, 1);
    assert.equal(boardModel(replay, -7).turnIndex, -1);
    assert.equal(boardModel(replay, Number.NaN).turnIndex, 1);
  });

  describe('unseen tiles (Appendix A, every turn)', () => {
    const replay = replayOf('Appendix A');
    const set = TILE_SETS.spanish;
    const order = set.kinds.map((k) => k.letter);
    for (let i = 0; i < replay.turns.length; i++) {
      it(`event ${i + 1}: grouped in tile-set order, adding up to 100 − board − the viewer's rack`, () => {
        const model = boardModel(replay, i);
        const viewer = model.players[model.unseen.perspective];
        assert.ok(viewer, 'the unseen tiles are seen by the mover');
        const onBoard = model.squares.filter((s) => s.tile !== null).length;
        assert.equal(model.unseen.total, set.total - onBoard - viewer.rack.tiles.length);
        assert.equal(
          model.unseen.groups.reduce((n, g) => n + g.count, 0),
          model.unseen.total,
        );
        const positions = model.unseen.groups.map((g) => order.indexOf(g.letter));
        assert.ok(
          positions.every((p, k) => p >= 0 && (k === 0 || p > positions[k - 1])),
          'tile-set order',
        );
        assert.ok(model.unseen.groups.every((g) => g.count > 0 && g.value === set.value(g.letter)));
      });
    }
  });

  describe('racks, totals, bag, event and end of game (Appendix A)', () => {
    const replay = replayOf('Appendix A');
    const last = replay.turns.length - 1;

    it('after the going-out play: Ana empty, Beto C CH Ñ T ?, the game over under 37.4', () => {
      const model = boardModel(replay, 24);
      assert.deepEqual(model.event && [model.event.number, model.event.line, model.event.nick, model.event.kind], [
        25,
        30,
        'Ana',
        'placement',
      ]);
      assert.equal(model.event?.text, '>Ana: CEETU 15E CUE.TE +8 347');
      assert.deepEqual(
        model.event?.words.map((w) => [w.word, w.score]),
        [['CUENTE', 8]],
      );
      assert.deepEqual(
        model.players.map((p) => p.total),
        [347, 339],
      );
      assert.equal(model.bag, 0);
      assert.deepEqual(model.players[0].rack, { tiles: [], complete: true, partial: false, unknown: false });
      assert.deepEqual(model.players[1].rack.tiles.map((t) => t.letter).sort(), ['?', 'C', 'CH', 'T', 'Ñ'].sort());
      assert.equal(model.players[1].rack.tiles.find((t) => t.letter === '?')?.blank, true);
      assert.equal(model.players[1].rack.tiles.find((t) => t.letter === 'CH')?.value, 5);
      assert.deepEqual(model.gameOver, { reason: 'out', article: '37.4', afterEvent: 25 });
      assert.deepEqual([...model.lastMove].sort(), ['E15', 'F15', 'G15', 'I15', 'J15']);
    });

    it('at the end: true totals 364–322 equal the sheet', () => {
      const model = boardModel(replay, last);
      assert.deepEqual(
        model.players.map((p) => [p.total, p.declaredTotal]),
        [
          [364, 364],
          [322, 322],
        ],
      );
      assert.equal(model.turnCount, 27);
      assert.equal(model.event?.kind, 'rack-deduction');
      assert.deepEqual(model.lastMove, []);
    });

    it('a partial rack is flagged as partial', () => {
      const model = boardModel(replay, 2);
      const ana = model.players[0].rack;
      assert.equal(ana.partial, true);
      assert.equal(ana.complete, false);
      assert.deepEqual(
        ana.tiles.map((t) => t.letter),
        ['E', 'N', 'N', 'Q', 'U'],
      );
    });

    it('keeps the sheet totals beside the true ones when they differ', () => {
      const text = workedExample('Appendix A').replace('>Ana: ENNQUX? 9H aX +37 57', '>Ana: ENNQUX? 9H aX +36 56');
      const model = boardModel(analyze(text).replay, 2);
      assert.deepEqual(
        model.players.map((p) => [p.total, p.declaredTotal]),
        [
          [57, 56],
          [38, 38],
        ],
      );
      assert.deepEqual([model.event?.declaredScore, model.event?.computedScore], [36, 37]);
    });

    it('is plain data (survives JSON)', () => {
      const model = boardModel(replay, 10);
      assert.deepEqual(JSON.parse(JSON.stringify(model)), model);
    });
  });

  describe('turnAtLine', () => {
    const text = [
      '#player1 Ana Ana',
      '#player2 Beto Beto',
      '>Ana: ABILORS 8D LIBRO +16 16',
      '#note bien',
      '>Beto: ADEIMNT 7G IDEA +13 13',
      '',
    ].join('\n');
    let replay: ReturnType<typeof analyze>['replay'];
    before(() => {
      replay = analyze(text).replay;
    });
    const table: [number, number][] = [
      [0, -1],
      [1, -1],
      [2, 0],
      [3, 0],
      [4, 1],
      [40, 1],
    ];
    for (const [line, turn] of table) it(`line ${line} → turn ${turn}`, () => assert.equal(turnAtLine(replay, line), turn));
  });
});
