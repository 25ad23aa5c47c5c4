/**
 * A command's result, printed or written to `-o OUT` (`board`, `report`, `reconstruct`): the
 * terminal gets the text with control characters escaped (terminal.ts); a file gets it whole and
 * the user one line that says where.
 *
 * Invariants: never writes over a file the command read (io.ts `writeResult`); false only after
 * one line on stderr.
 *
 * Example:
 *   emit(svg, args.values.get('output'), [{ file, role: 'record' }], io);
 */
import { t, writeResult, type CliIo, type WriteInputs } from './io';
import { terminalLines } from './terminal';

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
