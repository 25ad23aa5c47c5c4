/**
 * A progress bar for long CLI runs, on stderr: drawn only when the stream is a terminal and only
 * once the run has lasted a second (a quick answer shows nothing), redrawn at most ten times a
 * second on one line (`\r`), erased by `done()` so the output that follows starts clean. Any
 * command may use it: `planilla endgame` shows the depth reached, a batch the share done.
 *
 * Invariants: writes nothing to a stream that is not a TTY; never writes after `done()`; the
 * label goes through `terminalText` (a record's text cannot drive the terminal).
 *
 * Example:
 *   const bar = progressBar();
 *   bar.update(0.4, '12 / 30');   // [########............] 40 % 12 / 30
 *   bar.update(undefined, '7 plies');   // no share known: the label alone
 *   bar.done();
 */
import { terminalText } from './terminal';

export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressOptions {
  /** Default process.stderr. */
  readonly stream?: ProgressStream;
  /** Milliseconds (default Date.now). */
  readonly now?: () => number;
  /** Nothing is drawn before this many milliseconds (default 1000). */
  readonly delayMs?: number;
  /** Cells of the bar (default 24). */
  readonly width?: number;
}

export interface Progress {
  /** `fraction` in 0..1, or undefined when the share done is not known (the label alone). */
  update(fraction: number | undefined, label?: string): void;
  /** Erases the bar (if drawn); later updates are ignored. */
  done(): void;
}

export function progressBar(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  const delay = options.delayMs ?? 1000;
  const width = options.width ?? 24;
  const start = now();
  const tty = stream.isTTY === true;
  let drawn = 0;
  let last = -Infinity;
  let finished = false;
  return {
    update(fraction, label = '') {
      if (!tty || finished) return;
      const t = now();
      if (t - start < delay || t - last < 100) return;
      last = t;
      let text: string;
      if (fraction === undefined) text = terminalText(label);
      else {
        const f = Math.max(0, Math.min(1, fraction));
        const full = Math.round(f * width);
        text = `[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${Math.round(f * 100)} % ${terminalText(label)}`.trimEnd();
      }
      stream.write(`\r${text}${' '.repeat(Math.max(0, drawn - text.length))}`);
      drawn = text.length;
    },
    done() {
      if (finished) return;
      finished = true;
      if (drawn > 0) stream.write(`\r${' '.repeat(drawn)}\r`);
    },
  };
}
