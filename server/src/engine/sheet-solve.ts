/**
 * Where the words of a copied sheet went, decided jointly (docs/annotator.md): the lines from a
 * word without a coordinate to the point where the board stops being known are searched as one
 * problem, the way a careful annotator reads a sheet. A choice of placement for every word line is
 * a solution when every line after it still holds:
 *
 * - each word scores the sheet's score where it goes (art. 12–19), and each placement written with
 *   a coordinate fits the board and makes its score;
 * - tile tracking: every tile placed is one not yet on the board nor known to be on the opponent's
 *   rack (art. 3), a rack written in full holds what the player kept from the previous one (art. 29)
 *   and no more tiles than the player has, new tiles come from the rack when it is known;
 * - a player who empties the rack with the bag empty ends the game (37.4 / 40.3): no turn follows,
 *   and the finisher's `(RACK) +N` line is possible only then, with RACK exactly the tiles not on
 *   the board; a `RACK (RACK) -N` line names tiles not on the board;
 * - on the empty board, when no line of the segment has a coordinate, a placement and its mirror
 *   across the diagonal make the same game: the across one is written (`canonical`);
 * - a word that makes its score only through a word the list refuses, on a line whose score the
 *   sheet's addition does not confirm, may be a phony that stood or a miscopied score: its clean
 *   placements at any score are candidates too, and the line is `doubtful` (never decided)
 *   unless every solution puts it at the same phony placement.
 *
 * How: a depth-first search over the lines, the likeliest candidates first (engine/word-search.ts),
 * finds one solution (the witness) or, when none reaches the end (a slip in the sheet), the
 * furthest any choice reaches; lines after that are left to a later search. Then, for each word
 * line, one more search looks for a solution with a different placement on that line: none means
 * the line is decided. Those searches try a placement whose cross word the word list rejects only
 * where no clean placement of the word scores the score (it would have been challenged off, art.
 * 34). Dead ends (a line, a board, the racks and the bag) are remembered, for every later search
 * when the exclusion took no part in them.
 *
 * Invariants: pure; never decides on a guess: a search cut by the node budget counts as finding
 * another placement (the line stays ambiguous); the witness agrees with every decided line, so a
 * replayer that places the witness's choices never meets a clash; the board passed in is copied.
 *
 * Example:
 *   const s = solveSheet({ board, unseen, bag, sizes, leaves, lines, tileSet, canonical: true });
 *   s.words.get(0)?.status;   // 'located'
 */
import { squareIndex } from './board';
import { scorePlacement, type Direction, type NewTile } from './scoring';
import type { TileSet } from './tilesets';
import type { BoardCells, PlacedTile } from './types';
import { allPlacements, findPlacements, type WordPlacement, type WordTile } from './word-search';

/** Faces of a rack as the sheet wrote it: one array per reading ('?' a blank). */
export type Readings = readonly (readonly string[])[];

/** One line of the segment, as the search reads it. */
export type SheetLine =
  | {
      readonly kind: 'word';
      readonly player: number;
      readonly word: readonly WordTile[];
      /** The sheet's score (or the one its totals give); undefined: any. */
      readonly score?: number;
      /** The score and the total are both written and agree with the previous total (the sheet's addition confirms the score). */
      readonly confirmed?: boolean;
      readonly racks?: Readings;
    }
  | {
      readonly kind: 'placement';
      readonly player: number;
      readonly row: number;
      readonly col: number;
      readonly direction: Direction;
      /** Per square: the face written (null for `.`) and whether it is a blank. */
      readonly tiles: readonly { readonly letter: string | null; readonly blank: boolean }[];
      readonly score?: number;
      readonly racks?: Readings;
    }
  | { readonly kind: 'exchange'; readonly player: number; readonly racks?: Readings; readonly exchanged?: readonly string[] }
  | { readonly kind: 'pass'; readonly player: number; readonly racks?: Readings }
  /** The finisher's `(RACK) +N`: the player went out, RACK is what was left. */
  | { readonly kind: 'end-rack'; readonly player: number; readonly tiles?: Readings }
  /** `RACK (RACK) -N`: the player's own rack at the end. */
  | { readonly kind: 'deduction'; readonly player: number; readonly tiles?: Readings }
  /** A line that changes neither the board nor the racks (a penalty, a challenge bonus). */
  | { readonly kind: 'other' };

export interface SolveInput {
  /** The board before the first line. */
  readonly board: BoardCells;
  /** Faces not on the board ('?' a blank). */
  readonly unseen: readonly string[];
  readonly bag: number;
  /** Tiles on each player's rack. */
  readonly sizes: readonly [number, number];
  /** Tiles known to be on each rack (undefined: none known). */
  readonly leaves: readonly [readonly string[] | undefined, readonly string[] | undefined];
  readonly lines: readonly SheetLine[];
  readonly tileSet: TileSet;
  readonly judge?: (normalized: string) => boolean;
  /** On the empty board, keep only across first moves (module header). */
  readonly canonical?: boolean;
  /** Most lines the searches may apply in all (default 60 000). */
  readonly budget?: number;
  /** Most lines one search may apply (default 6 000; the first search, half the budget). */
  readonly searchBudget?: number;
}

export interface SolvedWord {
  /**
   * 'doubtful': the sheet's score is made only through a word the list refuses while clean
   * placements of the word make other scores: a phony that stood or a miscopied score, never
   * decided (`candidates` the phony placements some solution uses, `clean` the others).
   */
  readonly status: 'located' | 'ambiguous' | 'doubtful';
  /** The witness's placement first, then the others some solution uses (or a search cut short could not rule out). */
  readonly candidates: readonly WordPlacement[];
  /** The placement to replay the line as (the witness's). */
  readonly chosen: WordPlacement;
  /** Placements on the witness's board that score the score but no solution uses. */
  readonly setAside: readonly WordPlacement[];
  /** 'doubtful': the clean placements of other scores some solution uses (else the nearest ones), nearest score first. */
  readonly clean?: readonly WordPlacement[];
  /** 'doubtful': every solution puts the word at `chosen` (the board after it is known, its score is not). */
  readonly settled?: boolean;
}

export interface SheetSolution {
  /** Lines before this index are covered (the lines' length when all are). */
  readonly reach: number;
  /** By line index: the word lines before `reach`. */
  readonly words: ReadonlyMap<number, SolvedWord>;
  /** Lines applied by the searches (for the figures). */
  readonly nodes: number;
  /** Whether the budget cut a search (some lines may stay ambiguous only for that). */
  readonly cut: boolean;
}

const keyOf = (c: WordPlacement): string => `${c.row},${c.col},${c.direction}`;

/**
 * Whether a word line's candidates are those of a doubtful line: the sheet's score is made only
 * through a word the list refuses, so clean placements of other scores were added (`candidates`).
 */
function isDoubtful(line: SheetLine, candidates: readonly WordPlacement[]): boolean {
  return line.kind === 'word' && line.score !== undefined && candidates.some((c) => c.score !== line.score);
}

function countsOf(faces: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of faces) m.set(f, (m.get(f) ?? 0) + 1);
  return m;
}

/** Whether `small` ⊆ `big` − `minus` as multisets. */
function within(big: ReadonlyMap<string, number>, small: readonly string[], minus?: readonly string[]): boolean {
  const need = countsOf(small);
  if (minus) for (const f of minus) if (need.has(f)) need.set(f, need.get(f)! + 1);
  for (const [f, n] of need) if (small.includes(f) && n > (big.get(f) ?? 0)) return false;
  return true;
}

/** `a` − `b` as multisets. */
function minusFaces(a: readonly string[], b: readonly string[]): string[] {
  const left = a.slice();
  for (const f of b) {
    const k = left.indexOf(f);
    if (k >= 0) left.splice(k, 1);
  }
  return left;
}

function sameFaces(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && minusFaces(a, b).length === 0;
}

/** 32-bit mix of one square's content (two independent ones make the board's 64-bit hash). */
function mix(x: number, seed: number): number {
  let h = Math.imul(x ^ seed, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca77);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae3d);
  return (h ^ (h >>> 16)) | 0;
}

function faceCode(face: string): number {
  let h = 0;
  for (let i = 0; i < face.length; i++) h = (h * 31 + face.charCodeAt(i)) | 0;
  return h;
}

const faceOf = (t: NewTile): string => (t.blank ? '?' : t.letter);

interface Undo {
  readonly placed: readonly NewTile[];
  readonly bag: number;
  readonly sizes: [number, number];
  readonly leaves: [readonly string[] | undefined, readonly string[] | undefined];
  readonly h1: number;
  readonly h2: number;
}

/** Line `line` must not use the placement `not` (and, when `acceptedOnly`, only accepted ones), or must use `only`. */
interface Exclusion {
  readonly line: number;
  readonly not?: string;
  readonly only?: string;
  readonly acceptedOnly: boolean;
}

class Search {
  private readonly board: (PlacedTile | null)[];
  private readonly unseen: Map<string, number>;
  private bag: number;
  private sizes: [number, number];
  private leaves: [readonly string[] | undefined, readonly string[] | undefined];
  private h1 = 0;
  private h2 = 0;
  /** Index of the first turn line after each line (lines.length when none). */
  private readonly nextTurn: number[];
  private readonly path: (WordPlacement | undefined)[];
  /** The best path found and how far it reached. */
  best: (WordPlacement | undefined)[] = [];
  bestReach = -1;
  target: number;
  exclusion?: Exclusion;
  nodes = 0;
  cuts = 0;
  /** Placements the exclusion has kept a search from trying. */
  private skips = 0;
  private readonly budget: number;
  private readonly searchBudget: number;
  private limit = 0;
  /** Dead ends with no exclusion ahead: state key → furthest line reached. */
  private readonly deadFree = new Map<string, number>();
  /** Dead ends of the current exclusion search with the excluded line still ahead. */
  private deadExcluded = new Map<string, number>();
  private readonly candidateCache = new Map<string, readonly WordPlacement[]>();

  constructor(private readonly input: SolveInput) {
    this.board = input.board.slice();
    this.unseen = countsOf(input.unseen);
    this.bag = input.bag;
    this.sizes = [input.sizes[0], input.sizes[1]];
    this.leaves = [input.leaves[0], input.leaves[1]];
    for (let i = 0; i < this.board.length; i++) {
      const c = this.board[i];
      if (c) this.toggleHash(i, c.letter, c.blank);
    }
    const lines = input.lines;
    this.nextTurn = new Array<number>(lines.length + 1).fill(lines.length);
    for (let i = lines.length - 1; i >= 0; i--) {
      const k = lines[i + 1]?.kind;
      const turn = k === 'word' || k === 'placement' || k === 'exchange' || k === 'pass';
      this.nextTurn[i] = turn ? i + 1 : this.nextTurn[i + 1];
    }
    this.path = new Array<WordPlacement | undefined>(lines.length).fill(undefined);
    this.target = lines.length;
    this.budget = input.budget ?? 60000;
    this.searchBudget = input.searchBudget ?? 6000;
  }

  /** Whether the searches have used the whole budget. */
  get spent(): boolean {
    return this.nodes >= this.budget;
  }

  get exhausted(): boolean {
    return this.nodes >= this.limit;
  }

  private toggleHash(square: number, letter: string, blank: boolean): void {
    const x = square * 131 + faceCode(letter) * 2 + (blank ? 1 : 0);
    this.h1 ^= mix(x, 0x1234567);
    this.h2 ^= mix(x, 0x7654321);
  }

  private key(i: number): string {
    const l = (x: readonly string[] | undefined): string => (x ? x.slice().sort().join('') : '-');
    return `${i}|${this.h1}|${this.h2}|${this.bag}|${this.sizes[0]},${this.sizes[1]}|${l(this.leaves[0])}|${l(this.leaves[1])}`;
  }

  private boardEmpty(): boolean {
    for (const c of this.board) if (c) return false;
    return true;
  }

  /** The readings of a written rack that fit what is known; undefined when none was written. */
  private fittingRacks(p: number, racks: Readings | undefined): Readings | undefined {
    if (!racks || racks.length === 0) return undefined;
    const opponent = this.leaves[1 - p];
    const own = this.leaves[p];
    return racks.filter(
      (r) =>
        r.length <= this.sizes[p] &&
        within(this.unseen, r, opponent) &&
        (r.length < this.sizes[p] || !own || minusFaces(own, r).length === 0),
    );
  }

  /** Places `tiles` for player `p` when tile tracking allows it; the undo record, or undefined. */
  private play(p: number, tiles: readonly NewTile[], racks: Readings | undefined, at: number): Undo | undefined {
    const faces = tiles.map(faceOf);
    if (faces.length > this.sizes[p]) return undefined;
    if (!within(this.unseen, faces, this.leaves[1 - p])) return undefined;
    const fitting = this.fittingRacks(p, racks);
    if (fitting && fitting.length === 0) return undefined;
    let leave: readonly string[] | undefined;
    const complete = fitting?.filter((r) => r.length === this.sizes[p]) ?? [];
    if (complete.length > 0) {
      const leaves = complete.filter((r) => minusFaces(faces, r).length === 0).map((r) => minusFaces(r, faces));
      if (leaves.length === 0) return undefined;
      leave = leaves.every((l) => sameFaces(l, leaves[0])) ? leaves[0] : undefined;
    } else {
      // Tiles known before and not among those placed are still on the rack.
      const own = this.leaves[p];
      leave = own ? minusFaces(own, faces) : undefined;
    }
    const undo: Undo = { placed: tiles, bag: this.bag, sizes: [...this.sizes], leaves: [...this.leaves], h1: this.h1, h2: this.h2 };
    for (const t of tiles) {
      const sq = squareIndex(t.row, t.col);
      this.board[sq] = { letter: t.letter, blank: t.blank, turn: -1 };
      this.toggleHash(sq, t.letter, t.blank);
      const f = faceOf(t);
      this.unseen.set(f, (this.unseen.get(f) ?? 0) - 1);
    }
    const drawn = Math.min(tiles.length, this.bag);
    this.bag -= drawn;
    this.sizes[p] += drawn - tiles.length;
    this.leaves[p] = leave;
    // 37.4 / 40.3: emptying the rack with the bag empty ends the game; no turn may follow.
    if (this.sizes[p] === 0 && this.nextTurn[at] < this.input.lines.length) {
      this.undo(undo);
      return undefined;
    }
    return undo;
  }

  private undo(u: Undo): void {
    for (const t of u.placed) {
      this.board[squareIndex(t.row, t.col)] = null;
      const f = faceOf(t);
      this.unseen.set(f, (this.unseen.get(f) ?? 0) + 1);
    }
    this.bag = u.bag;
    this.sizes = [...u.sizes];
    this.leaves = [...u.leaves];
    this.h1 = u.h1;
    this.h2 = u.h2;
  }

  /** A line that places nothing: its checks, and the racks it leaves known. */
  private still(i: number): Undo | undefined {
    const line = this.input.lines[i];
    const undo: Undo = { placed: [], bag: this.bag, sizes: [...this.sizes], leaves: [...this.leaves], h1: this.h1, h2: this.h2 };
    if (line.kind === 'pass' || line.kind === 'exchange') {
      const p = line.player;
      const fitting = this.fittingRacks(p, line.racks);
      if (fitting && fitting.length === 0) return undefined;
      const complete = fitting?.filter((r) => r.length === this.sizes[p]) ?? [];
      // What is known to be on the rack before the turn: the rack written in full, else what was known.
      const before: readonly string[] | undefined = complete.length === 1 ? complete[0] : this.leaves[p];
      if (line.kind === 'pass') this.leaves[p] = before;
      else if (!line.exchanged) this.leaves[p] = undefined;
      else {
        if (complete.length === 1 && minusFaces(line.exchanged, complete[0]).length > 0) return undefined;
        // The tiles known and not put back are still there (a face put back may have been a known one).
        this.leaves[p] = before ? minusFaces(before, line.exchanged) : undefined;
      }
      return undo;
    }
    if (line.kind === 'end-rack') {
      if (this.bag !== 0 || this.sizes[line.player] !== 0) return undefined;
      if (line.tiles && line.tiles.length > 0) {
        const left: string[] = [];
        for (const [f, n] of this.unseen) for (let k = 0; k < n; k++) left.push(f);
        if (!line.tiles.some((r) => sameFaces(r, left))) return undefined;
      }
      return undo;
    }
    if (line.kind === 'deduction') {
      if (line.tiles && line.tiles.length > 0 && !line.tiles.some((r) => within(this.unseen, r))) return undefined;
      return undo;
    }
    return undo;
  }

  /** The placements of word line `i` on the current board, likeliest first. */
  candidates(i: number): readonly WordPlacement[] {
    const line = this.input.lines[i];
    if (line.kind !== 'word') return [];
    const key = `${i}|${this.h1}|${this.h2}`;
    const cached = this.candidateCache.get(key);
    if (cached) return cached;
    const pool: string[] = [];
    for (const [f, n] of this.unseen) for (let k = 0; k < n; k++) pool.push(f);
    const options = { pool, tileSet: this.input.tileSet, ...(this.input.judge ? { judge: this.input.judge } : {}) };
    let found = findPlacements(this.board, line.word, { ...(line.score !== undefined ? { score: line.score } : {}), ...options }).matches;
    if (line.score !== undefined && !line.confirmed && this.input.judge && found.length > 0 && found.every((c) => !c.crossWordsAccepted)) {
      // The word makes the score only through a word the list refuses and the sheet's addition
      // does not confirm the score: a phony that stood, or a miscopied score. Both stay possible:
      // the clean placements at any score join the phony ones (after them, nearest score first);
      // the line is decided only when every solution puts it at the same phony placement (the
      // later lines then say the phony stood), else it stays open (`doubtful`).
      const target = line.score;
      const clean = allPlacements(this.board, line.word, options)
        .filter((c) => c.crossWordsAccepted)
        .sort((a, b) => Math.abs(a.score - target) - Math.abs(b.score - target));
      found = [...found, ...clean];
    }
    if (this.input.canonical && this.boardEmpty()) found = found.filter((c) => c.direction === 'across');
    if (this.candidateCache.size > 20000) this.candidateCache.clear();
    this.candidateCache.set(key, found);
    return found;
  }

  /** The witness's placement of each line, tried first by the later searches (set after the first). */
  preferred: readonly (WordPlacement | undefined)[] = [];

  /** The candidates of line `i`, the witness's placement first when it is one of them. */
  private ordered(i: number): readonly WordPlacement[] {
    const all = this.candidates(i);
    const first = this.preferred[i];
    if (!first) return all;
    const k = all.findIndex((c) => keyOf(c) === keyOf(first));
    return k <= 0 ? all : [all[k], ...all.slice(0, k), ...all.slice(k + 1)];
  }

  /** The furthest line the lines from `i` can be followed to on the current state (stops at `target`). */
  dfs(i: number): number {
    if (i > this.bestReach) {
      this.bestReach = i;
      this.best = this.path.slice(0, i);
    }
    if (i >= this.target) return i;
    if (this.exhausted) {
      this.cuts++;
      return i;
    }
    const excluded = this.exclusion && this.exclusion.line >= i;
    const key = this.key(i);
    // A state dead with every placement allowed is dead with fewer.
    const known = this.deadFree.get(key) ?? (excluded ? this.deadExcluded.get(key) : undefined);
    if (known !== undefined && known < this.target) return known;
    this.nodes++;
    const cutsBefore = this.cuts;
    const skipsBefore = this.skips;
    const line = this.input.lines[i];
    let reach = i;
    if (line.kind === 'word') {
      const ex = this.exclusion?.line === i ? this.exclusion : undefined;
      const all = this.ordered(i);
      // After the first search, a placement whose cross word is no word is tried only where no
      // other placement of the word is clean: it would have been challenged off (art. 34).
      const clean = this.exclusion !== undefined && all.some((c) => c.crossWordsAccepted) && !isDoubtful(line, all);
      for (const c of all) {
        if (clean && !c.crossWordsAccepted) continue;
        if (ex && (keyOf(c) === ex.not || (ex.only !== undefined && keyOf(c) !== ex.only) || (ex.acceptedOnly && !c.crossWordsAccepted))) {
          this.skips++;
          continue;
        }
        const undo = this.play(line.player, c.newTiles, line.racks, i);
        if (!undo) continue;
        this.path[i] = c;
        const r = this.dfs(i + 1);
        this.undo(undo);
        this.path[i] = undefined;
        if (r > reach) reach = r;
        if (reach >= this.target) return reach;
      }
    } else if (line.kind === 'placement') {
      const tiles = this.fit(line);
      const ok =
        tiles && (line.score === undefined || scorePlacement(this.board, tiles, line.direction, this.input.tileSet).score === line.score);
      const undo = ok ? this.play(line.player, tiles, line.racks, i) : undefined;
      if (undo) {
        reach = this.dfs(i + 1);
        this.undo(undo);
      }
    } else {
      const undo = this.still(i);
      if (undo) {
        reach = this.dfs(i + 1);
        this.undo(undo);
      }
    }
    if (this.cuts === cutsBefore && reach < this.target) {
      // A dead end the exclusion took no part in holds for every search.
      (excluded && this.skips > skipsBefore ? this.deadExcluded : this.deadFree).set(key, reach);
    }
    return reach;
  }

  /** A placement with a coordinate on the current board: its new tiles, or undefined when it cannot fit. */
  private fit(line: Extract<SheetLine, { kind: 'placement' }>): NewTile[] | undefined {
    const dr = line.direction === 'down' ? 1 : 0;
    const dc = line.direction === 'across' ? 1 : 0;
    const out: NewTile[] = [];
    // The play is the whole main word: the squares just before and after it are empty.
    const n = line.tiles.length;
    const filled = (r: number, c: number): boolean => r >= 0 && c >= 0 && r < 15 && c < 15 && this.board[squareIndex(r, c)] !== null;
    if (filled(line.row - dr, line.col - dc) || filled(line.row + dr * n, line.col + dc * n)) return undefined;
    for (let k = 0; k < n; k++) {
      const r = line.row + dr * k;
      const c = line.col + dc * k;
      if (r < 0 || c < 0 || r >= 15 || c >= 15) return undefined;
      const t = line.tiles[k];
      const cell = this.board[squareIndex(r, c)];
      if (t.letter === null) {
        if (!cell) return undefined;
        continue;
      }
      if (cell) {
        if (cell.letter !== t.letter) return undefined;
        continue;
      }
      out.push({ row: r, col: c, letter: t.letter, blank: t.blank });
    }
    return out.length > 0 ? out : undefined;
  }

  /** Starts a new search: the state is back at the first line (every search ends there). */
  reset(exclusion: Exclusion | undefined): void {
    this.exclusion = exclusion;
    // The first search (the witness) may use half the budget: without it nothing after where it
    // stops is decided; each later one its own share.
    const share = exclusion ? this.searchBudget : Math.max(this.searchBudget, this.budget / 2);
    this.limit = Math.min(this.budget, this.nodes + share);
    this.deadExcluded = new Map();
    this.bestReach = -1;
    this.best = [];
  }

  /** The candidates of each word line along `path` (replayed from the first line). */
  along(path: readonly (WordPlacement | undefined)[], upTo: number): Map<number, readonly WordPlacement[]> {
    const out = new Map<number, readonly WordPlacement[]>();
    const undos: Undo[] = [];
    for (let i = 0; i < upTo; i++) {
      const line = this.input.lines[i];
      let undo: Undo | undefined;
      if (line.kind === 'word') {
        out.set(i, this.candidates(i));
        const c = path[i];
        undo = c ? this.play(line.player, c.newTiles, line.racks, i) : undefined;
      } else if (line.kind === 'placement') {
        const tiles = this.fit(line);
        undo = tiles ? this.play(line.player, tiles, line.racks, i) : undefined;
      } else undo = this.still(i);
      if (!undo) break;
      undos.push(undo);
    }
    for (const u of undos.reverse()) this.undo(u);
    return out;
  }
}

/**
 * The line as it reads without what made every choice fail there: a slip the replay reports on
 * its own (a rack that contradicts the previous one, a miscopied score, an end line that does not
 * add up) must not cut the lines after it off from the search. Undefined: nothing left to drop
 * (the line cannot be followed at all; the search stops before it).
 */
function relaxed(line: SheetLine): SheetLine | undefined {
  switch (line.kind) {
    case 'word':
      return line.racks
        ? { kind: 'word', player: line.player, word: line.word, ...(line.score !== undefined ? { score: line.score } : {}) }
        : undefined;
    case 'placement': {
      if (line.racks) {
        const { racks: _racks, ...rest } = line;
        return rest;
      }
      if (line.score !== undefined) {
        const { score: _score, ...rest } = line;
        return rest;
      }
      return undefined;
    }
    case 'pass':
    case 'exchange':
      return line.racks || (line.kind === 'exchange' && line.exchanged) ? { kind: line.kind, player: line.player } : undefined;
    case 'end-rack':
    case 'deduction':
      return { kind: 'other' };
    case 'other':
      return undefined;
  }
}

/** Every word line of `input.lines` solved jointly (module header), slips in the sheet relaxed. */
export function solveSheet(input: SolveInput): SheetSolution {
  let lines = input.lines.slice();
  let nodes = 0;
  for (let round = 0; ; round++) {
    const solution = solveLines({ ...input, lines }, input.budget === undefined ? undefined : input.budget - nodes);
    nodes += solution.nodes;
    const at = solution.reach;
    const easier = at < lines.length && round < 8 ? relaxed(lines[at]) : undefined;
    if (!easier) return { ...solution, nodes };
    lines = lines.slice();
    lines[at] = easier;
  }
}

/** Most other placements tried per line, and lines tried, when the first search stops short. */
const REPAIR_CANDIDATES = 4;
const REPAIR_LINES = 12;

/**
 * The first search stopped short of the last line within its budget: most often an early line
 * whose placement looks fine for many lines and is the wrong one (a word that fits in two places
 * of a young board), so every later choice was tried on the wrong board. Each undecided line
 * before the furthest one reached, earliest first, is tried with each of its other placements in
 * turn (a few, each search with its own share of the budget); the first that reaches further
 * becomes the witness, and the tries go on from there until the last line is reached. Only the
 * witness changes: what is decided is still proven by the searches after it.
 */
function repair(
  search: Search,
  input: SolveInput,
  witness: (WordPlacement | undefined)[],
  reach: number,
): { reach: number; witness: (WordPlacement | undefined)[] } {
  let best = { reach, witness };
  let tried = 0;
  for (let i = 0; i < best.reach && tried < REPAIR_LINES; i++) {
    const chosen = best.witness[i];
    if (input.lines[i].kind !== 'word' || !chosen) continue;
    const here = search.along(best.witness, i + 1).get(i) ?? [];
    const others = here.filter((c) => keyOf(c) !== keyOf(chosen)).slice(0, REPAIR_CANDIDATES);
    if (others.length === 0) continue;
    tried++;
    for (const c of others) {
      if (search.spent) return best;
      search.reset({ line: i, only: keyOf(c), acceptedOnly: false });
      search.preferred = best.witness;
      search.dfs(0);
      if (search.bestReach > best.reach) {
        best = { reach: search.bestReach, witness: search.best.slice() };
        if (best.reach >= input.lines.length) return best;
        break;
      }
    }
  }
  return best;
}

function solveLines(input: SolveInput, budget: number | undefined): SheetSolution {
  const search = new Search(budget === undefined ? input : { ...input, budget });
  search.reset(undefined);
  search.dfs(0);
  let reach = Math.max(0, search.bestReach);
  let witness = search.best.slice();
  if (reach < input.lines.length && search.cuts > 0) ({ reach, witness } = repair(search, input, witness, reach));
  const target = reach;
  search.target = target;
  search.preferred = witness;
  const words = new Map<number, SolvedWord>();
  const wordLines: number[] = [];
  for (let i = 0; i < target; i++) if (input.lines[i].kind === 'word' && witness[i]) wordLines.push(i);
  // The placements found possible, by line; lines shown ambiguous; lines a cut search left open.
  const possible = new Map<number, WordPlacement[]>(wordLines.map((i) => [i, [witness[i]!]]));
  const open = new Set<number>();
  const addPossible = (i: number, c: WordPlacement): void => {
    const list = possible.get(i);
    if (list && !list.some((x) => keyOf(x) === keyOf(c))) list.push(c);
  };
  for (const i of wordLines) {
    if (possible.get(i)!.length > 1) continue;
    const chosen = witness[i]!;
    search.reset({ line: i, not: keyOf(chosen), acceptedOnly: chosen.crossWordsAccepted });
    const cutsBefore = search.cuts;
    const r = search.dfs(0);
    if (r >= target) {
      const other = search.best;
      for (const j of wordLines) if (other[j]) addPossible(j, other[j]);
    } else if (search.cuts > cutsBefore) open.add(i);
  }
  const onWitnessBoard = search.along(witness, target);
  // An undecided line lists every placement some solution uses: the others on the witness's
  // board are tried one by one (a search cut short keeps its placement, unverified).
  for (const i of wordLines) {
    const found = possible.get(i)!;
    if (found.length < 2 && !open.has(i)) continue;
    const accepted = witness[i]!.crossWordsAccepted;
    for (const c of (onWitnessBoard.get(i) ?? []).slice(0, 16)) {
      if (found.some((x) => keyOf(x) === keyOf(c)) || (accepted && !c.crossWordsAccepted)) continue;
      search.reset({ line: i, only: keyOf(c), acceptedOnly: false });
      const cutsBefore = search.cuts;
      if (search.dfs(0) >= target) {
        const other = search.best;
        for (const j of wordLines) if (other[j]) addPossible(j, other[j]);
      } else if (search.cuts > cutsBefore) found.push(c);
    }
  }
  // A line is doubtful only on a board that is known: after an undecided line the witness's board
  // is a guess, and a word that fits there only through a refused word says nothing of the sheet.
  let guessedBoard = false;
  for (const i of wordLines) {
    const found = possible.get(i)!;
    const here = onWitnessBoard.get(i) ?? [];
    const line = input.lines[i];
    const setAside = here.filter((c) => !found.some((x) => keyOf(x) === keyOf(c)));
    const atScore = (c: WordPlacement): boolean => line.kind === 'word' && c.score === line.score;
    const doubtful = isDoubtful(line, here) && !guessedBoard && !found.some((c) => atScore(c) && c.crossWordsAccepted);
    if (isDoubtful(line, here) && !doubtful) {
      // Not doubtful after all: the placements at the sheet's score some solution uses, as any undecided line.
      const scored = found.filter(atScore);
      const candidates = scored.length > 0 ? scored : here.filter(atScore);
      words.set(i, { status: 'ambiguous', candidates, chosen: witness[i]!, setAside: setAside.filter(atScore) });
      guessedBoard = true;
      continue;
    }
    if (doubtful && found.length === 1 && !open.has(i) && atScore(found[0])) {
      // Every solution puts the word at its phony placement: the later lines say the phony stood.
      words.set(i, { status: 'located', candidates: found, chosen: witness[i]!, setAside: setAside.filter(atScore) });
      continue;
    }
    if (doubtful) {
      const clean = found.filter((c) => !atScore(c));
      const phony = found.filter(atScore);
      words.set(i, {
        status: 'doubtful',
        candidates: phony.length > 0 ? phony : here.filter(atScore),
        chosen: witness[i]!,
        setAside: setAside.filter(atScore),
        clean: (clean.length > 0 ? clean : here.filter((c) => !atScore(c))).slice(0, 3),
        settled: found.length === 1 && !open.has(i),
      });
      if (found.length !== 1 || open.has(i)) guessedBoard = true;
      continue;
    }
    const status = found.length === 1 && !open.has(i) ? 'located' : 'ambiguous';
    if (status === 'ambiguous') guessedBoard = true;
    words.set(i, { status, candidates: found, chosen: witness[i]!, setAside });
  }
  return { reach: target, words, nodes: search.nodes, cut: search.cuts > 0 };
}
