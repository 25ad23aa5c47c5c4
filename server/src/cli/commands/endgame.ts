/**
 * `planilla endgame FILE --line L [--json] [--time S] [--nodes N] [--top K]` (docs/deep-analysis.md):
 * the exact endgame of the turn on line L (the bag empty, the opponent's rack known by tile
 * tracking): the best sequence, its final spread and the value of the move played; with one or two
 * tiles in the bag, the pre-endgame (analysis/pre-endgame.ts): the best K candidates and the move
 * played, each with its mean spread and win share over every ordering of the bag, `--time` and
 * `--nodes` limiting each endgame solve. The `"endgame"` field of `moves --stdin` is in
 * shared/positions.ts.
 *
 * Exit codes: 0 answered; 2 bad usage, unreadable file, no move on that line, the rack not known,
 * more than two tiles in the bag.
 *
 * Example:
 *   planilla endgame samples/final-de-club.gcg --line 40
 *   echo '{"board":[...],"rack":"EQ","endgame":{"opponentRack":"DGNP"}}' | planilla moves --stdin
 */
import { formatNumber } from '../../rules/messages';
import { analyzeMoves, moveJson, type Move, type Position } from '../../analysis';
import { endgameJson, hundredths, opponentRackOf, preEndgameCandidateJson, preEndgameJson } from '../shared/positions';
import { playedMove } from '../../analysis/coach';
import { endgameMoveValue, solveEndgame, type EndgameOptions, type EndgameResult } from '../../analysis/endgame';
import type { Replay } from '../../engine/types';
import { endArticle } from '../../engine/replay-state';
import { analyzeFile, singleFile, replaySettings, resolveLexicon, turnAtLine, COMMON } from '../shared/reading';
import { t, type CliIo } from '../shared/io';
import { runCommand, type Command, type ParsedArgs } from '../shared/args';
import { moveText, positionJson, rackText, render, shown, signed } from '../shared/positions';
import { jsonForTerminal } from '../shared/terminal';
import { progressBar } from '../shared/progress';
import { nodesOption, secondsOption, lineOption, positiveInt } from '../shared/limits';
import { AnalysisUnsupported } from '../../analysis';
import { endsGame, preEndgameGrade, runsBefore, VERDICT_ENDGAME_NODES, type TurnRuns } from '../../analysis/endgame-grade';
import type { Lexicon } from '../../lexicon/types';
import { sameMove } from '../../analysis/endgame';
import { PRE_ENDGAME_MAX_BAG, type PreEndgameCandidate, type PreEndgameResult } from '../../analysis/pre-endgame';

/** The move a phony amounted to (art. 34), for a pre-endgame whose move played is not legal. */
const PASS: Move = { row: 0, col: 0, direction: 'across', equity: 0, leave: [], used: 0, kind: 'pass', squares: [], score: 0 };

export const endgameCommand: Command = {
  help: 'cli.help.endgame',
  options: { ...COMMON, line: { type: 'string' }, time: { type: 'string' }, nodes: { type: 'string' } },
  run: (args, io) => endgame(args, io),
};

export function runEndgame(argv: readonly string[], io: CliIo): Promise<number> {
  return runCommand(endgameCommand, argv, io);
}

/** ', art. 37.4' (the article of the ending under the edition; none under NASPA or at the horizon). */
function endCitation(end: EndgameResult['end'], position: Position): string {
  if (end === 'horizon') return '';
  const article = endArticle(end, position.rules);
  return article ? `, art. ${article}` : '';
}

/** The played move's JSON without the static equity (which the endgame value replaces). */
function playedJson(m: Move): Record<string, unknown> {
  const { equity: _equity, ...rest } = moveJson(m);
  return rest;
}

async function endgame(args: ParsedArgs, io: CliIo): Promise<number> {
  const settings = replaySettings(args, io);
  if (!settings) return 2;
  const line = lineOption(args, io);
  if (line === undefined) return 2;
  const time = secondsOption(args, io, 'time');
  if (time === null) return 2;
  const nodes = nodesOption(args, io, 'nodes');
  if (nodes === null) return 2;
  const file = singleFile(args, 'endgame', io);
  if (file === undefined) return 2;
  const lexicon = resolveLexicon(args.values.get('lexicon'), io);
  if (!lexicon) return 2;
  const analysis = analyzeFile(file, { ...settings, lexicon }, io);
  if (!analysis) return 2;
  const r = analysis.replay;
  const at = turnAtLine(r, line, file, ['placement', 'pass'], io);
  if (!at) return 2;
  const { index, turn, position } = at;
  // Passes in a row before the turn, a withdrawn play counting as one (37.2, art. 34).
  const runs = runsBefore(r, index);
  const passes = runs.passes;
  const top = positiveInt(args.values.get('top'), '--top', io);
  if (top === null) return 2;
  if (position.bag >= 1 && position.bag <= PRE_ENDGAME_MAX_BAG) {
    const limits = { time, nodes, top, runs, json: args.flags.has('json') };
    const heading = { player: shown(r.players[turn.player]?.nick ?? ''), line };
    try {
      return preEndgame(position, turn, { lexicon, ...limits, heading }, io);
    } catch (e) {
      if (!(e instanceof AnalysisUnsupported)) throw e;
      io.err(t(io.lang, 'analysis.cannot-list', { line, path: shown(file), reason: render(e.reason, io.lang) }));
      return 2;
    }
  }
  const opponent = opponentRackOf(position);
  const options: EndgameOptions = {
    lexicon,
    passes,
    scoreless: runs.scoreless,
    maxNodes: VERDICT_ENDGAME_NODES,
    ...(time !== undefined ? { timeLimitMs: time * 1000 } : {}),
    ...(nodes !== undefined ? { maxNodes: nodes } : {}),
  };
  // On a terminal, a run over a second shows the depth reached (stderr; erased before the answer).
  const bar = progressBar();
  const started = Date.now();
  const withProgress: EndgameOptions = {
    ...options,
    onIteration: (info) =>
      bar.update(
        time !== undefined ? (Date.now() - started) / (time * 1000) : undefined,
        t(io.lang, 'deep.endgame-progress', { depth: info.depth, nodes: formatNumber(info.nodes, io.lang) }),
      ),
  };
  try {
    const best = solveEndgame(position, opponent, withProgress);
    const move = playedMove(turn, position);
    const played: { move: Move; spread: number; exact: boolean; lost: number } | undefined =
      move && move !== 'unknown-exchange' && (move.kind === 'play' || move.kind === 'pass')
        ? playedValue(position, opponent, move, best, passes, withProgress)
        : undefined;
    bar.done();
    if (args.flags.has('json')) {
      io.out(
        jsonForTerminal(
          JSON.stringify({
            position: positionJson(position),
            opponentRack: rackText(opponent),
            passes,
            ...endgameJson(best),
            ...(played ? { played: { ...playedJson(played.move), spread: played.spread, exact: played.exact, lost: played.lost } } : {}),
          }),
        ),
      );
      return 0;
    }
    const nick = (p: number): string => shown(r.players[p]?.nick ?? '');
    io.out(
      t(io.lang, 'deep.endgame-heading', {
        player: nick(turn.player),
        line,
        rack: rackText(position.rack),
        opponent: nick(1 - turn.player),
        opponentRack: rackText(opponent),
      }),
    );
    best.line.forEach((m, i) => {
      const p = i % 2 === 0 ? turn.player : 1 - turn.player;
      io.out(t(io.lang, 'deep.endgame-step', { n: i + 1, player: nick(p), move: moveText(m, io.lang), score: signed(m.score) }));
    });
    io.out(
      t(io.lang, best.exact ? 'deep.endgame-spread' : 'deep.endgame-spread-partial', {
        spread: signed(best.spread),
        end: t(io.lang, `deep.end.${best.end}`, { article: endCitation(best.end, position) }),
        depth: best.depth,
        nodes: formatNumber(best.nodes, io.lang),
      }),
    );
    if (played) {
      io.out(
        t(io.lang, 'deep.endgame-played', {
          move: moveText(played.move, io.lang),
          spread: signed(played.spread),
          lost: played.lost,
        }),
      );
    }
    return 0;
  } catch (e) {
    bar.done();
    if (e instanceof AnalysisUnsupported) {
      io.err(t(io.lang, 'analysis.cannot-list', { line, path: shown(file), reason: render(e.reason, io.lang) }));
      return 2;
    }
    throw e;
  }
}

/**
 * The value of the move played and what it lost against the best line, never below 0. When the
 * best line's search was stopped at depth N (not proven), the move played is searched to the same
 * horizon (itself and N − 1 plies, as analysis/endgame-grade.ts does), so that both figures look
 * as far ahead; a move that is the line's first is worth the line's value.
 */
function playedValue(
  position: Position,
  opponent: readonly string[],
  move: Move,
  best: EndgameResult,
  passes: number,
  options: EndgameOptions,
): { move: Move; spread: number; exact: boolean; lost: number } {
  const value = (): { spread: number; exact: boolean } => {
    if (best.line[0] && sameMove(best.line[0], move)) return { spread: best.spread, exact: best.exact };
    if (best.exact) return endgameMoveValue(position, opponent, move, options);
    if (best.depth <= 1 && !endsGame(position, move, { passes, scoreless: passes })) return { spread: move.score, exact: false };
    return endgameMoveValue(position, opponent, move, { ...options, maxDepth: Math.max(1, best.depth - 1) });
  };
  const { spread, exact } = value();
  return { move, spread, exact, lost: Math.max(0, best.spread - spread) };
}

interface PreEndgameRun {
  readonly lexicon: Lexicon;
  readonly time: number | undefined;
  readonly nodes: number | undefined;
  readonly top: number | undefined;
  readonly runs: TurnRuns;
  readonly json: boolean;
  readonly heading: { readonly player: string; readonly line: number };
}

const pct = (x: number): number => Math.round(x * 1000) / 10;

/** The pre-endgame of a turn with 1 or 2 tiles in the bag: every candidate over every ordering of the bag. */
function preEndgame(position: Position, turn: Replay['turns'][number], run: PreEndgameRun, io: CliIo): number {
  const move = playedMove(turn, position);
  // valued only when legal (a phony is no candidate of the position)
  const legal =
    move && move !== 'unknown-exchange' ? analyzeMoves(position, 1, { lexicon: run.lexicon }, move, { count: false }).legal : false;
  const played = legal && move && move !== 'unknown-exchange' ? move : undefined;
  const bar = progressBar();
  let result: PreEndgameResult;
  let mine: PreEndgameCandidate | undefined;
  try {
    // the deep analysis's own call (endgame-grade.ts), so both give the same values
    const graded = preEndgameGrade(position, played ?? PASS, played !== undefined, run.runs, {
      lexicon: run.lexicon,
      ...(run.top !== undefined ? { candidates: run.top } : {}),
      ...(run.time !== undefined ? { timeLimitMs: run.time * 1000 } : {}),
      ...(run.nodes !== undefined ? { maxNodes: run.nodes } : {}),
      onProgress: (done, total) => bar.update(done / total, t(io.lang, 'deep.pre-endgame-progress', { done, total })),
    });
    result = graded.result;
    mine = played ? graded.played : undefined;
  } finally {
    bar.done();
  }
  const best = result.candidates[0];
  const unseen = rackText(opponentRackOf(position));
  if (run.json) {
    io.out(
      jsonForTerminal(
        JSON.stringify({
          position: positionJson(position),
          unseen,
          ...(position.opponentTiles ? { opponentTiles: rackText(position.opponentTiles) } : {}),
          passes: run.runs.passes,
          preEndgame: preEndgameJson(result),
          ...(mine ? { played: { ...preEndgameCandidateJson(mine), lost: hundredths(best.spread - mine.spread) } } : {}),
        }),
      ),
    );
    return 0;
  }
  io.out(
    t(io.lang, 'deep.pre-endgame-heading', {
      ...run.heading,
      bag: position.bag,
      rack: rackText(position.rack),
      unseen,
      orderings: result.orderings,
    }),
  );
  result.candidates.forEach((c, i) => {
    io.out(
      t(io.lang, 'deep.pre-endgame-row', {
        rank: i + 1,
        move: moveText(c.move, io.lang),
        score: signed(c.move.score),
        spread: hundredths(c.spread),
        wins: pct(c.wins),
        draws: pct(c.draws),
        solved: c.solved,
        cases: c.cases,
        timedOut: c.timedOut,
      }),
    );
  });
  if (mine)
    io.out(
      t(io.lang, 'deep.pre-endgame-played', {
        move: moveText(mine.move, io.lang),
        spread: hundredths(mine.spread),
        lost: hundredths(best.spread - mine.spread),
      }),
    );
  return 0;
}
