/**
 * Every legal move of a position and the best ones, with their static equity (docs/coach.md):
 * placements from the generator (movegen.ts), every distinct exchange the bag allows under the
 * edition in force (art. 24; NASPA: 7 tiles in the bag) and the pass. The concerns live apart:
 * the move and its texts (move.ts), the equity (equity.ts), the order (ordering.ts), the walk
 * (movegen.ts); this module collects the walk's placements and answers the calls below, and
 * re-exports the others' names for the callers that import them from here.
 *
 * Contract for callers (the service layer, self-play, the CLI):
 * - `generateMoves(position, options)`: all moves, sorted (key, then score, position, word).
 * - `listMoves(position, options)`: the same moves as a list that makes a `Move` only for a move
 *   read (`move(i)`); the list keeps its own records, so later calls do not disturb it.
 * - `bestMoves(position, n, options)`: the first n of that order, found with bound pruning
 *   (`MoveGenerator.anchorBound`): far cheaper than all moves; identical to
 *   `generateMoves(...).slice(0, n)` (a test checks it).
 * - `analyzeMoves(position, top, options, played?, { count })`: the best `top`, the played move's
 *   equity, legality and rank in one walk; with `count: false` the walk is pruned and `count` is
 *   left out (the coach's analysis does this).
 * - Cost: one call runs synchronously (about a millisecond for a top-10 without blanks, a few
 *   with two; tens of ms for every move of a rack with two blanks; docs/performance.md). Pass
 *   `cancellation` (anything with `isCancellationRequested`, such as an LSP CancellationToken):
 *   it is polled per anchor and, once set, the call throws `AnalysisCancelled`. Cache answers by
 *   `positionKey(position)` + lexicon + leave evaluator.
 * - Moves only for the Spanish tile set with a word list (the lexicon layer is Spanish); else
 *   `AnalysisUnsupported` is thrown with a message.
 * - Not re-entrant per lexicon (the generator's buffers are shared); Node runs it on one thread.
 * - All moves (`generateMoves`, a top of Infinity) are kept as compact records while the walk
 *   runs and made into `Move` objects once sorted (ordering.ts); a finite top keeps move
 *   objects for the moves above its threshold only. A test checks that both give the same moves
 *   in the same order.
 *
 * Example:
 *   const best = bestMoves(position, 5, { lexicon });
 *   moveJson(best[0]);   // { kind: 'play', position: '8B', word: 'LU[CH]ASTE', play: 'LU[CH]ASTE', score: 82, leave: '', equity: 82 }
 */
import { RACK_SIZE } from '../engine/tilesets';
import { buildDawg, type Dawg } from '../lexicon/dawg';
import { DawgLexicon, OverlayLexicon } from '../lexicon/lexicons';
import { TILE_COUNT, tokenize } from '../lexicon/normalize';
import type { Lexicon } from '../lexicon/types';
import { refusedForms } from '../rules/named-words';
import type { Edition } from '../rules/types';
import { equityOf, prepare, type Prepared } from './equity';
import { AnalysisCancelled, AnalysisUnsupported, type Move, type MoveOptions } from './move';
import { BLANK, BLANK_BIT, CODE_MASK, NEW_BIT, VALUES, codeOf } from './movegen-codes';
import { generatorFor, type MoveGenerator, type PlacementSink } from './movegen';
import {
  compareMoves,
  FIRST_NON_PLACEMENTS_MAX,
  firstNonPlacements,
  nonPlacementOrder,
  PlayRecords,
  records,
  sortedPlays,
} from './ordering';
import { exchangeMinimumOf, type Position } from './position';

export {
  AnalysisCancelled,
  AnalysisUnsupported,
  moveJson,
  moveLeave,
  movePlay,
  movePosition,
  moveWord,
  newTiles,
  type Move,
  type MoveKind,
  type MoveOptions,
  type SortKey,
} from './move';
export { defaultLeaves, equityOf, prepare, type Prepared } from './equity';
export { compareMoves } from './ordering';

const EMPTY: readonly number[] = Object.freeze([]);

/** The word graph of a lexicon; an overlay (extra / banned words) gets its own, built once. */
const overlayGraphs = new WeakMap<Lexicon, Dawg>();
export function graphOf(lexicon: Lexicon): Dawg {
  if (lexicon instanceof DawgLexicon) return lexicon.dawg;
  const cached = overlayGraphs.get(lexicon);
  if (cached) return cached;
  if (lexicon instanceof OverlayLexicon) {
    const words: string[] = [];
    for (const w of lexicon.base.words()) if (!lexicon.banned.has(w)) words.push(w);
    for (const w of lexicon.extra) if (!lexicon.banned.has(w)) words.push(w);
    const dawg = buildDawg(words);
    overlayGraphs.set(lexicon, dawg);
    return dawg;
  }
  throw new AnalysisUnsupported({ messageId: 'analysis.no-graph', args: {} });
}

/**
 * The words `edition` refuses by name (rules/named-words.ts) that `lexicon` holds, as the
 * generator's tile-code strings (`MoveGenerator.refused`); undefined when there are none (most
 * lists and editions: then the walk checks nothing). Built once per list and edition.
 */
const refusedSets = new WeakMap<Lexicon, Map<Edition, ReadonlySet<string> | undefined>>();
export function refusedCodes(lexicon: Lexicon, edition: Edition): ReadonlySet<string> | undefined {
  let byEdition = refusedSets.get(lexicon);
  if (!byEdition) refusedSets.set(lexicon, (byEdition = new Map<Edition, ReadonlySet<string> | undefined>()));
  if (byEdition.has(edition)) return byEdition.get(edition);
  const codes = new Set<string>();
  for (const form of refusedForms(edition)) {
    if (!lexicon.has(form)) continue;
    const tiles = tokenize(form);
    if (tiles) codes.add(String.fromCharCode(...tiles.map((t) => 64 + t)));
  }
  const set = codes.size > 0 ? codes : undefined;
  byEdition.set(edition, set);
  return set;
}

/**
 * The sink the generator reports placements to: counts every move; keeps all of them (as
 * records, made into moves once sorted), or the best `limit` by key (keeping ties with the last
 * kept); counts the moves whose key beats `beat` and spots a `target` move.
 */
export class Collector implements PlacementSink {
  count = 0;
  /** Moves kept as objects: every non-placement, and the placements when `limit` is finite. */
  kept: Move[] = [];
  /** The key of the `limit`-th best move so far (-Infinity until `limit` moves were seen). */
  threshold = -Infinity;
  better = 0;
  found: Move | undefined;
  /** The best `limit` keys so far, in decreasing order (finite limits only). */
  private readonly topKeys: Float64Array;
  private filled = 0;
  /** Size of `kept` at which moves below the threshold are dropped. */
  private nextCompact: number;
  /** Placements kept as records (limit Infinity). */
  private readonly records: PlayRecords | undefined;
  constructor(
    readonly prep: Prepared,
    readonly limit: number, // Infinity: keep all; 0: keep none
    readonly beat = Infinity,
    readonly target?: {
      readonly direction: 'across' | 'down';
      readonly row: number;
      readonly col: number;
      readonly squares: readonly number[];
    },
    /** Where a limit of Infinity keeps its placements: the shared records, or a list's own. */
    own: PlayRecords = records,
  ) {
    this.topKeys = new Float64Array(limit === Infinity ? 0 : limit);
    this.nextCompact = limit === Infinity ? Infinity : Math.max(64, 4 * limit);
    if (limit === Infinity) {
      this.records = own;
      own.reset();
    }
  }

  accept(gen: MoveGenerator, start: number, end: number, score: number, used: number, usedIdx: number): void {
    this.count++;
    if (this.records !== undefined && this.beat === Infinity) {
      this.records.push(gen, start, end, score, used, usedIdx);
      return;
    }
    const equity = equityOf(score, this.prep.table[usedIdx]);
    const k = this.prep.key === 'equity' ? equity : score;
    if (k > this.beat) this.better++;
    else if (k === this.beat && this.target && this.matches(gen, start, end))
      this.found = this.make(gen, start, end, score, equity, used, usedIdx);
    if (this.records !== undefined) {
      this.records.push(gen, start, end, score, used, usedIdx);
      return;
    }
    if (k < this.threshold || this.limit === 0) return;
    this.kept.push(this.make(gen, start, end, score, equity, used, usedIdx));
    this.note(k);
  }

  /** Every move kept, sorted by `compareMoves(prep.key)`. */
  sorted(): Move[] {
    const rec = this.records;
    if (rec === undefined) return this.kept.sort(compareMoves(this.prep.key));
    const order = this.mergedOrder();
    const others = this.kept;
    const out = new Array<Move>(order.length);
    for (let k = 0; k < order.length; k++) out[k] = order[k] >= 0 ? rec.move(order[k], this.prep) : others[-order[k] - 1];
    return out;
  }

  /**
   * The sorted order of every move kept as records (limit Infinity): a record's index, or −1 − i
   * for `kept[i]` (`kept` is sorted here). An exchange or the pass comes before a play of the same key and
   * score (its position '' sorts first), so the two lists merge by key and score alone.
   */
  mergedOrder(): Int32Array {
    const rec = this.records!;
    const prep = this.prep;
    const others = this.kept.sort(compareMoves(prep.key));
    const byEquity = prep.key === 'equity';
    const plays = sortedPlays(rec, prep);
    const n = rec.count;
    const out = new Int32Array(n + others.length);
    let k = 0;
    let o = 0;
    for (let i = 0; i < n; i++) {
      const r = plays[i];
      const score = rec.score[r];
      const key = byEquity ? equityOf(score, prep.table[rec.usedIndex(r)]) : score;
      while (o < others.length) {
        const m = others[o];
        const mk = byEquity ? m.equity : m.score;
        if (mk < key || (mk === key && m.score < score)) break;
        out[k++] = -1 - o++;
      }
      out[k++] = r;
    }
    while (o < others.length) out[k++] = -1 - o++;
    return out;
  }

  /** Records a kept key: raises the threshold, drops moves below it now and then. */
  private note(k: number): void {
    if (this.limit === Infinity) return;
    const keys = this.topKeys;
    let q: number;
    if (this.filled < this.limit) q = this.filled++;
    else {
      if (k <= keys[this.limit - 1]) return; // a tie does not move the threshold
      q = this.limit - 1;
    }
    while (q > 0 && keys[q - 1] < k) {
      keys[q] = keys[q - 1];
      q--;
    }
    keys[q] = k;
    if (this.filled === this.limit) this.threshold = keys[this.limit - 1];
    if (this.kept.length >= this.nextCompact) {
      const t = this.threshold;
      const keyOf = this.prep.key === 'equity' ? (m: Move) => m.equity : (m: Move) => m.score;
      this.kept = this.kept.filter((m) => keyOf(m) >= t);
      this.nextCompact = Math.max(64, 4 * this.limit, 2 * this.kept.length);
    }
  }

  private matches(gen: MoveGenerator, start: number, end: number): boolean {
    const t = this.target!;
    const across = gen.dir === 0;
    if ((t.direction === 'across') !== across) return false;
    const row = across ? gen.line : start;
    const col = across ? start : gen.line;
    if (row !== t.row || col !== t.col || t.squares.length !== end - start + 1) return false;
    for (let i = start; i <= end; i++) if (gen.laneSquare(i) !== t.squares[i - start]) return false;
    return true;
  }

  private make(gen: MoveGenerator, start: number, end: number, score: number, equity: number, used: number, usedIdx: number): Move {
    const squares: number[] = [];
    for (let i = start; i <= end; i++) squares.push(gen.laneSquare(i));
    const across = gen.dir === 0;
    return {
      kind: 'play',
      direction: across ? 'across' : 'down',
      row: across ? gen.line : start,
      col: across ? start : gen.line,
      squares,
      score,
      equity,
      leave: this.prep.leaveOf(usedIdx),
      used,
    };
  }

  /** Whether a move of key `k` would be kept (else `skip` counts it without making it). */
  keeps(k: number): boolean {
    return !(k < this.threshold || this.limit === 0);
  }

  /** Counts `n` moves that are not kept, when no move is ranked (`beat` Infinity). */
  skipMany(n: number): void {
    this.count += n;
  }

  /** Counts a move of key `k` that is not kept. */
  skip(k: number): void {
    this.count++;
    if (k > this.beat) this.better++;
  }

  /** Adds a non-placement move (exchange, pass). */
  add(move: Move): void {
    this.count++;
    const k = this.prep.key === 'equity' ? move.equity : move.score;
    if (k > this.beat) this.better++;
    if (k < this.threshold || this.limit === 0) return;
    this.kept.push(move);
    this.note(k);
  }
}

/** The most tiles an exchange may take (art. 24: the bag holds enough tiles); 0 when none is allowed. */
function exchangeTilesAllowed(prep: Prepared): number {
  const p = prep.position;
  return p.bag >= exchangeMinimumOf(p) && p.bag > 0 ? p.bag : 0;
}

/** Whether the exchange of used-tiles index `idx` is allowed (art. 24: the bag holds enough tiles). */
function exchangeAllowed(prep: Prepared, idx: number): boolean {
  const p = prep.position;
  return p.bag >= exchangeMinimumOf(p) && p.bag > 0 && idx > 0 && prep.usedCount[idx] <= p.bag;
}

/** The exchange of the rack sub-multiset of index `idx` (its tiles in code order). */
function exchangeMove(prep: Prepared, idx: number): Move {
  const squares: number[] = [];
  let rest = idx;
  for (let k = 0; k < prep.codes.length; k++) {
    const u = rest % (prep.counts[k] + 1);
    rest = (rest - u) / (prep.counts[k] + 1);
    for (let j = 0; j < u; j++) squares.push(prep.codes[k]);
  }
  return {
    kind: 'exchange',
    direction: 'across',
    row: 0,
    col: 0,
    squares,
    score: 0,
    equity: equityOf(0, prep.table[idx]),
    leave: prep.leaveOf(idx),
    used: prep.usedCount[idx],
  };
}

function passMove(prep: Prepared): Move {
  return {
    kind: 'pass',
    direction: 'across',
    row: 0,
    col: 0,
    squares: EMPTY,
    score: 0,
    equity: equityOf(0, prep.table[0]),
    leave: prep.leaveOf(0),
    used: 0,
  };
}

/** Scratch of `addNonPlacements`: the first non-placements of a small limit. */
const firstIds = new Int32Array(FIRST_NON_PLACEMENTS_MAX);

/** The exchanges (art. 24) and the pass of a prepared position, into `sink`. */
export function addNonPlacements(prep: Prepared, sink: Collector): void {
  if (sink.limit <= FIRST_NON_PLACEMENTS_MAX) {
    // A small limit: only the first `limit` of them in the moves' order can be among the best
    // (each later one has `limit` moves before it), so only those are made into moves; the
    // others are counted. The threshold rises as if every one had been added.
    const firsts = firstIds;
    const n = firstNonPlacements(prep, exchangeTilesAllowed(prep), sink.limit, firsts);
    const byEquity = prep.key === 'equity';
    const keyOf = (idx: number) => (byEquity ? equityOf(0, prep.table[idx]) : 0);
    const isFirst = (id: number) => {
      for (let j = 0; j < n; j++) if (firsts[j] === id) return true;
      return false;
    };
    if (sink.beat === Infinity) {
      // nothing to rank: the others are only counted
      let all = 1; // the pass and the exchanges allowed
      for (let idx = 1; idx < prep.table.length; idx++) if (exchangeAllowed(prep, idx)) all++;
      sink.skipMany(all - n);
    } else {
      for (let idx = 1; idx < prep.table.length; idx++) if (exchangeAllowed(prep, idx) && !isFirst(idx)) sink.skip(keyOf(idx));
      if (!isFirst(-1)) sink.skip(keyOf(0));
    }
    for (let j = 0; j < n; j++) {
      const id = firsts[j];
      const k = keyOf(id < 0 ? 0 : id);
      if (sink.keeps(k)) sink.add(id < 0 ? passMove(prep) : exchangeMove(prep, id));
      else sink.skip(k);
    }
    return;
  }
  for (let idx = 1; idx < prep.table.length; idx++) {
    if (!exchangeAllowed(prep, idx)) continue;
    const k = prep.key === 'equity' ? equityOf(0, prep.table[idx]) : 0;
    if (!sink.keeps(k)) {
      sink.skip(k);
      continue;
    }
    sink.add(exchangeMove(prep, idx));
  }
  sink.add(passMove(prep));
}

/**
 * Runs the generator into `sink`: every anchor, or (`prune`) anchors in decreasing order of
 * their bound until it falls below both the sink's threshold and the played move's key.
 */
function runGenerator(prep: Prepared, options: MoveOptions, sink: Collector, prune = false): void {
  const gen = generatorFor(graphOf(options.lexicon));
  gen.refused = refusedCodes(options.lexicon, prep.position.rules);
  gen.setPosition(prep.board, prep.rackCounts);
  const token = options.cancellation;
  const cancelled = token ? () => token.isCancellationRequested : undefined;
  if (!prune || sink.limit === Infinity) gen.run(sink, cancelled);
  else {
    // Lettered tiles' values in decreasing order (zeros past them); best leave term by tiles and blanks used.
    const values = new Int32Array(RACK_SIZE + 1);
    const lettered = prep.position.rack
      .filter((f) => f !== '?')
      .map((f) => VALUES[codeOf(f)])
      .sort((a, b) => b - a);
    values.set(lettered.slice(0, RACK_SIZE));
    const bestTerm = new Float64Array((RACK_SIZE + 1) * 3).fill(-Infinity);
    const blankK = prep.codes[0] === BLANK ? 0 : -1;
    for (let idx = 0; idx < prep.table.length; idx++) {
      const k = prep.usedCount[idx];
      const b = blankK === 0 ? idx % (prep.counts[0] + 1) : 0;
      // + a cent: equityOf rounds to hundredths, which may lift a move's equity above its bound
      const term = prep.key === 'equity' ? prep.table[idx] + 0.01 : 0;
      if (term > bestTerm[k * 3 + b]) bestTerm[k * 3 + b] = term;
    }
    const beat = sink.beat;
    gen.runPruned(sink, values, bestTerm, beat === Infinity ? () => sink.threshold : () => Math.min(sink.threshold, beat), cancelled);
  }
  if (token?.isCancellationRequested) throw new AnalysisCancelled();
}

/** Every legal move of the position, sorted. */
export function generateMoves(position: Position, options: MoveOptions): Move[] {
  const prep = prepare(position, options);
  const sink = new Collector(prep, Infinity); // the shared records: read whole before returning
  runGenerator(prep, options, sink);
  addNonPlacements(prep, sink);
  return sink.sorted();
}

/** Every legal move of a position in the order of `generateMoves`, each made into a `Move` when read. */
export interface MoveList {
  /** Placements + exchanges + the pass. */
  readonly count: number;
  /** Placements alone. */
  readonly placements: number;
  /** The i-th move (0 ≤ i < count), made on each call. */
  move(i: number): Move;
}

/**
 * Every legal move, found and sorted, kept as records in the list's own typed arrays: a `Move`
 * is built only for the moves read (a page of them, the first few), so listing costs the walk
 * and the sort, not an object per move.
 */
export function listMoves(position: Position, options: MoveOptions): MoveList {
  const prep = prepare(position, options);
  const sink = new Collector(prep, Infinity); // the shared records, copied before the next walk
  runGenerator(prep, options, sink);
  const own = records.copy();
  // The exchanges and the pass, in order, made into moves only when read.
  const others = nonPlacementOrder(prep, (idx) => exchangeAllowed(prep, idx));
  const byEquity = prep.key === 'equity';
  const otherKey = (j: number) => (byEquity ? equityOf(0, prep.table[others[j] < 0 ? 0 : others[j]]) : 0);
  const plays = sortedPlays(own, prep);
  const n = own.count;
  const order = new Int32Array(n + others.length);
  // Merged by key and score alone: a non-placement (score 0, position '') comes before a play
  // of the same key and score.
  let k = 0;
  let o = 0;
  let ok = others.length > 0 ? otherKey(0) : 0;
  for (let i = 0; i < n; i++) {
    const r = plays[i];
    const score = own.score[r];
    const key = byEquity ? equityOf(score, prep.table[own.usedIndex(r)]) : score;
    while (o < others.length && !(ok < key || (ok === key && 0 < score))) {
      order[k++] = -1 - o++;
      if (o < others.length) ok = otherKey(o);
    }
    order[k++] = r;
  }
  while (o < others.length) order[k++] = -1 - o++;
  return {
    count: order.length,
    placements: n,
    move(i: number): Move {
      if (!(i >= 0 && i < order.length)) throw new RangeError(`move ${i} of ${order.length}`);
      const r = order[i];
      if (r >= 0) return own.move(r, prep);
      const id = others[-r - 1];
      return id < 0 ? passMove(prep) : exchangeMove(prep, id);
    },
  };
}

export interface MovesAnswer {
  /** Legal placements + exchanges + the pass (unless asked not to count: then the walk is pruned). */
  readonly count?: number;
  /** The best `top` moves (all when `top` is Infinity), sorted. */
  readonly moves: readonly Move[];
  /** With `played`: the move as played, its equity computed here (undefined when its tiles are not on the rack). */
  readonly played?: Move;
  /** With `played`: whether it is among the legal moves. */
  readonly legal?: boolean;
  /** With a legal `played`: its rank (1 + the moves with a strictly better key). */
  readonly rank?: number;
}

/** Index of the rack sub-multiset a move takes (-1 when the rack lacks its tiles). */
function usedIndexOf(prep: Prepared, m: Move): number {
  const need = new Int8Array(TILE_COUNT + 1);
  if (m.kind === 'play') {
    for (const v of m.squares) if ((v & NEW_BIT) !== 0) need[(v & BLANK_BIT) !== 0 ? BLANK : v & CODE_MASK]++;
  } else if (m.kind === 'exchange') for (const v of m.squares) need[v]++;
  let idx = 0;
  for (let code = 0; code <= TILE_COUNT; code++) {
    if (need[code] === 0) continue;
    const k = prep.codes.indexOf(code);
    if (k < 0 || need[code] > prep.counts[k]) return -1;
    idx += need[code] * prep.radix[k];
  }
  return idx;
}

/**
 * One walk for the CLI and the coach's analysis: the count, the best `top` moves and, given the
 * move played (kind, squares and score as `playedMove` builds it; its equity is ignored), its
 * equity, whether it is legal and its rank.
 */
export function analyzeMoves(
  position: Position,
  top: number,
  options: MoveOptions,
  played?: Move,
  how: { readonly count?: boolean } = {},
): MovesAnswer {
  const counting = how.count !== false;
  const prep = prepare(position, options);
  let playedMove: Move | undefined;
  let beat = Infinity;
  if (played) {
    const idx = usedIndexOf(prep, played);
    if (idx >= 0) {
      const equity = equityOf(played.score, prep.table[idx]);
      playedMove = { ...played, equity, leave: prep.leaveOf(idx), used: prep.usedCount[idx] };
      beat = prep.key === 'equity' ? equity : played.score;
    }
  }
  const target = playedMove && playedMove.kind === 'play' ? playedMove : undefined;
  const sink = new Collector(prep, top, beat, target);
  addNonPlacements(prep, sink); // first: they raise the threshold the pruning stops at
  runGenerator(prep, options, sink, !counting);
  const moves = sink.sorted();
  if (moves.length > top) moves.length = top;
  const count = counting ? sink.count : undefined;
  if (!played) return { ...(count !== undefined ? { count } : {}), moves };
  let legal = false;
  if (playedMove?.kind === 'play') legal = sink.found !== undefined;
  else if (playedMove?.kind === 'pass') legal = true;
  else if (playedMove?.kind === 'exchange')
    legal = position.bag >= exchangeMinimumOf(position) && playedMove.used <= position.bag && playedMove.used > 0;
  return {
    ...(count !== undefined ? { count } : {}),
    moves,
    ...(playedMove ? { played: playedMove } : {}),
    legal,
    ...(legal ? { rank: sink.better + 1 } : {}),
  };
}

/** The best `n` moves, sorted (the same as the first n of `generateMoves`), with bound pruning. */
export function bestMoves(position: Position, n: number, options: MoveOptions): Move[] {
  return analyzeMoves(position, n, options, undefined, { count: false }).moves.slice();
}
