/**
 * Random legal Spanish games for tests and benchmarks (test code, not shipped).
 * A seeded game draws from the FISE 100-tile bag (RULES.md "Tile sets"), finds every legal
 * placement with the DAWG of the default lexicon, picks one at random weighted toward higher
 * scores, sometimes exchanges or passes, ends by the rules and writes the record as GCG
 * (NOTATION.md) in bracket or plain digraph notation.
 *
 * Move generation: for each line (15 rows, 15 columns) and each start square whose previous
 * square is empty, walk the graph rightward (downward), following the tiles on the board and
 * trying rack tiles on empty squares. Each empty square carries a cross-check set per direction
 * (the tiles whose perpendicular word is accepted) and the face value of that word's old tiles,
 * computed once per turn. A play is legal when its main word is accepted and ends before an empty
 * square or the edge, it places at least one tile, and one of its new tiles lies on an anchor (an
 * empty square beside a tile; on the empty board only H8, art. 6). The graph holds words in
 * greedy tile order (normalize.ts), so a path never spells CH, LL or RR with two single tiles
 * (art. 11), and a blank may stand for any tile of the graph, which has no K or W (art. 10.1).
 *
 * Invariants:
 * - Same options, same text: the only randomness is a mulberry32 stream seeded by `seed`.
 * - Every placement is scored twice, by the search and by the engine's `scorePlacement`
 *   (art. 12–19), and its words are looked up with `Lexicon.has`; a disagreement throws (it is a
 *   bug in one of the two, which is what this generator is for).
 * - The record replays in Planilla with no finding (with ending 'gcg', only the information
 *   `end-rack-gcg-convention`).
 * - Tiles are conserved: board + both racks + bag = the 100 tiles of the set.
 * - The game ends: a voluntary pass or exchange only follows a placement, a forced exchange only
 *   while fewer than six scoreless turns ran, so four passes (art. 37.2) come before twelve
 *   scoreless turns (art. 37.3) whenever nobody can play.
 *
 * Example:
 *   const g = generateGame({ seed: 7, notation: 'plain', ending: 'fise' });
 *   g.text;     // '#character-encoding UTF-8\n#player1 Ana Ana García\n…'
 *   g.end;      // 'out'
 *   g.totals;   // [379, 248]
 */
import { BOARD_SIZE, letterMultiplier, premiumAt, wordMultiplier } from '../../server/src/engine/board';
import { scorePlacement, type Direction, type NewTile } from '../../server/src/engine/scoring';
import { BINGO_BONUS, RACK_SIZE, TILE_SETS } from '../../server/src/engine/tilesets';
import type { PlacedTile } from '../../server/src/engine/types';
import type { Dawg } from '../../server/src/lexicon/dawg';
import { fullBag, mulberry32, shuffle } from '../../server/src/analysis/seeded-bag';
import { loadDefaultLexicon } from '../../server/src/lexicon/load';
import { TILE_CH, TILE_COUNT, TILE_LETTERS, TILE_LL, TILE_RR } from '../../server/src/lexicon/normalize';
import type { Lexicon } from '../../server/src/lexicon/types';

export type Notation = 'brackets' | 'plain';
export type Ending = 'fise' | 'gcg';

export interface GenerateOptions {
  readonly seed: number;
  /** Digraph notation of the record (NOTATION.md "Digraph tiles"); default 'brackets'. */
  readonly notation?: Notation;
  /** 'fise': the two-line 37.4 ending; 'gcg': the single `(RACK) +2R` line. Default 'fise'. */
  readonly ending?: Ending;
  /** [nick, full name] of player 1 and player 2; default Ana García and Alberto Ruiz. */
  readonly players?: readonly (readonly [string, string])[];
  /** Chance of a voluntary exchange after a placement (bag of 7 or more); default 0.04. */
  readonly exchangeRate?: number;
  /** Chance of a voluntary pass after a placement; default 0.02. */
  readonly passRate?: number;
  /** Word graph and lexicon to play from; default the built-in lexicon. */
  readonly lexicon?: { readonly dawg: Dawg } & Lexicon;
}

export type EndReason = 'out' | 'passes' | 'scoreless';

export type GeneratedEventKind = 'placement' | 'exchange' | 'pass' | 'end-rack' | 'rack-deduction';

export interface GeneratedEvent {
  readonly kind: GeneratedEventKind;
  /** 0 or 1. */
  readonly player: number;
  /** The line as written. */
  readonly line: string;
  readonly score: number;
  /** Tiles placed (placements) or exchanged (exchanges). */
  readonly tiles: number;
}

export interface GeneratedGame {
  readonly text: string;
  readonly seed: number;
  readonly notation: Notation;
  readonly ending: Ending;
  readonly events: readonly GeneratedEvent[];
  /** Final totals, after the end-of-game lines. */
  readonly totals: readonly [number, number];
  readonly end: EndReason;
  /** Who went out (end 'out'). */
  readonly finisher?: number;
  /** Faces on the board, row-major; '?' for a blank whatever it stands for; null = empty. */
  readonly board: readonly (string | null)[];
  /** Faces left on each rack at the end ('?' = blank). */
  readonly racks: readonly [readonly string[], readonly string[]];
  /** Faces left in the bag at the end. */
  readonly bag: readonly string[];
}

export { mulberry32 };

const SPANISH = TILE_SETS.spanish;
const SIZE = BOARD_SIZE;
const SQUARES = SIZE * SIZE;
const COLUMNS = 'ABCDEFGHIJKLMNO';
/** Tile code 0 is the blank on a rack; 1–28 are the tiles of normalize.ts. */
const BLANK = 0;
/** Cross-check set allowing every tile (bits 1–28). */
const ALL_TILES = ((1 << (TILE_COUNT + 1)) - 1) & ~1;
/** Forced exchanges stop after this many scoreless turns in a row, so passes end the game first. */
const FORCED_EXCHANGE_LIMIT = 6;
/** 37.2: both players pass twice in a row; 37.3: twelve scoreless turns. */
const PASSES_TO_END = 4;
const SCORELESS_TO_END = 12;

/** Upper-case face of each tile code ('?' for the blank). */
const FACES: readonly string[] = TILE_LETTERS.map((l, code) => (code === BLANK ? '?' : l.toUpperCase()));
const VALUES: readonly number[] = FACES.map((f, code) => (code === BLANK ? 0 : SPANISH.value(f)));
const CODE_OF = new Map<string, number>(FACES.map((f, code) => [f, code]));
const isDigraph = (code: number): boolean => code === TILE_CH || code === TILE_LL || code === TILE_RR;

const LM = new Int32Array(SQUARES);
const WM = new Int32Array(SQUARES);
for (let r = 0; r < SIZE; r++) {
  for (let c = 0; c < SIZE; c++) {
    LM[r * SIZE + c] = letterMultiplier(premiumAt(r, c));
    WM[r * SIZE + c] = wordMultiplier(premiumAt(r, c));
  }
}

/** The full bag as tile codes (art. 3), in the kind order of the shared seeded bag. */
function fullCodeBag(): number[] {
  return fullBag(SPANISH).map((face) => {
    const code = CODE_OF.get(face);
    if (code === undefined) throw new Error(`generator: no tile code for ${face}`);
    return code;
  });
}

/** A legal placement found by the search (the chosen one, unpacked from the pool). */
interface Move {
  /** 0: across, 1: down. */
  readonly dir: 0 | 1;
  /** Row (across) or column (down). */
  readonly line: number;
  /** First and last position of the main word along the line. */
  readonly start: number;
  readonly end: number;
  /** New tiles: position along the line, tile code, blank. */
  readonly positions: readonly number[];
  readonly codes: readonly number[];
  readonly blanks: readonly boolean[];
  readonly score: number;
}

const square = (dir: 0 | 1, line: number, pos: number): number => (dir === 0 ? line * SIZE + pos : pos * SIZE + line);

/** Tiles in bracket notation: sorted by tile order, blanks last ('AC[CH]S?'). */
function bracketTiles(codes: readonly number[]): string {
  return sortCodes(codes)
    .map((c) => (c === BLANK ? '?' : isDigraph(c) ? `[${FACES[c]}]` : FACES[c]))
    .join('');
}

function sortCodes(codes: readonly number[]): number[] {
  return codes.slice().sort((a, b) => (a === BLANK ? 1 : b === BLANK ? -1 : a - b));
}

/** Two upper-case single letters a plain rack would also read as a digraph tile. */
const pairsUp = (a: string, b: string): boolean => (a === 'C' && b === 'H') || (a === 'L' && b === 'L') || (a === 'R' && b === 'R');

/**
 * Tiles in plain notation with one reading only: digraph tiles in lower case ('ch', always the
 * tile in a rack), blanks '?', and the single letters ordered so that no C stands before an H and
 * no L or R beside another (NOTATION.md: such a pair could be the digraph tile). The first such
 * order in tile order wins; when none exists (a rack of two R and nothing else) the tile order is
 * kept and the rack size tells the readings apart.
 */
function plainTiles(codes: readonly number[]): string {
  const pieces = sortCodes(codes).map((c) => (c === BLANK ? '?' : isDigraph(c) ? FACES[c].toLowerCase() : FACES[c]));
  const used = new Array<boolean>(pieces.length).fill(false);
  const out: string[] = [];
  const place = (prev: string): boolean => {
    if (out.length === pieces.length) return true;
    const tried = new Set<string>();
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i];
      if (used[i] || tried.has(p) || pairsUp(prev, p)) continue;
      tried.add(p);
      used[i] = true;
      out.push(p);
      if (place(p)) return true;
      out.pop();
      used[i] = false;
    }
    return false;
  };
  return place('') ? out.join('') : pieces.join('');
}

/** A copy of `a` at least `min` long (doubling). */
function grow(a: Int32Array, min: number): Int32Array {
  let size = a.length * 2;
  while (size < min) size *= 2;
  const bigger = new Int32Array(size);
  bigger.set(a);
  return bigger;
}

class GameBuilder {
  private readonly rand: () => number;
  private readonly notation: Notation;
  private readonly ending: Ending;
  private readonly players: readonly (readonly [string, string])[];
  private readonly exchangeRate: number;
  private readonly passRate: number;
  private readonly dawg: Dawg;
  private readonly lexicon: Lexicon;

  private readonly tiles = new Uint8Array(SQUARES);
  private readonly isBlank = new Uint8Array(SQUARES);
  private readonly cells: (PlacedTile | null)[] = new Array<PlacedTile | null>(SQUARES).fill(null);
  private boardEmpty = true;
  private readonly racks: [number[], number[]] = [[], []];
  private bag: number[];
  private readonly totals: [number, number] = [0, 0];
  private readonly lines: string[] = [];
  private readonly events: GeneratedEvent[] = [];
  private turn = 0;

  // Per-turn search state.
  private readonly crossMask = [new Int32Array(SQUARES), new Int32Array(SQUARES)];
  private readonly crossSum = [new Int32Array(SQUARES), new Int32Array(SQUARES)];
  private readonly hasCross = [new Uint8Array(SQUARES), new Uint8Array(SQUARES)];
  private readonly anchor = new Uint8Array(SQUARES);
  private readonly rackCount = new Int32Array(TILE_COUNT + 1);
  /** Bit t set while the rack holds tile t (blanks aside). */
  private rackBits = 0;
  private rackSize = 0;
  /**
   * Legal placements of the turn, packed: per move `dir, line, start, end, score, placed`, then
   * `position, tile, blank` per new tile. `moveAt` holds each move's offset.
   */
  private pool: Int32Array = new Int32Array(1 << 16);
  private poolLength = 0;
  private moveAt: Int32Array = new Int32Array(1 << 12);
  private moveCount = 0;
  private dir: 0 | 1 = 0;
  private line = 0;
  private start = 0;
  /** The tiles placed so far on the current path: position, tile code, blank (1) or not. */
  private readonly stackPos = new Int32Array(RACK_SIZE);
  private readonly stackCode = new Int32Array(RACK_SIZE);
  private readonly stackBlank = new Uint8Array(RACK_SIZE);

  constructor(private readonly options: GenerateOptions) {
    this.rand = mulberry32(options.seed);
    this.notation = options.notation ?? 'brackets';
    this.ending = options.ending ?? 'fise';
    this.players = options.players ?? [
      ['Ana', 'Ana García'],
      ['Beto', 'Alberto Ruiz'],
    ];
    const writable = ([nick, name]: readonly [string, string]): boolean => /^[^\s:#>]+$/.test(nick) && !/[\r\n]/.test(name);
    if (this.players.length !== 2 || !this.players.every(writable) || this.players[0][0] === this.players[1][0]) {
      throw new RangeError('generateGame: two players, distinct nicks without spaces or colons, names on one line');
    }
    this.exchangeRate = options.exchangeRate ?? 0.04;
    this.passRate = options.passRate ?? 0.02;
    const lexicon = options.lexicon ?? loadDefaultLexicon();
    this.dawg = lexicon.dawg;
    this.lexicon = lexicon;
    this.bag = fullCodeBag();
    shuffle(this.bag, this.rand);
  }

  build(): GeneratedGame {
    const [[nick1, name1], [nick2, name2]] = this.players;
    this.lines.push(
      '#character-encoding UTF-8',
      `#player1 ${nick1} ${name1}`,
      `#player2 ${nick2} ${name2}`,
      '#rules fise',
      `#tile-notation ${this.notation}`,
    );
    this.draw(0);
    this.draw(1);
    let passRun = 0;
    let scorelessRun = 0;
    let end: EndReason | undefined;
    let finisher: number | undefined;
    for (let p = 0; !end; p = 1 - p, this.turn++) {
      const rack = this.racks[p];
      const moves = this.findMoves(rack);
      const voluntary = scorelessRun === 0 ? this.rand() : 1;
      if (voluntary < this.exchangeRate && this.bag.length >= RACK_SIZE) {
        this.exchange(p);
      } else if (voluntary < this.exchangeRate + this.passRate || moves === 0) {
        if (moves === 0 && this.bag.length >= RACK_SIZE && scorelessRun < FORCED_EXCHANGE_LIMIT) this.exchange(p);
        else this.pass(p);
      } else {
        this.play(p, this.pick());
        passRun = 0;
        scorelessRun = 0;
        if (this.bag.length === 0 && rack.length === 0) {
          end = 'out'; // 37.4
          finisher = p;
        }
        continue;
      }
      const last = this.events[this.events.length - 1];
      passRun = last.kind === 'pass' ? passRun + 1 : 0; // 37.2: an exchange is not a pass
      scorelessRun++;
      if (passRun >= PASSES_TO_END) end = 'passes';
      else if (scorelessRun >= SCORELESS_TO_END && (this.totals[0] !== 0 || this.totals[1] !== 0)) end = 'scoreless'; // 37.3
    }
    if (end === 'out' && finisher !== undefined) this.goOut(finisher);
    else this.ownRacks();
    return {
      text: `${this.lines.join('\n')}\n`,
      seed: this.options.seed,
      notation: this.notation,
      ending: this.ending,
      events: this.events,
      totals: [this.totals[0], this.totals[1]],
      end,
      ...(finisher !== undefined ? { finisher } : {}),
      board: Array.from(this.tiles, (code, sq) => (code === 0 ? null : this.isBlank[sq] ? '?' : FACES[code])),
      racks: [this.racks[0].map((c) => FACES[c]), this.racks[1].map((c) => FACES[c])],
      bag: this.bag.map((c) => FACES[c]),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Bag and racks

  /** Refill a rack to 7 while the bag lasts (art. 7). */
  private draw(p: number): void {
    const rack = this.racks[p];
    while (rack.length < RACK_SIZE && this.bag.length > 0) rack.push(this.bag.pop()!);
  }

  private tilesText(codes: readonly number[]): string {
    return this.notation === 'brackets' ? bracketTiles(codes) : plainTiles(codes);
  }

  private emit(p: number, kind: GeneratedEventKind, body: string, score: number, tiles: number): void {
    this.totals[p] += score;
    const sign = score < 0 || (score === 0 && kind === 'rack-deduction') ? '-' : '+';
    const line = `>${this.players[p][0]}: ${body} ${sign}${Math.abs(score)} ${this.totals[p]}`;
    this.lines.push(line);
    this.events.push({ kind, player: p, line, score, tiles });
  }

  // -------------------------------------------------------------------------------------------
  // Turns

  private pass(p: number): void {
    this.emit(p, 'pass', `${this.tilesText(this.racks[p])} -`, 0, 0);
  }

  /** Exchange (art. 24): a random non-empty part of the rack; new tiles are drawn before the old go back. */
  private exchange(p: number): void {
    const rack = this.racks[p];
    const before = rack.slice();
    const count = 1 + Math.floor(this.rand() * rack.length);
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push(rack.splice(Math.floor(this.rand() * rack.length), 1)[0]);
    this.draw(p);
    this.bag.push(...out);
    shuffle(this.bag, this.rand);
    this.emit(p, 'exchange', `${this.tilesText(before)} -${this.tilesText(out)}`, 0, out.length);
  }

  /** A move at random, weighted by the cube of its score (plus one): good plays are favoured. */
  private pick(): Move {
    const weight = (i: number): number => (this.pool[this.moveAt[i] + 4] + 1) ** 3;
    let sum = 0;
    for (let i = 0; i < this.moveCount; i++) sum += weight(i);
    let x = this.rand() * sum;
    let chosen = this.moveCount - 1;
    for (let i = 0; i < this.moveCount; i++) {
      x -= weight(i);
      if (x < 0) {
        chosen = i;
        break;
      }
    }
    const at = this.moveAt[chosen];
    const pool = this.pool;
    const placed = pool[at + 5];
    const tiles = Array.from({ length: placed }, (_, i) => at + 6 + 3 * i);
    return {
      dir: pool[at] === 0 ? 0 : 1,
      line: pool[at + 1],
      start: pool[at + 2],
      end: pool[at + 3],
      score: pool[at + 4],
      positions: tiles.map((t) => pool[t]),
      codes: tiles.map((t) => pool[t + 1]),
      blanks: tiles.map((t) => pool[t + 2] === 1),
    };
  }

  private play(p: number, move: Move): void {
    const rack = this.racks[p];
    const before = rack.slice();
    const newTiles: NewTile[] = move.positions.map((pos, i) => {
      const sq = square(move.dir, move.line, pos);
      return { row: Math.floor(sq / SIZE), col: sq % SIZE, letter: FACES[move.codes[i]], blank: move.blanks[i] };
    });
    const direction: Direction = move.dir === 0 ? 'across' : 'down';
    const scored = scorePlacement(this.cells, newTiles, direction, SPANISH);
    if (scored.score !== move.score) {
      throw new Error(
        `generator: seed ${this.options.seed} turn ${this.turn}: search scored ${move.score}, scorePlacement ${scored.score}`,
      );
    }
    const rejected = scored.words.filter((w) => !this.lexicon.has(w.normalized));
    if (rejected.length > 0) {
      throw new Error(
        `generator: seed ${this.options.seed} turn ${this.turn}: the graph accepted ${rejected.map((w) => w.word).join(', ')}, the lexicon did not`,
      );
    }
    let text = '';
    for (let pos = move.start; pos <= move.end; pos++) {
      const i = move.positions.indexOf(pos);
      if (i < 0) {
        text += '.';
        continue;
      }
      const face = FACES[move.codes[i]];
      const bracketed = this.notation === 'brackets' && face.length > 1 ? `[${face}]` : face;
      text += move.blanks[i] ? bracketed.toLowerCase() : bracketed;
    }
    for (let i = 0; i < move.positions.length; i++) {
      const sq = square(move.dir, move.line, move.positions[i]);
      this.tiles[sq] = move.codes[i];
      this.isBlank[sq] = move.blanks[i] ? 1 : 0;
      this.cells[sq] = { letter: FACES[move.codes[i]], blank: move.blanks[i], turn: this.turn };
      rack.splice(rack.indexOf(move.blanks[i] ? BLANK : move.codes[i]), 1);
    }
    this.boardEmpty = false;
    this.draw(p);
    const first = square(move.dir, move.line, move.start);
    const row = Math.floor(first / SIZE);
    const col = first % SIZE;
    const coordinate = move.dir === 0 ? `${row + 1}${COLUMNS[col]}` : `${COLUMNS[col]}${row + 1}`;
    this.emit(p, 'placement', `${this.tilesText(before)} ${coordinate} ${text}`, scored.score, move.positions.length);
  }

  // -------------------------------------------------------------------------------------------
  // End of game

  /** 37.4: the finisher adds the opponent's rack; the opponent subtracts it (or one `+2R` line). */
  private goOut(p: number): void {
    const left = this.racks[1 - p];
    const value = left.reduce((sum, c) => sum + VALUES[c], 0);
    const text = this.tilesText(left);
    if (this.ending === 'gcg') {
      this.emit(p, 'end-rack', `(${text})`, 2 * value, 0);
    } else {
      this.emit(p, 'end-rack', `(${text})`, value, 0);
      this.emit(1 - p, 'rack-deduction', `${text} (${text})`, -value, 0);
    }
  }

  /** 37.2, 37.3: nobody went out; each player subtracts the own rack. */
  private ownRacks(): void {
    for (const p of [0, 1]) {
      const rack = this.racks[p];
      const text = this.tilesText(rack);
      this.emit(p, 'rack-deduction', `${text} (${text})`, -rack.reduce((sum, c) => sum + VALUES[c], 0), 0);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Move generation

  /** Finds every legal placement of `rack` into the pool; returns how many. */
  private findMoves(rack: readonly number[]): number {
    this.rackCount.fill(0);
    this.rackBits = 0;
    for (const c of rack) {
      this.rackCount[c]++;
      if (c !== BLANK) this.rackBits |= 1 << c;
    }
    this.rackSize = rack.length;
    this.poolLength = 0;
    this.moveCount = 0;
    if (rack.length === 0) return 0;
    this.prepare();
    for (const dir of [0, 1] as const) {
      this.dir = dir;
      for (let line = 0; line < SIZE; line++) {
        this.line = line;
        for (let start = 0; start < SIZE; start++) {
          if (start > 0 && this.tiles[square(dir, line, start - 1)] !== 0) continue;
          if (!this.reachesAnchor(start)) continue;
          this.start = start;
          this.extend(start, this.dawg.root, 0, 0, 1, 0, false);
        }
      }
    }
    return this.moveCount;
  }

  /** Whether an anchor lies at or after `start` with no more empty squares before it than rack tiles. */
  private reachesAnchor(start: number): boolean {
    let empty = 0;
    for (let pos = start; pos < SIZE; pos++) {
      const sq = square(this.dir, this.line, pos);
      if (this.tiles[sq] !== 0) continue;
      empty++;
      if (empty > this.rackSize) return false;
      if (this.anchor[sq]) return true;
    }
    return false;
  }

  /** Anchors and cross-checks of the board as it stands. */
  private prepare(): void {
    this.anchor.fill(0);
    if (this.boardEmpty) this.anchor[7 * SIZE + 7] = 1; // art. 6: the first word covers H8
    for (let sq = 0; sq < SQUARES; sq++) {
      if (this.tiles[sq] !== 0) continue;
      const r = Math.floor(sq / SIZE);
      const c = sq % SIZE;
      if (
        (r > 0 && this.tiles[sq - SIZE]) ||
        (r < SIZE - 1 && this.tiles[sq + SIZE]) ||
        (c > 0 && this.tiles[sq - 1]) ||
        (c < SIZE - 1 && this.tiles[sq + 1])
      ) {
        this.anchor[sq] = 1;
      }
      this.crossCheck(0, r, c);
      this.crossCheck(1, r, c);
    }
  }

  /** For a play along `dir`, which tiles may go on (r, c): its perpendicular word must be accepted. */
  private crossCheck(dir: 0 | 1, r: number, c: number): void {
    const sq = r * SIZE + c;
    const dr = dir === 0 ? 1 : 0;
    const dc = dir === 0 ? 0 : 1;
    let r0 = r;
    let c0 = c;
    while (r0 - dr >= 0 && c0 - dc >= 0 && this.tiles[(r0 - dr) * SIZE + (c0 - dc)] !== 0) {
      r0 -= dr;
      c0 -= dc;
    }
    let r1 = r;
    let c1 = c;
    while (r1 + dr < SIZE && c1 + dc < SIZE && this.tiles[(r1 + dr) * SIZE + (c1 + dc)] !== 0) {
      r1 += dr;
      c1 += dc;
    }
    if (r0 === r1 && c0 === c1) {
      this.crossMask[dir][sq] = ALL_TILES;
      this.crossSum[dir][sq] = 0;
      this.hasCross[dir][sq] = 0;
      return;
    }
    const dawg = this.dawg;
    let sum = 0;
    let node = dawg.root;
    for (let rr = r0, cc = c0; rr !== r || cc !== c; rr += dr, cc += dc) {
      const s = rr * SIZE + cc;
      sum += this.isBlank[s] ? 0 : VALUES[this.tiles[s]];
      node = dawg.edgeChild(dawg.edgeOf(node, this.tiles[s]));
    }
    const suffix: number[] = [];
    for (let rr = r + dr, cc = c + dc; rr <= r1 && cc <= c1; rr += dr, cc += dc) {
      const s = rr * SIZE + cc;
      sum += this.isBlank[s] ? 0 : VALUES[this.tiles[s]];
      suffix.push(this.tiles[s]);
    }
    let mask = 0;
    for (let e = node; e !== 0; e = dawg.nextEdge(e)) {
      let last = e;
      for (const t of suffix) {
        last = dawg.edgeOf(dawg.edgeChild(last), t);
        if (last === 0) break;
      }
      if (last !== 0 && dawg.edgeFinal(last)) mask |= 1 << dawg.edgeTile(e);
    }
    this.crossMask[dir][sq] = mask;
    this.crossSum[dir][sq] = sum;
    this.hasCross[dir][sq] = 1;
  }

  /** Continue the main word at `pos` from graph node `node` (the run of the next tile's edges). */
  private extend(pos: number, node: number, placed: number, mainSum: number, mainMul: number, cross: number, anchored: boolean): void {
    const dawg = this.dawg;
    const sq = square(this.dir, this.line, pos);
    const onBoard = this.tiles[sq];
    if (onBoard !== 0) {
      const e = dawg.edgeOf(node, onBoard);
      if (e !== 0) this.advance(pos, e, placed, mainSum + (this.isBlank[sq] ? 0 : VALUES[onBoard]), mainMul, cross, anchored);
      return;
    }
    if (placed === this.rackSize) return;
    // Tiles that may go here: allowed by the cross word and on the rack (any, with a blank).
    const mask = this.crossMask[this.dir][sq] & (this.rackCount[BLANK] > 0 ? ALL_TILES : this.rackBits);
    if (mask === 0) return;
    const lm = LM[sq];
    const wm = WM[sq];
    const crossing = this.hasCross[this.dir][sq] === 1;
    const base = this.crossSum[this.dir][sq];
    const nowAnchored = anchored || this.anchor[sq] === 1;
    for (let e = node; e !== 0; e = dawg.nextEdge(e)) {
      const tile = dawg.edgeTile(e);
      if ((mask & (1 << tile)) === 0) continue;
      if (this.rackCount[tile] > 0)
        this.put(pos, e, tile, false, VALUES[tile] * lm, placed, mainSum, mainMul * wm, crossing, base, wm, cross, nowAnchored); // art. 13
      if (this.rackCount[BLANK] > 0) this.put(pos, e, tile, true, 0, placed, mainSum, mainMul * wm, crossing, base, wm, cross, nowAnchored); // art. 10.2
    }
  }

  /** Place a rack tile (or a blank standing for `tile`) at `pos` and go on. */
  private put(
    pos: number,
    e: number,
    tile: number,
    blank: boolean,
    points: number,
    placed: number,
    mainSum: number,
    mainMul: number,
    crossing: boolean,
    base: number,
    wm: number,
    cross: number,
    anchored: boolean,
  ): void {
    const code = blank ? BLANK : tile;
    const bits = this.rackBits;
    if (--this.rackCount[code] === 0 && !blank) this.rackBits &= ~(1 << tile);
    this.stackPos[placed] = pos;
    this.stackCode[placed] = tile;
    this.stackBlank[placed] = blank ? 1 : 0;
    // art. 18: the perpendicular word counts too, with this square's premiums.
    this.advance(pos, e, placed + 1, mainSum + points, mainMul, crossing ? cross + (base + points) * wm : cross, anchored);
    this.rackCount[code]++;
    this.rackBits = bits;
  }

  private advance(pos: number, e: number, placed: number, mainSum: number, mainMul: number, cross: number, anchored: boolean): void {
    const next = pos + 1;
    const closed = next === SIZE || this.tiles[square(this.dir, this.line, next)] === 0;
    if (closed && placed > 0 && anchored && next - this.start >= 2 && this.dawg.edgeFinal(e)) {
      this.record(pos, placed, mainSum * mainMul + cross + (placed === RACK_SIZE ? BINGO_BONUS : 0)); // art. 14–15, 19
    }
    if (next < SIZE) {
      const child = this.dawg.edgeChild(e);
      if (child !== 0) this.extend(next, child, placed, mainSum, mainMul, cross, anchored);
    }
  }

  private record(end: number, placed: number, score: number): void {
    // A single tile that also forms a word across was found by the across scan already.
    if (this.dir === 1 && placed === 1 && this.hasCross[1][square(1, this.line, this.stackPos[0])] === 1) return;
    if (this.notation === 'plain') {
      // Plain `ch` is the real tile when the rack keeps one the play does not use: a blank
      // standing for a digraph would then be misread (NOTATION.md), so such plays are skipped.
      for (let i = 0; i < placed; i++) {
        if (this.stackBlank[i] === 1 && isDigraph(this.stackCode[i]) && this.rackCount[this.stackCode[i]] > 0) return;
      }
    }
    const need = 6 + 3 * placed;
    if (this.poolLength + need > this.pool.length) this.pool = grow(this.pool, this.poolLength + need);
    if (this.moveCount === this.moveAt.length) this.moveAt = grow(this.moveAt, this.moveCount + 1);
    const pool = this.pool;
    let at = this.poolLength;
    this.moveAt[this.moveCount++] = at;
    pool[at++] = this.dir;
    pool[at++] = this.line;
    pool[at++] = this.start;
    pool[at++] = end;
    pool[at++] = score;
    pool[at++] = placed;
    for (let i = 0; i < placed; i++) {
      pool[at++] = this.stackPos[i];
      pool[at++] = this.stackCode[i];
      pool[at++] = this.stackBlank[i];
    }
    this.poolLength = at;
  }
}

/** Plays one random legal game (see the module header). */
export function generateGame(options: GenerateOptions): GeneratedGame {
  return new GameBuilder(options).build();
}
