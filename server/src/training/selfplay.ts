/**
 * Self-play: complete games between two strategies under the current FISE
 * rules, for the leave-value training and for measuring one bot against another.
 *
 * A game: the 100 FISE tiles (art. 3) shuffled by a seeded stream (analysis/seeded-bag.ts), seven tiles each
 * (art. 6); player 1 starts. Each turn the strategy picks a placement, an exchange or a pass
 * from the position (board, rack, bag, scores). After a placement the player draws as many
 * tiles as placed while the bag lasts (art. 7); an exchange (art. 24) needs at least one tile in
 * the bag and no more tiles than it holds: the new tiles are drawn before the old ones go back,
 * then the bag is shuffled again. The game ends as the engine rules it (engine/replay-end): a
 * player empties the rack with the bag empty (37.4: adds the opponent's rack, the opponent
 * subtracts it: two lines), both players pass twice in a row (37.2) or twelve scoreless turns
 * pass while someone has scored (37.3); in the last two each player subtracts the own rack.
 * Scores are the generator's, which `test/unit/analysis` proves equal to the engine's
 * `scorePlacement`; `toGcg` writes the game as a record that the engine replays with no finding
 * (test/unit/training/selfplay.test.ts).
 *
 * Invariants: the same seed, strategies and lexicon give the same game; tiles are conserved
 * (board + racks + bag = 100 at every turn); a game always ends (a strategy passes when it has
 * no placement and may not exchange; passes and scoreless turns end the game).
 *
 * Example:
 *   const g = playGame(12, [greedyChooser, equityChooser], { nicks: ['greedy', 'equity'] });
 *   g.final;            // [402, 377]
 *   toGcg(g);           // '#character-encoding UTF-8\n#player1 greedy …'
 */
import { BOARD_SIZE, SQUARE_COUNT } from '../engine/board';
import { RACK_SIZE, TILE_SETS } from '../engine/tilesets';
import type { PlacedTile } from '../engine/types';
import type { Position } from '../analysis';
import type { OpponentPlay } from '../analysis/position';
import { fullBag, mulberry32, shuffle } from '../analysis/seeded-bag';

/** A tile placed by a move: square, face ('CH'; for a blank the letter it stands for), blank flag. */
export interface MoveTile {
  readonly row: number;
  readonly col: number;
  readonly letter: string;
  readonly blank: boolean;
}

/** What a strategy chose. `leave` is what stays on the rack (before drawing). */
export type ChosenMove =
  | {
      readonly kind: 'place';
      readonly tiles: readonly MoveTile[];
      readonly direction: 'across' | 'down';
      readonly score: number;
      readonly leave: readonly string[];
      readonly equity: number;
    }
  | { readonly kind: 'exchange'; readonly tiles: readonly string[]; readonly leave: readonly string[]; readonly equity: number }
  | { readonly kind: 'pass'; readonly leave: readonly string[]; readonly equity: number };

/** A strategy: picks a move for a position. */
export interface Chooser {
  readonly name: string;
  choose(position: Position): ChosenMove;
}

export type SelfPlayEnd = 'out' | 'passes' | 'scoreless';

/** One turn as played, with what the training needs. */
export interface PlayedTurn {
  readonly player: number;
  /** Rack before the turn (faces). */
  readonly rack: readonly string[];
  readonly move: ChosenMove;
  /** Points the turn scored. */
  readonly score: number;
  /** Tiles in the bag after the turn (after drawing). */
  readonly bagAfter: number;
  /** Tiles in the bag before the turn. */
  readonly bagBefore: number;
  /** Mover's total after the turn. */
  readonly total: number;
}

export interface SelfPlayGame {
  readonly seed: number;
  readonly nicks: readonly [string, string];
  readonly turns: readonly PlayedTurn[];
  readonly end: SelfPlayEnd;
  /** Who emptied the rack (end 'out'). */
  readonly finisher?: number;
  /** Racks at the end. */
  readonly racks: readonly [readonly string[], readonly string[]];
  /** Totals before the end-of-game lines. */
  readonly beforeEnd: readonly [number, number];
  /** Final totals (art. 37.4 applied). */
  readonly final: readonly [number, number];
}

export interface PlayOptions {
  readonly nicks?: readonly [string, string];
  /** Called before each turn with the mover's position and the turns played so far (the rack inference's fit reads the truth there). */
  readonly beforeTurn?: (position: Position, turns: readonly PlayedTurn[]) => void;
}

const SPANISH = TILE_SETS.spanish;
const PASSES_TO_END = 4; // 37.2: both players pass twice in a row
const SCORELESS_TO_END = 12; // 37.3

function rackValue(rack: readonly string[]): number {
  let sum = 0;
  for (const f of rack) sum += SPANISH.value(f);
  return sum;
}

function removeFaces(rack: string[], faces: readonly string[]): void {
  for (const f of faces) {
    const i = rack.indexOf(f);
    if (i < 0) throw new Error(`self-play: ${f} is not on the rack ${rack.join(',')}`);
    rack.splice(i, 1);
  }
}

/**
 * Plays one game from the deal `seed`: `choosers[0]` sits first. The deal (bag order and every
 * later shuffle) depends on the seed only, so swapping the choosers replays the same deal with
 * the seats swapped.
 */
export function playGame(seed: number, choosers: readonly [Chooser, Chooser], options: PlayOptions = {}): SelfPlayGame {
  const rand = mulberry32(seed);
  const bag = fullBag();
  shuffle(bag, rand);
  const board: (PlacedTile | null)[] = new Array<PlacedTile | null>(SQUARE_COUNT).fill(null);
  const racks: [string[], string[]] = [[], []];
  const totals: [number, number] = [0, 0];
  const draw = (p: number): void => {
    while (racks[p].length < RACK_SIZE && bag.length > 0) racks[p].push(bag.pop()!);
  };
  draw(0);
  draw(1);
  const turns: PlayedTurn[] = [];
  let passRun = 0;
  let scorelessRun = 0;
  let end: SelfPlayEnd | undefined;
  let finisher: number | undefined;
  // The last placement, as the next mover sees it (Position.opponentPlay): made with tiles in the bag.
  let lastPlay: OpponentPlay | undefined;
  for (let p = 0, turn = 0; !end; p = 1 - p, turn++) {
    if (turn > 400) throw new Error(`self-play: game ${seed} did not end`);
    const rack = racks[p];
    const position: Position = {
      board,
      rack: rack.slice(),
      bag: bag.length,
      scores: [totals[p], totals[1 - p]],
      rules: 'fise',
      tileSet: 'spanish',
      ...(lastPlay && bag.length > 0 ? { opponentPlay: lastPlay } : {}),
    };
    options.beforeTurn?.(position, turns);
    let move = choosers[p].choose(position);
    if (move.kind === 'exchange' && (bag.length < 1 || move.tiles.length > bag.length || move.tiles.length === 0)) {
      move = { kind: 'pass', leave: rack.slice(), equity: 0 }; // art. 24: not allowed here
    }
    const bagBefore = bag.length;
    let score = 0;
    lastPlay = undefined;
    if (move.kind === 'place') {
      if (bag.length > 0)
        lastPlay = { board: board.slice(), tiles: move.tiles.map((t) => (t.blank ? '?' : t.letter)), score: move.score, bag: bag.length };
      for (const t of move.tiles) {
        const i = t.row * BOARD_SIZE + t.col;
        if (board[i] !== null) throw new Error(`self-play: square ${t.row},${t.col} is taken`);
        board[i] = { letter: t.letter, blank: t.blank, turn };
      }
      removeFaces(
        rack,
        move.tiles.map((t) => (t.blank ? '?' : t.letter)),
      );
      score = move.score;
      totals[p] += score;
      draw(p);
      passRun = 0;
      scorelessRun = 0; // as the engine counts it: any placement ends a scoreless run
    } else if (move.kind === 'exchange') {
      removeFaces(rack, move.tiles);
      draw(p); // art. 24: draw first, then put the old tiles back
      bag.push(...move.tiles);
      shuffle(bag, rand);
      passRun = 0;
      scorelessRun++;
    } else {
      passRun++;
      scorelessRun++;
    }
    turns.push({ player: p, rack: position.rack, move, score, bagAfter: bag.length, bagBefore, total: totals[p] });
    if (move.kind === 'place' && rack.length === 0 && bag.length === 0) {
      end = 'out';
      finisher = p;
    } else if (passRun >= PASSES_TO_END) end = 'passes';
    else if (scorelessRun >= SCORELESS_TO_END && (totals[0] !== 0 || totals[1] !== 0)) end = 'scoreless';
  }
  const beforeEnd: [number, number] = [totals[0], totals[1]];
  if (end === 'out' && finisher !== undefined) {
    const r = rackValue(racks[1 - finisher]);
    totals[finisher] += r;
    totals[1 - finisher] -= r;
  } else {
    totals[0] -= rackValue(racks[0]);
    totals[1] -= rackValue(racks[1]);
  }
  return {
    seed,
    nicks:
      options.nicks ??
      (choosers[0].name === choosers[1].name ? [`${choosers[0].name}1`, `${choosers[1].name}2`] : [choosers[0].name, choosers[1].name]),
    turns,
    end,
    ...(finisher !== undefined ? { finisher } : {}),
    racks: [racks[0].slice(), racks[1].slice()],
    beforeEnd,
    final: [totals[0], totals[1]],
  };
}

// -------------------------------------------------------------------------------------------------
// GCG

const COLUMNS = 'ABCDEFGHIJKLMNO';

/** A face in bracket notation: '[CH]', '[ch]' for a blank CH, 'a' for a blank A, '?' for a blank on a rack. */
function faceText(letter: string, blank: boolean): string {
  const t = blank ? letter.toLowerCase() : letter;
  return letter.length > 1 ? `[${t}]` : t;
}

function rackText(rack: readonly string[]): string {
  return rack.map((f) => (f === '?' ? '?' : faceText(f, false))).join('');
}

/** Coordinate and play text of a placement on `board` (the board before it), NOTATION.md. */
export function placementText(board: readonly (PlacedTile | null)[], tiles: readonly MoveTile[], direction: 'across' | 'down'): string {
  const across = direction === 'across';
  const fresh = new Map<number, MoveTile>(tiles.map((t) => [t.row * BOARD_SIZE + t.col, t]));
  const first = tiles.reduce((a, b) => ((across ? b.col < a.col : b.row < a.row) ? b : a));
  const at = (k: number): number => (across ? first.row * BOARD_SIZE + k : k * BOARD_SIZE + first.col);
  let start = across ? first.col : first.row;
  while (start > 0 && (board[at(start - 1)] !== null || fresh.has(at(start - 1)))) start--;
  let text = '';
  let k = start;
  for (; k < BOARD_SIZE; k++) {
    const i = at(k);
    const t = fresh.get(i);
    if (t) text += faceText(t.letter, t.blank);
    else if (board[i] !== null) text += '.';
    else break;
  }
  const row = across ? first.row : start;
  const col = across ? start : first.col;
  const coordinate = across ? `${row + 1}${COLUMNS[col]}` : `${COLUMNS[col]}${row + 1}`;
  return `${coordinate} ${text}`;
}

/** The game as a GCG record (bracket notation, the FISE two-line ending). */
export function toGcg(game: SelfPlayGame): string {
  const [a, b] = game.nicks;
  const lines = ['#character-encoding UTF-8', `#player1 ${a} ${a}`, `#player2 ${b} ${b}`, '#rules fise'];
  const board: (PlacedTile | null)[] = new Array<PlacedTile | null>(SQUARE_COUNT).fill(null);
  const totals = [0, 0];
  const emit = (p: number, body: string, amount: number, forceMinus = false): void => {
    totals[p] += amount;
    const sign = amount < 0 || forceMinus ? '-' : '+';
    lines.push(`>${game.nicks[p]}: ${body} ${sign}${Math.abs(amount)} ${totals[p]}`);
  };
  game.turns.forEach((t, turn) => {
    const m = t.move;
    if (m.kind === 'place') {
      emit(t.player, `${rackText(t.rack)} ${placementText(board, m.tiles, m.direction)}`, t.score);
      for (const x of m.tiles) board[x.row * BOARD_SIZE + x.col] = { letter: x.letter, blank: x.blank, turn };
    } else if (m.kind === 'exchange') {
      emit(t.player, `${rackText(t.rack)} -${rackText(m.tiles)}`, 0);
    } else {
      emit(t.player, `${rackText(t.rack)} -`, 0);
    }
  });
  if (game.end === 'out' && game.finisher !== undefined) {
    const f = game.finisher;
    const left = game.racks[1 - f];
    const r = rackValue(left);
    emit(f, `(${rackText(left)})`, r);
    emit(1 - f, `${rackText(left)} (${rackText(left)})`, -r, true);
  } else {
    for (const p of [0, 1]) emit(p, `${rackText(game.racks[p])} (${rackText(game.racks[p])})`, -rackValue(game.racks[p]), true);
  }
  return `${lines.join('\n')}\n`;
}
