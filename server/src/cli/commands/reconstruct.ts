/**
 * `planilla reconstruct SHEET.gcg --board BOARD [-o OUT.gcg] [--json] [--time S] [--lexicon PATH]`
 * (with `--rules`, `--tile-set` as in `check`): the plays of a score sheet rebuilt from its scores
 * and the game's final board (service/reconstruct.ts, docs/reconstruct.md). BOARD is a CGP
 * string, or a file holding one CGP line or 15 text rows (as `moves --stdin` takes them). The
 * completed sheet goes to standard output (or OUT), what was decided and what stays open to
 * standard error; `--json` prints, per turn, `decided` / `ambiguous` (candidates) / `impossible`
 * / `zero` / `unknown` instead. `--time S` bounds the search (default 30 s): what is decided by
 * then is given. A progress bar is drawn on a terminal.
 *
 * Exit codes: 0 every scoring turn decided; 1 some turn stays open, or sheet and board do not fit;
 * 2 bad usage, an unreadable sheet or board, an unwritable output.
 *
 * Example:
 *   planilla reconstruct mesa-3.gcg --board final.cgp -o mesa-3-completa.gcg
 *   planilla reconstruct mesa-3.gcg --board "15/15/…/15 / 0/0 0 ld spanish;" --json
 */
import { existsSync } from 'node:fs';
import { readBoardText } from '../../analysis/cgp';
import type { BoardCells } from '../../engine/types';
import { outputRefusal, readRecord, t, writeData, type CliIo, type WriteInputs } from '../shared/io';
import { runCommand, type Command, type ParsedArgs } from '../shared/args';
import { READING_OPTIONS, REPLAY_OPTIONS, replaySettings, readSheet, singleFile } from '../shared/reading';
import { emit } from '../shared/output';
import { analyze, MAX_CONTENT_LINES } from '../../service/document';
import { reconstructSheet, type ReconstructLine } from '../../service/reconstruct';
import { render } from '../shared/positions';
import { terminalText } from '../shared/terminal';
import { formatNumber } from '../../rules/messages';
import { progressBar } from '../shared/progress';

export const reconstructCommand: Command = {
  help: 'cli.help.reconstruct',
  options: {
    ...READING_OPTIONS,
    board: { type: 'string' },
    output: REPLAY_OPTIONS.output,
    json: { type: 'boolean' },
    time: { type: 'string' },
  },
  run: reconstructCli,
};

export function runReconstruct(argv: readonly string[], io: CliIo): Promise<number> {
  return runCommand(reconstructCommand, argv, io);
}

function describe(l: ReconstructLine, io: CliIo): string {
  const args = {
    line: l.line,
    play: l.play ? `${l.play.coord} ${l.play.play}` : '',
    candidates: (l.candidates ?? []).map((c) => `${c.coord} ${c.play}`).join(' · ') + (l.more ? ` (+${l.more})` : ''),
    reason: l.reason ?? '',
    score: l.score,
  };
  return t(io.lang, `reconstruct.line.${l.status}`, args);
}

/** The shared terminal bar (cli/shared/progress.ts): drawn on a terminal only, for runs over a second. */
function bar(io: CliIo): { update(f: number): void; clear(): void } {
  const p = progressBar();
  return {
    update: (f) => p.update(f, t(io.lang, 'reconstruct.progress', { percent: formatNumber(f * 100, io.lang, 0) })),
    clear: () => p.done(),
  };
}

/** Whether `--board` names a file (else it is a CGP string). */
function boardIsFile(value: string): boolean {
  return existsSync(value) || !/\s/.test(value.trim());
}

/**
 * The final board from `--board`: a file (CGP or rows) or a CGP string; undefined after one line.
 * A sheet that does not say its tile set (a score-only sheet names no tile) takes the board's:
 * the CGP's `ld`, or for rows the set their letters belong to.
 */
function readBoardArg(
  value: string,
  tileSet: 'spanish' | 'english',
  sheetSays: boolean,
  io: CliIo,
): { board: BoardCells; tileSet: 'spanish' | 'english' } | undefined {
  let text = value;
  if (boardIsFile(value)) {
    const got = readRecord(value, io.lang);
    if ('error' in got) {
      io.err(got.error);
      return undefined;
    }
    text = new TextDecoder('utf-8').decode(got.bytes);
  }
  let read = readBoardText(text, tileSet);
  if ('error' in read && !sheetSays) {
    const other = readBoardText(text, tileSet === 'spanish' ? 'english' : 'spanish');
    if (!('error' in other)) read = other;
  }
  if ('error' in read) {
    io.err(`planilla: ${render(read.error, io.lang)}`);
    return undefined;
  }
  if (read.tileSet !== tileSet && sheetSays) {
    io.err(t(io.lang, 'reconstruct.board-tile-set', { board: read.tileSet, sheet: tileSet }));
    return undefined;
  }
  return { board: read.board, tileSet: read.tileSet };
}

async function reconstructCli(args: ParsedArgs, io: CliIo): Promise<number> {
  const settings = replaySettings(args, io);
  if (!settings) return 2;
  const file = singleFile(args, 'reconstruct', io);
  if (file === undefined) return 2;
  const boardArg = args.values.get('board');
  if (boardArg === undefined) {
    io.err(t(io.lang, 'reconstruct.no-board'));
    return 2;
  }
  const timeArg = args.values.get('time') ?? '30';
  if (!/^\s*\d{1,5}(\.\d+)?\s*$/.test(timeArg) || Number(timeArg) <= 0) {
    io.err(t(io.lang, 'cli.bad-value', { option: '--time', value: timeArg, allowed: '> 0' }));
    return 2;
  }
  // The answer never goes over the sheet or the board file: said before the search, not after it.
  const output = args.values.get('output');
  const inputs: WriteInputs = [{ file, role: 'record' }, ...(boardIsFile(boardArg) ? [{ file: boardArg, role: 'board' as const }] : [])];
  const refusal = output === undefined || output === '-' || args.flags.has('json') ? undefined : outputRefusal({ output, inputs }, io.lang);
  if (refusal) {
    io.err(refusal);
    return 2;
  }
  const read = readSheet(file, settings, args, io);
  if (!read) return 2;
  const reading = read.settings;
  const lexicon = reading.lexicon;
  let analysis = read.analysis;
  const got = readBoardArg(boardArg, analysis.replay.tileSet, analysis.replay.tileSetSource !== 'default', io);
  if (!got) return 2;
  if (got.tileSet !== analysis.replay.tileSet) analysis = analyze(read.bytes, { ...reading, tileSet: got.tileSet });
  const board = got.board;
  const progress = args.flags.has('json') ? undefined : bar(io);
  const result = reconstructSheet(analysis, board, {
    ...(lexicon ? { lexicon } : {}),
    lang: io.lang,
    timeLimitMs: Number(timeArg) * 1000,
    ...(progress ? { onProgress: (f: number) => progress.update(f) } : {}),
  });
  progress?.clear();
  if (result.refused) {
    io.err(t(io.lang, 'fix.unreadable-record', { path: file, max: MAX_CONTENT_LINES }));
    return 2;
  }
  const s = result.search;
  const open = result.lines.filter((l) => l.status === 'ambiguous' || l.status === 'unknown' || l.status === 'impossible').length;
  const decided = result.lines.filter((l) => l.status === 'decided').length;
  if (args.flags.has('json')) {
    writeData(
      io,
      `${JSON.stringify(
        {
          path: file,
          complete: s.complete,
          timedOut: s.timedOut,
          lexiconSetAside: s.lexiconSetAside,
          ...(result.stopLine !== undefined ? { stopLine: result.stopLine, stopReason: result.stopReason } : {}),
          turns: result.lines,
        },
        null,
        2,
      )}\n`,
    );
    return open > 0 || result.stopLine !== undefined ? 1 : 0;
  }
  if (result.stopLine !== undefined) {
    io.err(`${terminalText(file)}:${result.stopLine}: ${result.stopReason}`);
    return 1;
  }
  if (output === undefined || output === '-') writeData(io, result.text);
  else if (!emit(result.text, output, inputs, io)) return 2;
  for (const l of result.lines) if (l.status !== 'decided' && l.status !== 'zero') io.err(describe(l, io));
  if (s.timedOut) io.err(t(io.lang, 'reconstruct.timed-out', { seconds: timeArg }));
  if (s.lexiconSetAside) io.err(t(io.lang, 'reconstruct.lexicon-set-aside'));
  io.err(t(io.lang, 'reconstruct.summary', { path: terminalText(file), decided, open }));
  return open > 0 ? 1 : 0;
}
