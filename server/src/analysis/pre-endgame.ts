/**
 * The pre-endgame (docs/deep-analysis.md "Pre-endgame"): one or two tiles in the bag, the mover's
 * rack known and the opponent's rack the unseen tiles less the bag's. Each candidate move is
 * valued over every ordering of the bag, solving the endgame that follows exactly (endgame.ts).
 *
 * Method:
 * - Orderings: which unseen tiles are in the bag and in which order they come out (the tiles the
 *   record shows on the opponent's rack, `position.opponentTiles`, are never in it). Every
 *   ordering of tile instances is equally likely; orderings of the same faces are grouped, the
 *   group weighted by the number of instance orderings it stands for (two E and one S unseen, one
 *   tile in the bag: "E" weighs 2, "S" 1).
 * - Candidates: the best `candidates` moves by static equity (moves.ts), exchanges among them
 *   exactly as art. 24 of the edition in force allows with that many tiles in the bag (under every
 *   FISE edition the bag must hold as many tiles as are exchanged; under NASPA it must hold 7, so
 *   none), the pass always, and any `moves` given (the move played).
 * - Per candidate and ordering (perfect information from there on, as pre-endgame solvers do):
 *   the move is played and the mover draws from the front of the bag. With the bag then empty,
 *   the endgame is solved exactly (endgame.ts) with the opponent to move. With tiles left (a
 *   placement of fewer tiles than the bag holds, a pass, an exchange) the opponent picks the best
 *   of its own `replies` static candidates the same way, and so on until the bag is empty or the
 *   game ends (37.2 four passes, NASPA six; 37.3 twelve scoreless turns, current edition only).
 *   After an exchange the bag holds new tiles in an unknown order: the value is the mean over
 *   every ordering of it. At most `maxExchanges` exchanges are tried along one line, so that the
 *   search ends under editions without 37.3.
 * - A candidate's value is the weighted mean of its spread (points of the mover minus the
 *   opponent's from here to the end, end-of-game adjustments included) over the orderings; its
 *   wins, draws and losses are the weighted share of orderings where the final spread of the game
 *   (the score before plus that value) is positive, zero or negative. A case is "solved" when every
 *   endgame under it was solved to the end, "timed out" when one stopped at the node or time
 *   limit (its best line so far counted).
 *
 * Invariants: pure (the clock is injected); with the default node limit (no time limit) the same
 * position gives the same answer on any machine; `cancelled()` is polled before every endgame
 * solve and every case, and once it answers true the call throws `AnalysisCancelled`.
 *
 * Example:
 *   const r = solvePreEndgame(position, { lexicon, candidates: 6 });
 *   r.candidates[0];   // { move, spread: 14.5, wins: 0.75, draws: 0, losses: 0.25, cases: 6, solved: 6, timedOut: 0 }
 */
import type { Lexicon } from '../lexicon/types';
import { afterPlacement, rackValue, sameMove, solveEndgame } from './endgame';
import type { LeaveEvaluator } from './leaves';
import { AnalysisCancelled, AnalysisUnsupported, type Move } from './move';
import { FACES } from './movegen-codes';
import { analyzeMoves } from './moves';
import { knownDeal } from './known-tiles';
import { unseenTiles, type Position } from './position';

/** Static candidates of the player to move at the root (default). */
const PRE_ENDGAME_CANDIDATES = 6;
/** Static candidates of either player below the root while tiles are in the bag (default). */
const PRE_ENDGAME_REPLIES = 3;
/** Search nodes of one endgame solve (default). */
const PRE_ENDGAME_NODES = 10_000;
/** log2 of each solve's transposition table: hundreds of solves, each with few nodes, want a small one. */
const SOLVE_TABLE_BITS = 16;
/** Most tiles in the bag for a pre-endgame. */
export const PRE_ENDGAME_MAX_BAG = 2;

export interface PreEndgameOptions {
  readonly lexicon: Lexicon;
  /** Leave values for the static ranking of candidates (default the built-in table). */
  readonly leaves?: LeaveEvaluator;
  /** Static candidates at the root (default 6; Infinity: every legal move). */
  readonly candidates?: number;
  /** Static candidates below the root (default 3; Infinity: every legal move). */
  readonly replies?: number;
  /** Moves valued besides the candidates (the move played). */
  readonly moves?: readonly Move[];
  /** Search nodes of each endgame solve (default 10 000). */
  readonly maxNodes?: number;
  /** Milliseconds of each endgame solve (default none). */
  readonly timeLimitMs?: number;
  readonly now?: () => number;
  /** Passes in a row just before this position (37.2; default 0). */
  readonly passes?: number;
  /** Scoreless turns in a row just before this position (37.3; default `passes`). */
  readonly scoreless?: number;
  /** Exchanges tried along one line (default 1). */
  readonly maxExchanges?: number;
  /** Polled before every solve: true stops the call with `AnalysisCancelled`. */
  readonly cancelled?: () => boolean;
  /** Called after each case (candidate × ordering). */
  readonly onProgress?: (done: number, total: number) => void;
  /** The tiles the mover cannot see (the bag and the opponent's rack; default: tile tracking). */
  readonly unseen?: readonly string[];
}

export interface PreEndgameCandidate {
  readonly move: Move;
  /** Weighted mean spread from here to the end. */
  readonly spread: number;
  /** Weighted shares (0..1) of the orderings won, drawn and lost (the game's final spread). */
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Distinct orderings (cases) valued; solved + timedOut = cases. */
  readonly cases: number;
  readonly solved: number;
  readonly timedOut: number;
}

export interface PreEndgameResult {
  /** Tiles in the bag. */
  readonly bag: number;
  /** Distinct orderings of the bag (their weights sum to `weight`). */
  readonly orderings: number;
  readonly weight: number;
  /** Best first: by mean spread, then wins. */
  readonly candidates: readonly PreEndgameCandidate[];
  /** Endgames solved in all (a solve met again is not counted twice) and of them stopped at a limit. */
  readonly solves: number;
  readonly timedOutSolves: number;
}

/** One ordering of a bag: faces in the order they are drawn, and how many instance orderings it stands for. */
interface BagOrdering {
  readonly tiles: readonly string[];
  readonly weight: number;
}

/** Every ordering of `length` tiles drawn from `counts` (face → copies), grouped by faces (module header). */
export function bagOrderings(counts: ReadonlyMap<string, number>, length: number): BagOrdering[] {
  const out: BagOrdering[] = [];
  const left = new Map(counts);
  const faces = [...counts.keys()].filter((f) => (counts.get(f) ?? 0) > 0);
  const walk = (prefix: string[], weight: number): void => {
    if (prefix.length === length) {
      out.push({ tiles: prefix.slice(), weight });
      return;
    }
    for (const f of faces) {
      const n = left.get(f) ?? 0;
      if (n === 0) continue;
      left.set(f, n - 1);
      prefix.push(f);
      walk(prefix, weight * n);
      prefix.pop();
      left.set(f, n);
    }
  };
  walk([], 1);
  return out;
}

function without(rack: readonly string[], faces: readonly string[]): string[] {
  const out = rack.slice();
  for (const f of faces) {
    const k = out.indexOf(f);
    if (k >= 0) out.splice(k, 1);
  }
  return out;
}

const countsOf = (faces: readonly string[]): Map<string, number> => {
  const m = new Map<string, number>();
  for (const f of faces) m.set(f, (m.get(f) ?? 0) + 1);
  return m;
};

/** A node of the search: the side to move's view, the bag's order known. */
interface Node {
  readonly board: Position['board'];
  readonly rack: readonly string[];
  readonly opponent: readonly string[];
  readonly bag: readonly string[];
  readonly scores: readonly [number, number];
  readonly passes: number;
  readonly scoreless: number;
  readonly exchanges: number;
}

/** The faces an exchange puts back (the generator writes its tiles as codes). */
const exchangedFaces = (m: Move): string[] => m.squares.map((code) => FACES[code]);

/** The search of one pre-endgame (module header). */
class PreEndgame {
  solves = 0;
  timedOutSolves = 0;
  /** Endgames stopped at a limit under the case being valued. */
  caseTimedOut = 0;
  private readonly cache = new Map<string, { spread: number; exact: boolean }>();
  private readonly passLimit: number;
  private readonly scorelessLimit: number;

  constructor(
    private readonly root: Position,
    private readonly options: PreEndgameOptions,
  ) {
    this.passLimit = root.rules === 'naspa' ? 6 : 4;
    this.scorelessLimit = root.rules === 'fise' ? 12 : Infinity;
  }

  private checkCancelled(): void {
    if (this.options.cancelled?.() === true) throw new AnalysisCancelled();
  }

  positionOf(n: Node): Position {
    return { ...this.root, board: n.board, rack: n.rack, bag: n.bag.length, scores: n.scores };
  }

  /** The static candidates of the side to move at `n` (pass included; exchanges while allowed). */
  movesAt(n: Node, top: number): Move[] {
    const allowExchange = n.exchanges < (this.options.maxExchanges ?? 1);
    const position = this.positionOf(n);
    const p: Position = allowExchange ? position : { ...position, exchangeMinimum: Number.MAX_SAFE_INTEGER };
    const moves = analyzeMoves(
      p,
      top,
      { lexicon: this.options.lexicon, sort: 'equity', ...(this.options.leaves ? { leaves: this.options.leaves } : {}) },
      undefined,
      {
        count: false,
      },
    ).moves.slice();
    if (!moves.some((m) => m.kind === 'pass'))
      moves.push({ kind: 'pass', direction: 'across', row: 0, col: 0, squares: [], score: 0, equity: 0, leave: [], used: 0 });
    return moves;
  }

  /** Whether a scoreless turn now ends the game (37.2, 37.3, NASPA). */
  private runEnds(n: Node, pass: boolean): boolean {
    const bothZero = n.scores[0] === 0 && n.scores[1] === 0;
    if (pass && n.passes + 1 >= this.passLimit) return true;
    return n.scoreless + 1 >= this.scorelessLimit && !bothZero;
  }

  /** The exact endgame value for the side to move at `n` (bag empty). */
  endgame(n: Node): number {
    const key = `${n.board.map((c) => (c ? c.letter + (c.blank ? '*' : '') : '.')).join('')}|${n.rack.slice().sort().join(',')}|${n.opponent
      .slice()
      .sort()
      .join(',')}|${n.passes}|${n.scoreless}|${n.scores[0] === 0 && n.scores[1] === 0 ? 0 : 1}`;
    let got = this.cache.get(key);
    if (!got) {
      this.checkCancelled();
      const o = this.options;
      const r = solveEndgame(this.positionOf(n), n.opponent, {
        lexicon: o.lexicon,
        maxNodes: o.maxNodes ?? PRE_ENDGAME_NODES,
        ...(o.timeLimitMs !== undefined ? { timeLimitMs: o.timeLimitMs } : {}),
        ...(o.now ? { now: o.now } : {}),
        passes: n.passes,
        scoreless: n.scoreless,
        tableBits: SOLVE_TABLE_BITS,
      });
      got = { spread: r.spread, exact: r.exact };
      this.cache.set(key, got);
      this.solves++;
      if (!r.exact) this.timedOutSolves++;
    }
    if (!got.exact) this.caseTimedOut++;
    return got.spread;
  }

  /** The value of node `n` for the side to move: its best static candidate, searched on. */
  value(n: Node): number {
    if (n.bag.length === 0) return this.endgame(n);
    let best = -Infinity;
    for (const m of this.movesAt(n, this.options.replies ?? PRE_ENDGAME_REPLIES)) {
      const v = this.after(n, m);
      if (v > best) best = v;
    }
    return best;
  }

  /**
   * What move `m` of the side to move at `n` leads to: the end of the game (its value), or the
   * points it makes and the node(s) after it, weighted (an exchange: every ordering of the new bag).
   */
  step(n: Node, m: Move): { readonly end: number } | { readonly score: number; readonly next: readonly { node: Node; weight: number }[] } {
    const turned = (rack: readonly string[], bag: readonly string[], runs: Pick<Node, 'passes' | 'scoreless' | 'exchanges'>): Node => ({
      board: n.board,
      rack: n.opponent,
      opponent: rack,
      bag,
      scores: [n.scores[1], n.scores[0]],
      ...runs,
    });
    if (m.kind === 'pass') {
      if (this.runEnds(n, true)) return { end: rackValue(n.opponent) - rackValue(n.rack) };
      const runs = { passes: n.passes + 1, scoreless: n.scoreless + 1, exchanges: n.exchanges };
      return { score: 0, next: [{ node: turned(n.rack, n.bag, runs), weight: 1 }] };
    }
    if (m.kind === 'exchange') {
      const out = exchangedFaces(m);
      const k = out.length;
      const rack = [...without(n.rack, out), ...n.bag.slice(0, k)];
      if (this.runEnds(n, false)) return { end: rackValue(n.opponent) - rackValue(rack) };
      const bag = [...n.bag.slice(k), ...out];
      const runs = { passes: 0, scoreless: n.scoreless + 1, exchanges: n.exchanges + 1 };
      return {
        score: 0,
        next: bagOrderings(countsOf(bag), bag.length).map((o) => ({ node: turned(rack, o.tiles, runs), weight: o.weight })),
      };
    }
    const { board, left } = afterPlacement(this.positionOf(n), m);
    const drawn = Math.min(m.used, n.bag.length);
    const node: Node = {
      board,
      rack: n.opponent,
      opponent: [...left, ...n.bag.slice(0, drawn)],
      bag: n.bag.slice(drawn),
      scores: [n.scores[1], n.scores[0] + m.score],
      passes: 0,
      scoreless: 0,
      exchanges: n.exchanges,
    };
    return { score: m.score, next: [{ node, weight: 1 }] };
  }

  /** The value of move `m` for the side to move at `n` (the bag's order known). */
  after(n: Node, m: Move): number {
    const s = this.step(n, m);
    if ('end' in s) return s.end;
    let sum = 0;
    let weight = 0;
    for (const x of s.next) {
      sum += (s.score - this.value(x.node)) * x.weight;
      weight += x.weight;
    }
    return sum / weight;
  }

  /**
   * The line after move `m` at `n`: `m`, then each side's best move (after an exchange, for the
   * first ordering of the new bag), down to the endgame's best line.
   */
  line(n: Node, m: Move): PreEndgameStep[] {
    const s = this.step(n, m);
    if ('end' in s) return [{ move: m, bag: n.bag }];
    const next = s.next[0].node;
    const here: PreEndgameStep = { move: m, bag: n.bag, ...(s.next.length > 1 ? { bagAfter: next.bag } : {}) };
    if (next.bag.length === 0) {
      const o = this.options;
      const r = solveEndgame(this.positionOf(next), next.opponent, {
        lexicon: o.lexicon,
        maxNodes: o.maxNodes ?? PRE_ENDGAME_NODES,
        passes: next.passes,
        scoreless: next.scoreless,
        tableBits: SOLVE_TABLE_BITS,
      });
      return [here, ...r.line.map((move) => ({ move, bag: [] }))];
    }
    let best: Move | undefined;
    let bestValue = -Infinity;
    for (const r of this.movesAt(next, this.options.replies ?? PRE_ENDGAME_REPLIES)) {
      const v = this.after(next, r);
      if (v > bestValue) {
        bestValue = v;
        best = r;
      }
    }
    return [here, ...this.line(next, best!)];
  }
}

/** A move of a pre-endgame line and the bag (in drawing order) it was played with. */
interface PreEndgameStep {
  readonly move: Move;
  readonly bag: readonly string[];
  /** After an exchange: the new bag's order the line follows (the first of its orderings). */
  readonly bagAfter?: readonly string[];
}

/** The unseen tiles (option or tile tracking) and the node of one ordering; refuses what is no pre-endgame. */
function rootOf(position: Position, options: PreEndgameOptions): { unseen: Map<string, number>; node: (bag: readonly string[]) => Node } {
  if (position.tileSet !== 'spanish') throw new AnalysisUnsupported({ messageId: 'analysis.spanish-only', args: {} });
  const bag = position.bag;
  const all = options.unseen ? countsOf(options.unseen) : unseenTiles(position);
  const faces: string[] = [];
  for (const [face, n] of all) for (let k = 0; k < n; k++) faces.push(face);
  if (bag < 1 || bag > PRE_ENDGAME_MAX_BAG || faces.length <= bag)
    throw new AnalysisUnsupported({ messageId: 'deep.pre-endgame-bag', args: { bag } });
  // The tiles the record shows on the opponent's rack are not in the bag: the orderings are of the others.
  const known = knownDeal(faces, position.opponentTiles ?? [], faces.length - bag);
  const unseen = countsOf(without(faces, known));
  const node = (tiles: readonly string[]): Node => ({
    board: position.board,
    rack: position.rack,
    opponent: without(faces, tiles),
    bag: tiles,
    scores: position.scores,
    passes: options.passes ?? 0,
    scoreless: options.scoreless ?? options.passes ?? 0,
    exchanges: 0,
  });
  return { unseen, node };
}

/** The value of one case (a candidate over one ordering of the bag) and whether an endgame under it stopped at a limit. */
export interface PreEndgameCase {
  readonly value: number;
  readonly timedOut: boolean;
}

/**
 * A pre-endgame cut into its cases, candidate × ordering, numbered candidate by candidate
 * (case k: candidate ⌊k / orderings⌋, ordering k mod orderings): `solvePreEndgame` values them all
 * in this order; threads may value ranges of them, each with its own object (a case's value does
 * not depend on the cases valued before it: the endgames met again are only remembered), and
 * `combinePreEndgame` puts the values back together, the same answer whoever valued them.
 */
export class PreEndgameCases {
  readonly moves: readonly Move[];
  readonly orderings: readonly BagOrdering[];
  private readonly search: PreEndgame;
  private readonly node: (bag: readonly string[]) => Node;

  constructor(
    readonly position: Position,
    private readonly options: PreEndgameOptions,
  ) {
    const root = rootOf(position, options);
    this.node = root.node;
    this.search = new PreEndgame(position, options);
    this.orderings = bagOrderings(root.unseen, position.bag);
    const moves = this.search.movesAt(this.node(this.orderings[0].tiles), options.candidates ?? PRE_ENDGAME_CANDIDATES);
    for (const m of options.moves ?? []) if (!moves.some((x) => sameMove(x, m))) moves.push(m);
    this.moves = moves;
  }

  /** Cases in all. */
  get total(): number {
    return this.moves.length * this.orderings.length;
  }

  /** Endgames solved by this object (a solve met again is not counted twice) and of them stopped at a limit. */
  get solves(): number {
    return this.search.solves;
  }

  get timedOutSolves(): number {
    return this.search.timedOutSolves;
  }

  /** The value of case `k` (polls `cancelled` first). */
  value(k: number): PreEndgameCase {
    if (this.options.cancelled?.() === true) throw new AnalysisCancelled();
    const n = this.orderings.length;
    this.search.caseTimedOut = 0;
    const value = this.search.after(this.node(this.orderings[k % n].tiles), this.moves[Math.floor(k / n)]);
    return { value, timedOut: this.search.caseTimedOut > 0 };
  }
}

/**
 * The result of a pre-endgame from the values of all its cases (`values[k]` the value of case k of
 * `cases`) and the solves made for them.
 */
export function combinePreEndgame(
  cases: Pick<PreEndgameCases, 'position' | 'moves' | 'orderings'>,
  values: readonly PreEndgameCase[],
  solves: { readonly solves: number; readonly timedOutSolves: number },
): PreEndgameResult {
  const { position, orderings } = cases;
  const weight = orderings.reduce((s, o) => s + o.weight, 0);
  const spreadBefore = position.scores[0] - position.scores[1];
  const candidates: PreEndgameCandidate[] = cases.moves.map((move, i) => {
    let sum = 0;
    let wins = 0;
    let draws = 0;
    let losses = 0;
    let solved = 0;
    let timedOut = 0;
    orderings.forEach((o, j) => {
      const c = values[i * orderings.length + j];
      sum += c.value * o.weight;
      const final = spreadBefore + c.value;
      if (final > 0) wins += o.weight;
      else if (final < 0) losses += o.weight;
      else draws += o.weight;
      if (c.timedOut) timedOut++;
      else solved++;
    });
    return {
      move,
      spread: sum / weight,
      wins: wins / weight,
      draws: draws / weight,
      losses: losses / weight,
      cases: orderings.length,
      solved,
      timedOut,
    };
  });
  const order = candidates.map((c, i) => ({ c, i }));
  order.sort((a, b) => b.c.spread - a.c.spread || b.c.wins - a.c.wins || a.i - b.i);
  return {
    bag: position.bag,
    orderings: orderings.length,
    weight,
    candidates: order.map((x) => x.c),
    solves: solves.solves,
    timedOutSolves: solves.timedOutSolves,
  };
}

/**
 * Solves the pre-endgame of `position` (1 or 2 tiles in the bag, the mover's rack in
 * `position.rack`; the opponent's rack and the bag from the unseen tiles). See the module header.
 */
export function solvePreEndgame(position: Position, options: PreEndgameOptions): PreEndgameResult {
  const cases = new PreEndgameCases(position, options);
  const total = cases.total;
  const values: PreEndgameCase[] = [];
  for (let k = 0; k < total; k++) {
    values.push(cases.value(k));
    options.onProgress?.(k + 1, total);
  }
  return combinePreEndgame(cases, values, cases);
}

/**
 * The line the search follows after `move` when the bag comes out in the order `bag` (the
 * opponent's rack the unseen tiles less those): the move, then each side's best, to the end.
 */
export function preEndgameLine(position: Position, move: Move, bag: readonly string[], options: PreEndgameOptions): PreEndgameStep[] {
  const { node } = rootOf(position, options);
  return new PreEndgame(position, options).line(node(bag), move);
}
