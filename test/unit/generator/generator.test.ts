/**
 * The random legal game generator (test/support/generator.ts) cross-checked against the engine:
 * seeded games in both notations and both endings replay with no finding, the same seed gives the
 * same text, the tiles add up to the 100 of the set, and every game ends by the rules.
 */
import { strict as assert } from 'node:assert';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import type { Replay } from '../../../server/src/engine/types';
import { buildDawg } from '../../../server/src/lexicon/dawg';
import { DawgLexicon } from '../../../server/src/lexicon/load';
import { analyze } from '../../../server/src/service/document';
import { generateGame, mulberry32, type GenerateOptions, type GeneratedGame } from '../../support/generator';
import { defaultLexicon } from '../../support/fixtures';

const lexicon = defaultLexicon();
const SPANISH = TILE_SETS.spanish;

const faceValue = (faces: readonly string[]): number => faces.reduce((sum, f) => sum + SPANISH.value(f), 0);

/** 20 seeded games: both notations, both endings, and a few with many exchanges and passes. */
const CASES: readonly Omit<GenerateOptions, 'lexicon'>[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map((seed) => ({
    seed,
    notation: seed % 2 === 0 ? ('plain' as const) : ('brackets' as const),
    ending: seed % 4 < 2 ? ('fise' as const) : ('gcg' as const),
  })),
  { seed: 101, notation: 'plain', ending: 'fise', exchangeRate: 0.4, passRate: 0.3 },
  { seed: 102, notation: 'brackets', ending: 'gcg', exchangeRate: 0.4, passRate: 0.3 },
  {
    seed: 103,
    notation: 'brackets',
    ending: 'fise',
    players: [
      ['Luisa', 'Luisa Pérez'],
      ['Mar', 'Mar Díaz'],
    ],
  },
];

/** Findings the record may carry: none, but for the GCG `+2R` ending its information finding. */
function unexpectedFindings(game: GeneratedGame): string[] {
  const a = analyze(game.text, { lexicon });
  return a.findings
    .filter((f) => !(game.ending === 'gcg' && f.code === 'end-rack-gcg-convention' && f.severity === 'information'))
    .map((f) => `${f.code}@${f.span.start.line + 1}: ${game.text.split('\n')[f.span.start.line]}`);
}

/** Tiles as a sorted list of faces. */
const sorted = (faces: readonly string[]): string[] => faces.slice().sort();

function fullSet(): string[] {
  return sorted(SPANISH.kinds.flatMap((k) => new Array<string>(k.count).fill(k.letter)));
}

/** The game's end as the rules say it must be written, checked against the generator and the replay. */
function checkEnding(game: GeneratedGame, r: Replay): void {
  assert.equal(r.gameEnd?.reason, game.end, 'replay and generator agree on the end');
  assert.deepEqual([...r.final], [...game.totals], 'replay and generator agree on the final totals');
  const isTurn = (kind: string): boolean => kind === 'placement' || kind === 'pass' || kind === 'exchange';
  const firstEndLine = game.events.findIndex((e) => !isTurn(e.kind));
  assert.ok(firstEndLine > 0, 'the record has end-of-game lines');
  const turns = game.events.slice(0, firstEndLine);
  const tail = game.events.slice(firstEndLine);
  assert.ok(
    tail.every((e) => !isTurn(e.kind)),
    'no turn after the end-of-game lines',
  );
  for (let i = 1; i < turns.length; i++) assert.notEqual(turns[i].player, turns[i - 1].player, 'players alternate');
  if (game.end === 'out') {
    // 37.4: the bag is empty, the finisher's rack is empty, the finisher made the last move.
    const f = game.finisher!;
    assert.equal(game.bag.length, 0);
    assert.equal(game.racks[f].length, 0);
    assert.equal(turns[turns.length - 1].player, f);
    assert.equal(turns[turns.length - 1].kind, 'placement');
    const R = faceValue(game.racks[1 - f]);
    if (game.ending === 'gcg') {
      assert.deepEqual(
        tail.map((e) => [e.kind, e.player, e.score]),
        [['end-rack', f, 2 * R]],
      );
    } else {
      assert.deepEqual(
        tail.map((e) => [e.kind, e.player, e.score]),
        [
          ['end-rack', f, R],
          ['rack-deduction', 1 - f, -R],
        ],
      );
    }
  } else {
    // 37.2: both players passed twice in a row; each subtracts the own rack.
    assert.equal(game.end, 'passes');
    assert.deepEqual(
      turns.slice(-4).map((e) => e.kind),
      ['pass', 'pass', 'pass', 'pass'],
    );
    assert.deepEqual(
      tail.map((e) => [e.kind, e.player, e.score]),
      [
        ['rack-deduction', 0, -faceValue(game.racks[0])],
        ['rack-deduction', 1, -faceValue(game.racks[1])],
      ],
    );
  }
  assert.equal(r.turns[r.turns.length - 1].gameOver?.reason, game.end);
}

describe('generator: random legal games', () => {
  const games = new Map<number, GeneratedGame>();
  const gameOf = (c: Omit<GenerateOptions, 'lexicon'>): GeneratedGame => {
    let g = games.get(c.seed);
    if (!g) {
      g = generateGame({ ...c, lexicon });
      games.set(c.seed, g);
    }
    return g;
  };

  for (const c of CASES) {
    const label = `seed ${c.seed}, ${c.notation}, ${c.ending}${c.exchangeRate ? ', many exchanges and passes' : ''}`;

    it(`${label}: replays with no finding and ends by the rules`, () => {
      const game = gameOf(c);
      assert.deepEqual(unexpectedFindings(game), []);
      const r = analyze(game.text, { lexicon }).replay;
      checkEnding(game, r);
      assert.equal(r.turns.filter((t) => t.rackReading).length, 0, 'every plain rack has one reading');
      assert.equal(r.turns.length, game.events.length);
    });

    it(`${label}: board + racks + bag are the 100 tiles of the set`, () => {
      const game = gameOf(c);
      const onBoard = game.board.filter((f): f is string => f !== null);
      assert.equal(onBoard.length + game.racks[0].length + game.racks[1].length + game.bag.length, 100);
      assert.deepEqual(sorted([...onBoard, ...game.racks[0], ...game.racks[1], ...game.bag]), fullSet());
      const placed = game.events.filter((e) => e.kind === 'placement').reduce((n, e) => n + e.tiles, 0);
      assert.equal(onBoard.length, placed);
      const replayed = analyze(game.text, { lexicon }).replay;
      const board = replayed.turns[replayed.turns.length - 1].board;
      assert.deepEqual(
        board.map((t) => (t ? (t.blank ? '?' : t.letter) : null)),
        [...game.board],
      );
    });
  }

  it('uses every kind of turn and both endings across the seeded games', () => {
    const all = CASES.map(gameOf);
    const kinds = new Set(all.flatMap((g) => g.events.map((e) => e.kind)));
    for (const kind of ['placement', 'exchange', 'pass', 'end-rack', 'rack-deduction'] as const) assert.ok(kinds.has(kind), kind);
    const ends = new Set(all.map((g) => g.end));
    assert.ok(ends.has('out') && ends.has('passes'), [...ends].join(', '));
    assert.ok(
      all.some((g) => g.events.some((e) => e.kind === 'placement' && e.tiles === 7)),
      'a bingo',
    );
  });

  it('writes the record in the notation asked', () => {
    for (const c of CASES) {
      const game = gameOf(c);
      const lines = game.text.split('\n');
      assert.equal(lines[0], '#character-encoding UTF-8');
      assert.ok(lines.includes(`#tile-notation ${c.notation}`));
      assert.ok(lines.includes('#rules fise'));
      const events = lines.filter((l) => l.startsWith('>'));
      assert.ok(
        events.every((l) => /^>\S+: \S*.* [+-]\d+ -?\d+$/.test(l)),
        'every event ends with score and total',
      );
      if (c.notation === 'plain') assert.ok(!game.text.includes('['), 'plain notation writes no brackets');
    }
  });

  it('gives the same text for the same seed and different texts for different seeds', () => {
    const a = generateGame({ seed: 42, notation: 'plain', lexicon });
    const b = generateGame({ seed: 42, notation: 'plain', lexicon });
    const c = generateGame({ seed: 43, notation: 'plain', lexicon });
    assert.equal(a.text, b.text);
    assert.notEqual(a.text, c.text);
  });

  it('plays legal games from a tiny lexicon too, ending by passes', () => {
    const words = [
      'as',
      'sa',
      'es',
      'se',
      'en',
      'ne',
      'la',
      'al',
      'no',
      'on',
      'os',
      'so',
      'casa',
      'cosa',
      'ala',
      'ola',
      'sol',
      'las',
      'los',
    ];
    const tiny = new DawgLexicon(buildDawg(words), 'tiny', 'test');
    for (const seed of [1, 2, 3]) {
      const game = generateGame({ seed, lexicon: tiny });
      const a = analyze(game.text, { lexicon: tiny });
      assert.deepEqual(
        a.findings.map((f) => `${f.code}@${f.span.start.line + 1}`),
        [],
      );
      checkEnding(game, a.replay);
      assert.equal(game.end, 'passes');
    }
  });

  it('refuses players it could not write', () => {
    const cases: GenerateOptions['players'][] = [
      [['Ana', 'Ana']],
      [
        ['Ana', 'A'],
        ['Ana', 'B'],
      ],
      [
        ['An a', 'A'],
        ['Beto', 'B'],
      ],
      [
        ['Ana:', 'A'],
        ['Beto', 'B'],
      ],
      [
        ['', 'A'],
        ['Beto', 'B'],
      ],
    ];
    for (const players of cases) assert.throws(() => generateGame({ seed: 1, players, lexicon }), RangeError);
  });
});

describe('generator: mulberry32', () => {
  it('is deterministic per seed and stays in [0, 1)', () => {
    for (const seed of [0, 1, 2 ** 32 - 1, 123456789]) {
      const a = mulberry32(seed);
      const b = mulberry32(seed);
      for (let i = 0; i < 1000; i++) {
        const x = a();
        assert.equal(x, b());
        assert.ok(x >= 0 && x < 1, String(x));
      }
    }
    assert.notEqual(mulberry32(1)(), mulberry32(2)());
  });
});
