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
import { analyzeMoves, AnalysisUnsupported, moveJson, moveLeave } from '../analysis';
import { positionFromCgp, readCgp } from '../analysis/cgp';
import { formatNumber } from '../rules/messages';
import type { ParsedArgs } from './args';
import { t, type CliIo } from './io';
import { resolveLexicon } from './lexicon-option';
import type { LeaveEvaluator } from '../analysis/leaves';
import { jsonForTerminal, terminalText } from './terminal';
import type { Position, SortKey } from '../analysis';
import type { Lexicon } from '../lexicon/types';

export interface CgpMovesOptions {
  readonly top: number | undefined;
  readonly all: boolean;
  readonly sort: SortKey;
  readonly count: boolean;
  readonly leaves: () => LeaveEvaluator | undefined;
  /** With `--sim`: simulates the position's candidates instead of listing them (moves.ts). */
  readonly sim?: (position: Position, lexicon: Lexicon, leaves: LeaveEvaluator) => Promise<number>;
  /** moves.ts's renderers (one row format for both commands). */
  readonly render: {
    readonly moveText: (m: Parameters<typeof moveJson>[0], lang: CliIo['lang']) => string;
    readonly signed: (n: number) => string;
    readonly message: (m: { messageId: string; args: Readonly<Record<string, string | number>> }, lang: CliIo['lang']) => string;
    readonly positionJson: (p: import('../analysis').Position) => Record<string, unknown>;
  };
}

/** `moves --cgp TEXT`: exit code 0 answered, 2 bad usage or a CGP that is no position. */
export function cgpMoves(text: string, args: ParsedArgs, io: CliIo, o: CgpMovesOptions): number | Promise<number> {
  if (args.positionals.length > 0 || args.values.has('line') || args.flags.has('stdin')) {
    io.err(t(io.lang, 'cgp.and-file'));
    return 2;
  }
  const read = readCgp(text);
  if ('error' in read) {
    io.err(`planilla: ${o.render.message(read.error, io.lang)}`);
    return 2;
  }
  const got = positionFromCgp(read.cgp);
  if ('error' in got) {
    io.err(`planilla: ${o.render.message(got.error, io.lang)}`);
    return 2;
  }
  const lexicon = resolveLexicon(args.values.get('lexicon'), io);
  if (!lexicon) return 2;
  const leaves = o.leaves();
  if (!leaves) return 2;
  const position = got.position;
  if (o.sim) return o.sim(position, lexicon, leaves);
  try {
    const answer = analyzeMoves(position, o.all ? Infinity : (o.top ?? 10), { lexicon, leaves, sort: o.sort }, undefined, {
      count: o.all || o.count,
    });
    if (args.flags.has('json')) {
      const count = answer.count !== undefined ? { count: answer.count } : {};
      io.out(jsonForTerminal(JSON.stringify({ position: o.render.positionJson(position), ...count, moves: answer.moves.map(moveJson) })));
      return 0;
    }
    const rack = position.rack.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
    io.out(t(io.lang, 'cgp.moves-heading', { rack: terminalText(rack), bag: position.bag }));
    answer.moves.forEach((m, i) => {
      io.out(
        t(io.lang, 'analysis.move-row', {
          rank: i + 1,
          move: o.render.moveText(m, io.lang),
          score: o.render.signed(m.score),
          leave: moveLeave(m) || t(io.lang, 'analysis.nothing'),
          equity: formatNumber(m.equity, io.lang, 2),
        }),
      );
    });
    return 0;
  } catch (e) {
    if (e instanceof AnalysisUnsupported) {
      io.err(`planilla: ${o.render.message(e.reason, io.lang)}`);
      return 2;
    }
    throw e;
  }
}
