/**
 * `planilla board FILE [--turn N] [--svg | --cgp] [-o OUT]`: the board after event N (1-based; 0 = the
 * empty board before the first event; default: the end) as text — coordinates, premiums, blanks
 * in lower case, digraphs as one cell, the last move in parentheses, racks, totals, bag and unseen
 * tiles — or, with `--svg`, as a self-contained SVG image, or, with `--cgp`, as one CGP line (the
 * position the next event is played from, analysis/cgp.ts). Also takes `--rules` and `--tile-set`
 * like `check`, and `--lexicon`: the board is read as `check` reads it (shared/reading.ts), with the same
 * word list, so a coordinate written the other way round is taken the same way.
 *
 * Exit codes: 0 shown or written; 2 bad usage, unreadable file, turn out of range, unwritable output.
 *
 * Example:
 *   planilla board partida.gcg --turn 12
 *   planilla board partida.gcg --svg -o tablero.svg
 */
import { cgpAfter, writeCgp } from '../../analysis/cgp';
import { boardModel } from '../../service/board-model';
import { boardFooter, boardHeading } from '../../report/labels';
import { renderBoardSvg } from '../../report/svg';
import { renderTextBoard } from '../../report/text-board';
import { t, type CliIo } from '../shared/io';
import { runCommand, type Command, type ParsedArgs } from '../shared/args';
import { REPLAY_OPTIONS, readingSettings, analyzeFile, singleFile } from '../shared/reading';
import { emit } from '../shared/output';

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
