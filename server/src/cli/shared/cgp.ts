/**
 * The CGP side of `planilla board` and `planilla moves` (docs/cli.md, "CGP positions"):
 * `board FILE [--turn N] --cgp` prints the position after event N as one CGP line, and
 * `moves --cgp "…"` lists the moves of a CGP position as `moves --line` lists those of a record's
 * turn (same generator, same equity, same rows).
 *
 * Invariants: a bad CGP string is one line on stderr and exit 2, never a stack trace.
 *
 * Example:
 *   planilla board partida.gcg --turn 12 --cgp
 *   planilla moves --cgp "15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 AEIR[CH]S?/ 0/12 0 ld spanish;" --top 5
 */
import { analyzeMoves, AnalysisUnsupported, moveJson, moveLeave } from '../../analysis';
import { positionFromCgp, readCgp } from '../../analysis/cgp';
import { formatNumber } from '../../rules/messages';
import type { ParsedArgs } from './args';
import { t, type CliIo } from './io';
import { resolveLexicon } from './reading';
import type { LeaveEvaluator } from '../../analysis/leaves';
import { jsonForTerminal, terminalText } from './terminal';
import { moveText, positionJson, render, signed } from './positions';
import { resolveLeaves } from './engine-options';
import { SIM_CANDIDATES, simMoves, type SimFlags } from './sim';
import type { Position, SortKey } from '../../analysis';
import type { Lexicon } from '../../lexicon/types';

export interface CgpMovesOptions {
  readonly top: number | undefined;
  readonly all: boolean;
  readonly sort: SortKey;
  readonly count: boolean;
  /** With `--sim`: simulates the position's candidates instead of listing them (sim.ts). */
  readonly simFlags?: SimFlags;
}

/** `moves --cgp TEXT`: exit code 0 answered, 2 bad usage or a CGP that is no position. */
export function cgpMoves(text: string, args: ParsedArgs, io: CliIo, o: CgpMovesOptions): number | Promise<number> {
  if (args.positionals.length > 0 || args.values.has('line') || args.flags.has('stdin')) {
    io.err(t(io.lang, 'cgp.and-file'));
    return 2;
  }
  const read = readCgp(text);
  if ('error' in read) {
    io.err(`planilla: ${render(read.error, io.lang)}`);
    return 2;
  }
  const got = positionFromCgp(read.cgp);
  if ('error' in got) {
    io.err(`planilla: ${render(got.error, io.lang)}`);
    return 2;
  }
  const lexicon = resolveLexicon(args.values.get('lexicon'), io);
  if (!lexicon) return 2;
  const leaves = resolveLeaves(args, io);
  if (!leaves) return 2;
  const position = got.position;
  if (o.simFlags) return simPosition(position, lexicon, leaves, o.simFlags, args, o.top, io);
  try {
    const answer = analyzeMoves(position, o.all ? Infinity : (o.top ?? 10), { lexicon, leaves, sort: o.sort }, undefined, {
      count: o.all || o.count,
    });
    if (args.flags.has('json')) {
      const count = answer.count !== undefined ? { count: answer.count } : {};
      io.out(jsonForTerminal(JSON.stringify({ position: positionJson(position), ...count, moves: answer.moves.map(moveJson) })));
      return 0;
    }
    const rack = position.rack.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
    io.out(t(io.lang, 'cgp.moves-heading', { rack: terminalText(rack), bag: position.bag }));
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
      io.err(`planilla: ${render(e.reason, io.lang)}`);
      return 2;
    }
    throw e;
  }
}

/** `moves --cgp TEXT --sim`: the simulation of the position's candidates, as `moves --line L --sim` does a turn's. */
async function simPosition(
  position: Position,
  lexicon: Lexicon,
  leaves: LeaveEvaluator,
  flags: SimFlags,
  args: ParsedArgs,
  top: number | undefined,
  io: CliIo,
): Promise<number> {
  const rack = position.rack.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
  const run = { position, lexicon, leaves, candidates: top ?? SIM_CANDIDATES, flags };
  const spec = { lexiconSpec: args.values.get('lexicon'), leavesPath: args.values.get('leaves') };
  const print = { heading: { rack, bag: position.bag }, json: args.flags.has('json') };
  try {
    return await simMoves({ ...run, ...spec }, print, io);
  } catch (e) {
    if (!(e instanceof AnalysisUnsupported)) throw e;
    io.err(`planilla: ${render(e.reason, io.lang)}`);
    return 2;
  }
}
