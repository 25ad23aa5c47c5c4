/**
 * `planilla moves` (docs/coach.md):
 * - `moves FILE --line L [--top N | --all] [--sort equity|score] [--count] [--json]`: the moves
 *   open to the player of the event on line L, on the board before that line, with that line's
 *   rack.
 * - `moves --stdin`: one JSON position per input line → one JSON answer per output line, in order,
 *   written as soon as known; the lexicon is loaded once; a bad line answers `{"id", "error"}` and
 *   the stream goes on. This is the engine interface for self-play and other programs.
 * The number of every legal move (`count`) is given only when asked (`--count`, a line's
 * `"count": true`) or with `--all` (where it is the length of the list): counting walks every
 * anchor, while a top-N search stops at the anchors whose bound cannot beat its N-th move.
 * - `moves --cgp "…"`: the moves of a CGP position (docs/cli.md, "CGP positions"), listed as
 *   `moves --line` lists those of a record's turn (same generator, same equity, same rows).
 * All take `--lexicon`, `--rules`, `--tile-set` and `--lang` like `check`, and `--leaves PATH`: a
 * leave table of one's own (.klv2, .klv or .plv; default the built-in trained table); a
 * file that is refused gives one line on stderr and the built-in table.
 * A request is read in three steps: its options (all checked before anything is loaded), the
 * engine (the word list and the leaves, once), then the position of its kind and the listing that
 * every kind shares.
 *
 * Exit codes: 0 answered; 2 bad usage, unreadable file, a line that is no move or whose rack is
 * not known (`moves`). `moves --stdin` exits 0 at the end of its input whatever the lines held.
 *
 * Example:
 *   planilla moves partida.gcg --line 9 --top 5
 *   echo '{"id":1,"board":[...],"rack":"AEI[CH]?"}' | planilla moves --stdin
 *   planilla moves --cgp "15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 AEIR[CH]S?/ 0/12 0 ld spanish;" --top 5
 */
import type { Lexicon } from '../../lexicon/types';
import { formatMessage, formatNumber } from '../../rules/messages';
import {
  AnalysisCancelled,
  AnalysisUnsupported,
  analyzeMoves,
  listMoves as moveList,
  moveJson,
  moveLeave,
  positionFromJson,
  type MoveList,
  type Position,
  type SortKey,
} from '../../analysis';
import { analyzeFile, replaySettings, singleFile, turnAtLine, COMMON, resolveEngine, type Engine } from '../shared/reading';
import { lineOption, positiveInt } from '../shared/limits';
import { t, type CliIo } from '../shared/io';
import { runCommand, type Command, type ParsedArgs } from '../shared/args';
import type { LeaveEvaluator } from '../../analysis/leaves';
import { jsonForTerminal, terminalText } from '../shared/terminal';
import { moveText, positionJson, rackText, render, shown, signed } from '../shared/positions';
import { serveJsonLines, type JsonAnswer } from '../shared/line-stream';
import { YOUNG_GENERATION_CAP, youngGenerationCap } from '../shared/young-generation';
import { endgameField } from '../shared/positions';
import { readSimFlags, SIM_CANDIDATES, SIM_OPTIONS, simField, simMoves, type SimFlags } from '../shared/sim';

export interface MovesCommandOptions {
  /** Input of `--stdin` (default: process.stdin). */
  readonly stdin?: NodeJS.ReadableStream;
}

export function movesCommand(options: MovesCommandOptions = {}): Command {
  return {
    help: 'cli.help.moves',
    options: {
      ...COMMON,
      line: { type: 'string' },
      all: { type: 'boolean' },
      sort: { type: 'string' },
      stdin: { type: 'boolean' },
      count: { type: 'boolean' },
      cgp: { type: 'string' },
      ...SIM_OPTIONS, // --sim and its options (shared/sim.ts, docs/deep-analysis.md)
    },
    run: (args, io) => moves(args, io, options),
  };
}

export function runMoves(argv: readonly string[], io: CliIo, options: MovesCommandOptions = {}): Promise<number> {
  return runCommand(movesCommand(options), argv, io);
}

/** How the moves are listed: `--top`, `--all`, `--sort`, `--count`, `--json` and `--sim`. */
interface Listing {
  readonly top: number | undefined;
  readonly all: boolean;
  readonly sort: SortKey;
  readonly count: boolean;
  readonly json: boolean;
  readonly simFlags: SimFlags | undefined;
}

/** Where the position comes from, as the heading names it: a record's turn, or a CGP position (none). */
interface TurnHeading {
  readonly player: string;
  readonly line: number;
}

/** The listing options, checked; null after one line on stderr. */
function listingOf(args: ParsedArgs, io: CliIo): Listing | null {
  const top = positiveInt(args.values.get('top'), '--top', io);
  if (top === null) return null;
  const all = args.flags.has('all');
  if (all && top !== undefined) {
    io.err(t(io.lang, 'analysis.top-and-all'));
    return null;
  }
  const sort = args.values.get('sort') ?? 'equity';
  if (sort !== 'equity' && sort !== 'score') {
    io.err(t(io.lang, 'cli.bad-value', { option: '--sort', value: sort, allowed: 'equity, score' }));
    return null;
  }
  const simFlags = readSimFlags(args, io);
  if (simFlags === null) return null;
  if (simFlags && all) {
    io.err(t(io.lang, 'sim.no-all'));
    return null;
  }
  return { top, all, sort, count: args.flags.has('count'), json: args.flags.has('json'), simFlags };
}

/** Which position a request asks about: a CGP position, the lines of standard input, or a record's turn. */
type Request =
  | { readonly kind: 'cgp'; readonly position: Position }
  | { readonly kind: 'stdin' }
  | { readonly kind: 'record'; readonly file: string; readonly line: number };

/** The request's source, its usage checked (and a CGP position read); undefined after one line on stderr. */
function requestOf(args: ParsedArgs, io: CliIo): Request | undefined {
  const cgp = args.values.get('cgp');
  if (cgp !== undefined) {
    if (args.positionals.length > 0 || args.values.has('line') || args.flags.has('stdin')) {
      io.err(t(io.lang, 'cgp.and-file'));
      return undefined;
    }
    const position = cgpPosition(cgp, io);
    return position && { kind: 'cgp', position };
  }
  if (args.flags.has('stdin')) {
    // Positions come from standard input only: a FILE or --line would be silently ignored.
    if (args.positionals.length > 0 || args.values.has('line')) {
      io.err(t(io.lang, 'analysis.stdin-no-file'));
      return undefined;
    }
    return { kind: 'stdin' };
  }
  const line = lineOption(args, io);
  if (line === undefined) return undefined;
  const file = singleFile(args, 'moves', io);
  return file === undefined ? undefined : { kind: 'record', file, line };
}

async function moves(args: ParsedArgs, io: CliIo, options: MovesCommandOptions): Promise<number> {
  const settings = replaySettings(args, io);
  if (!settings) return 2;
  const listing = listingOf(args, io);
  if (!listing) return 2;
  const request = requestOf(args, io);
  if (!request) return 2;
  const engine = resolveEngine(args, io);
  if (!engine) return 2;
  // --sim simulates a CGP position as it does a record's turn
  if (request.kind === 'cgp') return listMoves(request.position, engine, listing, undefined, args, io);
  if (request.kind === 'stdin') {
    const defaults: StdinDefaults = {
      ...(listing.top !== undefined ? { top: listing.top } : {}),
      ...(listing.all ? { all: true } : {}),
      ...(args.values.has('sort') ? { sort: listing.sort } : {}),
      ...(listing.count ? { count: true } : {}),
    };
    // Answers of thousands of moves would grow the young generation to its largest: capped (the module).
    const young = youngGenerationCap(YOUNG_GENERATION_CAP, 4);
    await serveJsonLines(options.stdin ?? process.stdin, io, (text) => {
      young.tick();
      return answerPieces(text, engine.lexicon, io.lang, engine.leaves, defaults);
    });
    young.release();
    return 0;
  }
  const { file, line } = request;
  const analysis = analyzeFile(file, { ...settings, lexicon: engine.lexicon }, io);
  if (!analysis) return 2;
  const r = analysis.replay;
  const at = turnAtLine(r, line, file, ['placement', 'exchange', 'pass'], io);
  if (!at) return 2;
  const player = shown(r.players[at.turn.player]?.nick ?? at.turn.event.nick.value);
  const refused = (reason: string): string => t(io.lang, 'analysis.cannot-list', { line, path: shown(file), reason });
  return listMoves(at.position, engine, listing, { player, line }, args, io, refused);
}

/** The position of `--cgp TEXT` (docs/cli.md, "CGP positions"); undefined after one line on stderr. */
function cgpPosition(text: string, io: CliIo): Position | undefined {
  const { positionFromCgp, readCgp } = require('../../analysis/cgp') as typeof import('../../analysis/cgp');
  const read = readCgp(text);
  const got = 'error' in read ? read : positionFromCgp(read.cgp);
  if ('error' in got) {
    io.err(`planilla: ${render(got.error, io.lang)}`);
    return undefined;
  }
  return got.position;
}

/**
 * Lists the moves open in `position` (or, with `--sim`, simulates its candidates), headed by the
 * record's turn it comes from or, for a CGP position (`from` undefined), by its rack and bag.
 * A position the analysis cannot list is one line on stderr, `refused(reason)`, and exit 2.
 */
async function listMoves(
  position: Position,
  engine: Engine,
  listing: Listing,
  from: TurnHeading | undefined,
  args: ParsedArgs,
  io: CliIo,
  refused: (reason: string) => string = (reason) => `planilla: ${reason}`,
): Promise<number> {
  const { lexicon, leaves } = engine;
  const rack = rackText(position.rack);
  try {
    if (listing.simFlags) {
      const run = { position, lexicon, leaves, candidates: listing.top ?? SIM_CANDIDATES, flags: listing.simFlags };
      const spec = { lexiconSpec: args.values.get('lexicon'), leavesPath: args.values.get('leaves') };
      const print = { heading: { ...from, rack, bag: position.bag }, json: listing.json };
      return await simMoves({ ...run, ...spec }, print, io);
    }
    const { all, top, sort } = listing;
    const answer = analyzeMoves(position, all ? Infinity : (top ?? 10), { lexicon, leaves, sort }, undefined, {
      count: all || listing.count,
    });
    if (listing.json) {
      const count = answer.count !== undefined ? { count: answer.count } : {};
      io.out(jsonForTerminal(JSON.stringify({ position: positionJson(position), ...count, moves: answer.moves.map(moveJson) })));
      return 0;
    }
    const heading = { ...from, rack, bag: position.bag };
    io.out(
      !from
        ? t(io.lang, 'cgp.moves-heading', { rack: terminalText(rack), bag: position.bag })
        : answer.count !== undefined
          ? t(io.lang, 'analysis.moves-heading', { ...heading, count: answer.count })
          : t(io.lang, 'analysis.moves-heading-uncounted', heading),
    );
    answer.moves.forEach((m, i) => {
      io.out(
        t(io.lang, 'analysis.move-row', {
          rank: i + 1,
          move: moveText(m, io.lang),
          score: signed(m.score),
          leave: moveLeave(m) || t(io.lang, 'analysis.nothing'),
          equity: formatNumber(m.equity, io.lang, 2),
        }),
      );
    });
    return 0;
  } catch (e) {
    if (!(e instanceof AnalysisUnsupported)) throw e;
    io.err(refused(render(e.reason, io.lang)));
    return 2;
  }
}

/**
 * Why a line is not JSON, in the user's language: JavaScript's own message is English (and its
 * wording changes between Node versions), so only where it failed is taken from it, when it says.
 */
export function notJsonMessage(e: unknown, lang: CliIo['lang']): string {
  const detail = e instanceof Error ? e.message : '';
  const at = /\bposition (\d+)/.exec(detail);
  if (at) return formatMessage('analysis.json.not-json-at', { column: Number(at[1]) + 1 }, lang);
  if (/end of JSON input/i.test(detail)) return formatMessage('analysis.json.not-json-end', {}, lang);
  const token = /^Unexpected token '([^']+)'/.exec(detail);
  if (token) return formatMessage('analysis.json.not-json-token', { token: token[1] }, lang);
  return formatMessage('analysis.json.not-json', {}, lang);
}

/** `--top`, `--all`, `--sort` and `--count` of `moves --stdin`: what a line that does not say gets. */
export interface StdinDefaults {
  readonly top?: number;
  readonly all?: boolean;
  readonly sort?: SortKey;
  readonly count?: boolean;
}

/** One answer of the engine interface for one input line (never throws for input). */
export function answerLine(
  text: string,
  lexicon: Lexicon,
  lang: CliIo['lang'],
  leaves?: LeaveEvaluator,
  defaults: StdinDefaults = {},
): string {
  const answer = answerPieces(text, lexicon, lang, leaves, defaults);
  return typeof answer === 'string' ? answer : [...answer].join('');
}

/** Moves serialised a piece: about 50 KB of JSON, whatever the number of moves listed. */
const MOVES_PER_PIECE = 512;

/**
 * The answer of `answerLine`, with every move listed (`"all"` without a simulation) in pieces:
 * the moves stay the list's records until a piece is written (analysis/moves.ts `listMoves`),
 * so memory follows one piece, not the tens of thousands of moves of a rack with two blanks.
 * The pieces joined are the bytes of the whole answer.
 */
function answerPieces(
  text: string,
  lexicon: Lexicon,
  lang: CliIo['lang'],
  leaves?: LeaveEvaluator,
  defaults: StdinDefaults = {},
): JsonAnswer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return JSON.stringify({ id: null, error: notJsonMessage(e, lang) });
  }
  const req = positionFromJson(value);
  if ('error' in req) return JSON.stringify({ id: req.id, error: render(req.error, lang) });
  // A line's own "top", "all" and "sort" win over the command line's.
  const says = (key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);
  const top = says('top') ? req.top : (defaults.top ?? req.top);
  const all = says('all') || says('top') ? req.all : (defaults.all ?? req.all);
  const sort = says('sort') ? req.sort : (defaults.sort ?? req.sort);
  const counting = all || (says('count') ? req.count : (defaults.count ?? false));
  try {
    if (all && !says('sim')) {
      const list = moveList(req.position, { lexicon, sort, ...(leaves ? { leaves } : {}) });
      const endgame = endgameField(value, req.position, lexicon, lang); // docs/deep-analysis.md
      // The text of `{id, count, moves: [...], endgame}` cut around the list: the same bytes.
      const head = JSON.stringify({ id: req.id, count: list.count, moves: 0 });
      const tail = endgame ? `,${JSON.stringify({ endgame }).slice(1)}` : '}';
      return movePieces(head.slice(0, -2), list, tail);
    }
    const answer = analyzeMoves(req.position, all ? Infinity : top, { lexicon, sort, ...(leaves ? { leaves } : {}) }, undefined, {
      count: counting,
    });
    const count = answer.count !== undefined ? { count: answer.count } : {};
    const endgame = endgameField(value, req.position, lexicon, lang); // docs/deep-analysis.md
    const sim = simField(value, req.position, answer.moves, lexicon, leaves, lang); // the same, "Simulation"
    const byMove = sim && 'byMove' in sim ? sim.byMove : undefined;
    const list = answer.moves.map((m) => (byMove?.has(m) ? { ...moveJson(m), sim: byMove.get(m) } : moveJson(m)));
    const simSummary = sim ? { sim: 'error' in sim ? { error: sim.error } : sim.summary } : {};
    return JSON.stringify({ id: req.id, ...count, moves: list, ...(endgame ? { endgame } : {}), ...simSummary });
  } catch (e) {
    if (e instanceof AnalysisUnsupported) return JSON.stringify({ id: req.id, error: render(e.reason, lang) });
    if (e instanceof AnalysisCancelled) return JSON.stringify({ id: req.id, error: e.message });
    return JSON.stringify({
      id: req.id,
      error: formatMessage('cli.internal-error', { path: '--stdin', detail: e instanceof Error ? e.message : String(e) }, lang),
    });
  }
}

/** `head`, `[`, the moves of `list` as JSON a few hundred at a time, `]`, `tail`. */
function* movePieces(head: string, list: MoveList, tail: string): Generator<string> {
  yield `${head}[`;
  for (let from = 0; from < list.count; from += MOVES_PER_PIECE) {
    const to = Math.min(list.count, from + MOVES_PER_PIECE);
    const parts = new Array<string>(to - from);
    for (let i = from; i < to; i++) parts[i - from] = JSON.stringify(moveJson(list.move(i)));
    yield from === 0 ? parts.join(',') : `,${parts.join(',')}`;
  }
  yield `]${tail}`;
}
