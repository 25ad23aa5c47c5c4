/**
 * `planilla board FILE [--turn N] [--svg | --cgp] [-o OUT]`: the board after event N (1-based; 0 = the
 * empty board before the first event; default: the end) as text — coordinates, premiums, blanks
 * in lower case, digraphs as one cell, the last move in parentheses, racks, totals, bag and unseen
 * tiles — or, with `--svg`, as a self-contained SVG image, or, with `--cgp`, as one CGP line (the
 * position the next event is played from, analysis/cgp.ts). Also takes `--rules` and `--tile-set`
 * like `check`, and `--lexicon`: the board is read as `check` reads it (reading.ts), with the same
 * word list, so a coordinate written the other way round is taken the same way.
 *
 * Also home of what `board` and `report` share: the replay options, one input file, and writing
 * the result (never over the record itself).
 *
 * Exit codes: 0 shown or written; 2 bad usage, unreadable file, turn out of range, unwritable output.
 *
 * Example:
 *   planilla board partida.gcg --turn 12
 *   planilla board partida.gcg --svg -o tablero.svg
 */
import { cgpAfter, writeCgp } from '../analysis/cgp';
import { analyze, type Analysis, type AnalysisSettings } from '../service/document';
import { boardModel } from '../service/board-model';
import { boardFooter, boardHeading } from '../report/labels';
import { renderBoardSvg } from '../report/svg';
import { renderTextBoard } from '../report/text-board';
import { readRecord, t, writeResult, type CliIo, type WriteInputs } from './io';
import { terminalLines } from './terminal';
import { runCommand, type Command, type OptionSpecs, type ParsedArgs } from './args';
import { READING_OPTIONS, readingSettings, replaySettings } from './reading';

/** The options `board` and `report` share: the reading of the sheet (reading.ts) and where to write. */
export const REPLAY_OPTIONS = {
  ...READING_OPTIONS,
  output: { type: 'string', short: 'o' },
} as const satisfies OptionSpecs;

export { replaySettings, readingSettings };

/** The one input file of `command`; undefined after printing the reason. */
export function singleFile(args: ParsedArgs, command: string, io: CliIo): string | undefined {
  if (args.positionals.length === 0) {
    io.err(t(io.lang, 'cli.no-files'));
    return undefined;
  }
  if (args.positionals.length > 1) {
    io.err(t(io.lang, 'report.one-file', { command, count: args.positionals.length }));
    return undefined;
  }
  return args.positionals[0];
}

/** Reads and analyses the record; undefined after printing one line (unreadable, internal error). */
export function analyzeFile(file: string, settings: AnalysisSettings, io: CliIo): Analysis | undefined {
  const read = readRecord(file, io.lang);
  if ('error' in read) {
    io.err(read.error);
    return undefined;
  }
  try {
    return analyze(read.bytes, settings);
  } catch (e) {
    io.err(t(io.lang, 'cli.internal-error', { path: file, detail: e instanceof Error ? e.message : String(e) }));
    return undefined;
  }
}

/**
 * Prints `text`, or writes it to `output` ('-' = standard output) and says so once it is written.
 * Never writes over one of the files the command read (`inputs`: io.ts `writeResult`). False
 * after printing the reason.
 */
export function emit(text: string, output: string | undefined, inputs: WriteInputs, io: CliIo): boolean {
  if (output === undefined || output === '-') {
    io.out(terminalLines(text));
    return true;
  }
  const failure = writeResult({ output, inputs }, text.endsWith('\n') ? text : `${text}\n`, io.lang);
  if (failure) {
    io.err(failure);
    return false;
  }
  io.err(t(io.lang, 'cli.written', { path: output }));
  return true;
}

export const boardCommand: Command = {
  help: 'cli.help.board',
  options: { ...REPLAY_OPTIONS, turn: { type: 'string' }, svg: { type: 'boolean' }, cgp: { type: 'boolean' } },
  run: board,
};

export function runBoard(argv: readonly string[], io: CliIo): Promise<number> {
  return runCommand(boardCommand, argv, io);
}

async function board(args: ParsedArgs, io: CliIo): Promise<number> {
  const settings = readingSettings(args, io);
  if (!settings) return 2;
  const file = singleFile(args, 'board', io);
  if (file === undefined) return 2;
  const analysis = analyzeFile(file, settings, io);
  if (!analysis) return 2;
  const count = analysis.replay.turns.length;
  const turnArg = args.values.get('turn');
  let event = count;
  if (turnArg !== undefined) {
    if (!/^\s*\d{1,9}\s*$/.test(turnArg)) {
      io.err(t(io.lang, 'cli.bad-value', { option: '--turn', value: turnArg, allowed: `0–${count}` }));
      return 2;
    }
    event = Number(turnArg);
    if (event > count) {
      io.err(t(io.lang, 'cli.turn-out-of-range', { turn: event, count }));
      return 2;
    }
  }
  if (args.flags.has('cgp')) {
    // The same position as one CGP line (analysis/cgp.ts; docs/cli.md, "CGP positions").
    if (args.flags.has('svg')) {
      io.err(t(io.lang, 'cgp.svg-and-cgp'));
      return 2;
    }
    return emit(writeCgp(cgpAfter(analysis.replay, event)), args.values.get('output'), [{ file, role: 'record' }], io) ? 0 : 2;
  }
  const model = boardModel(analysis.replay, event - 1);
  const text = args.flags.has('svg')
    ? renderBoardSvg(model, io.lang, {
        standalone: true,
        title: boardHeading(model, io.lang),
        caption: [boardHeading(model, io.lang), ...boardFooter(model, io.lang)],
      })
    : renderTextBoard(model, io.lang);
  return emit(text, args.values.get('output'), [{ file, role: 'record' }], io) ? 0 : 2;
}
