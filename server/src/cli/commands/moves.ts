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
 * All take `--lexicon`, `--rules`, `--tile-set` and `--lang` like `check`, and `--leaves PATH`: a
 * leave table of one's own (.klv2, .klv or .plv; default the built-in trained table); a
 * file that is refused gives one line on stderr and the built-in table.
 *
 * Exit codes: 0 answered; 2 bad usage, unreadable file, a line that is no move or whose rack is
 * not known (`moves`). `moves --stdin` exits 0 at the end of its input whatever the lines held.
 *
 * Example:
 *   planilla moves partida.gcg --line 9 --top 5
 *   echo '{"id":1,"board":[...],"rack":"AEI[CH]?"}' | planilla moves --stdin
 */
import type { Lexicon } from '../../lexicon/types';
import { formatMessage, formatNumber } from '../../rules/messages';
import {
  AnalysisCancelled,
  AnalysisUnsupported,
  analyzeMoves,
  listMoves,
  moveJson,
  moveLeave,
  positionBefore,
  positionFromJson,
  type MoveList,
  type SortKey,
} from '../../analysis';
import { analyzeFile, singleFile } from '../shared/records';
import { replaySettings } from '../shared/reading';
import { t, type CliIo } from '../shared/io';
import { runCommand, type Command, type ParsedArgs } from '../shared/args';
import { resolveLexicon } from '../shared/lexicon-option';
import type { LeaveEvaluator } from '../../analysis/leaves';
import { jsonForTerminal } from '../shared/terminal';
import { COMMON, lineOption, positiveInt, resolveLeaves } from '../shared/engine-options';
import { moveText, positionJson, render, shown, signed } from '../shared/positions';
import { serveJsonLines, type JsonAnswer } from '../shared/line-stream';
import { YOUNG_GENERATION_CAP, youngGenerationCap } from '../shared/young-generation';
import { endgameField } from '../shared/endgame-json';
import { readSimFlags, SIM_CANDIDATES, SIM_OPTIONS, simField, simMoves } from '../shared/sim';

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

async function moves(args: ParsedArgs, io: CliIo, options: MovesCommandOptions): Promise<number> {
  const settings = replaySettings(args, io);
  if (!settings) return 2;
  const top = positiveInt(args.values.get('top'), '--top', io);
  if (top === null) return 2;
  const all = args.flags.has('all');
  if (all && top !== undefined) {
    io.err(t(io.lang, 'analysis.top-and-all'));
    return 2;
  }
  const sortArg = args.values.get('sort') ?? 'equity';
  if (sortArg !== 'equity' && sortArg !== 'score') {
    io.err(t(io.lang, 'cli.bad-value', { option: '--sort', value: sortArg, allowed: 'equity, score' }));
    return 2;
  }
  const sort: SortKey = sortArg;
  const simFlags = readSimFlags(args, io);
  if (simFlags === null) return 2;
  if (simFlags && all) {
    io.err(t(io.lang, 'sim.no-all'));
    return 2;
  }
  const cgp = args.values.get('cgp');
  if (cgp !== undefined) {
    const { cgpMoves } = require('../shared/cgp') as typeof import('../shared/cgp'); // docs/cli.md, "CGP positions"
    // --sim simulates the CGP position as it does a record's turn
    return cgpMoves(cgp, args, io, { top, all, sort, count: args.flags.has('count'), ...(simFlags ? { simFlags } : {}) });
  }
  if (args.flags.has('stdin')) {
    // Positions come from standard input only: a FILE or --line would be silently ignored.
    if (args.positionals.length > 0 || args.values.has('line')) {
      io.err(t(io.lang, 'analysis.stdin-no-file'));
      return 2;
    }
    const lexicon = resolveLexicon(args.values.get('lexicon'), io);
    if (!lexicon) return 2;
    const defaults: StdinDefaults = {
      ...(top !== undefined ? { top } : {}),
      ...(all ? { all } : {}),
      ...(args.values.has('sort') ? { sort } : {}),
      ...(args.flags.has('count') ? { count: true } : {}),
    };
    const leaves = resolveLeaves(args, io);
    if (!leaves) return 2;
    return serveStdin(options.stdin ?? process.stdin, lexicon, io, leaves, defaults);
  }
  const line = lineOption(args, io);
  if (line === undefined) return 2;
  const file = singleFile(args, 'moves', io);
  if (file === undefined) return 2;
  const lexicon = resolveLexicon(args.values.get('lexicon'), io);
  if (!lexicon) return 2;
  const leaves = resolveLeaves(args, io);
  if (!leaves) return 2;
  const analysis = analyzeFile(file, { ...settings, lexicon }, io);
  if (!analysis) return 2;
  const r = analysis.replay;
  const index = r.turns.findIndex((turn) => turn.event.line === line - 1);
  const turn = r.turns[index];
  if (!turn || !['placement', 'exchange', 'pass'].includes(turn.kind)) {
    io.err(t(io.lang, 'analysis.no-event-on-line', { line, path: shown(file) }));
    return 2;
  }
  const got = positionBefore(r, index);
  if (!('position' in got)) {
    io.err(t(io.lang, 'analysis.cannot-list', { line, path: shown(file), reason: t(io.lang, `analysis.reason.${got.reason}`) }));
    return 2;
  }
  if (simFlags) {
    const rack = got.position.rack.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
    const player = shown(r.players[turn.player]?.nick ?? turn.event.nick.value);
    const run = { position: got.position, lexicon, leaves, candidates: top ?? SIM_CANDIDATES, flags: simFlags };
    const spec = { lexiconSpec: args.values.get('lexicon'), leavesPath: args.values.get('leaves') };
    const print = { heading: { player, line, rack, bag: got.position.bag }, json: args.flags.has('json') };
    try {
      return await simMoves({ ...run, ...spec }, print, io);
    } catch (e) {
      if (!(e instanceof AnalysisUnsupported)) throw e;
      io.err(t(io.lang, 'analysis.cannot-list', { line, path: shown(file), reason: render(e.reason, io.lang) }));
      return 2;
    }
  }
  try {
    const counting = all || args.flags.has('count');
    const answer = analyzeMoves(got.position, all ? Infinity : (top ?? 10), { lexicon, leaves, sort }, undefined, { count: counting });
    if (args.flags.has('json')) {
      const count = answer.count !== undefined ? { count: answer.count } : {};
      io.out(jsonForTerminal(JSON.stringify({ position: positionJson(got.position), ...count, moves: answer.moves.map(moveJson) })));
      return 0;
    }
    const rack = got.position.rack.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
    const heading = {
      player: shown(r.players[turn.player]?.nick ?? turn.event.nick.value),
      line,
      rack,
      bag: got.position.bag,
    };
    io.out(
      answer.count !== undefined
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
    if (e instanceof AnalysisUnsupported) {
      io.err(t(io.lang, 'analysis.cannot-list', { line, path: shown(file), reason: render(e.reason, io.lang) }));
      return 2;
    }
    throw e;
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
      const list = listMoves(req.position, { lexicon, sort, ...(leaves ? { leaves } : {}) });
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

async function serveStdin(
  input: NodeJS.ReadableStream,
  lexicon: Lexicon,
  io: CliIo,
  leaves: LeaveEvaluator,
  defaults: StdinDefaults,
): Promise<number> {
  // Answers of thousands of moves would grow the young generation to its largest: capped (the module).
  const young = youngGenerationCap(YOUNG_GENERATION_CAP, 4);
  await serveJsonLines(input, io, (text) => {
    young.tick();
    return answerPieces(text, lexicon, io.lang, leaves, defaults);
  });
  young.release();
  return 0;
}
