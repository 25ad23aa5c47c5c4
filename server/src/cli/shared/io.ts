/**
 * Terminal plumbing shared by the `planilla` subcommands: the output sink, the message language,
 * and reading record files with one clear line (never a stack trace) when a file
 * is missing, a folder, unreadable or too large.
 *
 * Invariants: nothing here throws for user input; `readRecord` returns either bytes or a
 * rendered one-line reason.
 *
 * Example:
 *   const io = consoleIo(detectLanguage(process.env));
 *   const r = readRecord('partida.gcg', io.lang);
 *   if ('error' in r) io.err(r.error);
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatMessage } from '../../rules/messages';
import { WriteRefused, resolveWriteTarget, writeFileAtomic } from '../../files/write';
import { isBinaryRecord, readRegularFile } from '../../files/read';
import { MAX_RECORD_BYTES } from '../../shared/record-limits';
import { terminalLines, terminalText } from './terminal';
import { fdOutput, writesDirectly } from './std-output';
import type { Language } from '../../rules/types';

export interface CliIo {
  /** Human-readable output (the console escapes control characters: terminal.ts). */
  out(text: string): void;
  /** Messages (escaped like `out`). */
  err(text: string): void;
  /** Data asked for on stdout (a record from `format`, `export`): written as is. Default: `out`. */
  data?(text: string): void;
  /**
   * A piece of one output line, escaped like `out` but with no line break added: a long answer
   * is written as it is made, a piece at a time (`moves --stdin` with `"all": true`). Default:
   * the pieces joined and written by `out`.
   */
  piece?(text: string): void;
  /** A promise when stdout's buffer is full, settled once it has drained (backpressure); else undefined. */
  drained?(): Promise<void> | undefined;
  readonly lang: Language;
  /** True when stdout is a terminal (progress bars, colours). */
  readonly tty: boolean;
}

/**
 * The process's stdout and stderr (std-output.ts): written straight to the descriptor when it is
 * a file, a pipe, a socket or /dev/null, else through Node's stream; a failure ends the process
 * as `guardStandardStreams` says.
 */
const standardOut = fdOutput(
  1,
  () => process.stdout,
  (e) => stdoutFailed(e),
);
const standardErr = fdOutput(
  2,
  () => process.stderr,
  () => stderrFailed(),
);

export function consoleIo(lang: Language): CliIo {
  const line = (text: string): string => (text.endsWith('\n') ? text : `${text}\n`);
  return {
    out: (text) => standardOut.write(terminalLines(line(text))),
    err: (text) => standardErr.write(terminalLines(line(text))),
    data: (text) => standardOut.write(line(text)),
    piece: (text) => standardOut.write(terminalLines(text)),
    drained: () => standardOut.drained(),
    lang,
    tty: standardOut.isTTY,
  };
}

/**
 * Node's stderr stream when stderr may be a terminal (progress bars), else undefined without
 * making the stream (a file, a pipe, a socket or /dev/null is never one).
 */
export function terminalStderr(): NodeJS.WriteStream | undefined {
  return writesDirectly(2) ? undefined : process.stderr;
}

/** The language of the line `guardStandardStreams` prints; undefined until it is called. */
let guardLanguage: Language | undefined;
let outputFailed = false;
let guarded = false;

/** A failed write to stdout: EPIPE ends the process silently (141), anything else in one line (2). */
function stdoutFailed(e: NodeJS.ErrnoException): void {
  if (outputFailed) return;
  outputFailed = true;
  if (e.code === 'EPIPE') process.exit(141);
  const lang = guardLanguage ?? detectLanguage(process.env);
  standardErr.write(`${t(lang, 'cli.cannot-write-stdout', { reason: writeReason(e, lang) })}\n`);
  process.exit(2);
}

/** A failed write to stderr: nothing is left to say it on. */
function stderrFailed(): void {
  process.exit(2);
}

/**
 * Makes the process's own stdout and stderr fail cleanly: when the reader of
 * stdout goes away (`planilla check DIR | head -1`: EPIPE) the command stops at once, silently,
 * with status 141 (as a program ended by SIGPIPE); any other failure to write stdout
 * (`> /dev/full`: ENOSPC) is one line on stderr and status 2; a failing stderr ends the process
 * with status 2. Never a stack trace. Called once by `bin/planilla.js` before `main`. The
 * direct writes (std-output.ts) report to the same handlers; Node's streams get them when they
 * are made (the `process.stdout` and `process.stderr` getters are wrapped, so a command that
 * never needs a stream never makes one).
 */
export function guardStandardStreams(lang: Language): void {
  guardLanguage = lang;
  if (guarded) return;
  guarded = true;
  const handlers = [
    ['stdout', (e: NodeJS.ErrnoException) => stdoutFailed(e)],
    ['stderr', () => stderrFailed()],
  ] as const;
  for (const [name, onError] of handlers) {
    const descriptor = Object.getOwnPropertyDescriptor(process, name);
    const get = descriptor?.get?.bind(process);
    if (!descriptor || !get || !descriptor.configurable) {
      process[name].on('error', onError);
      continue;
    }
    let seen: NodeJS.WriteStream | undefined;
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: descriptor.enumerable,
      get(): NodeJS.WriteStream {
        const stream = get() as NodeJS.WriteStream;
        if (stream !== seen) {
          seen = stream;
          stream.on('error', onError);
        }
        return stream;
      },
    });
  }
}

/** Message language: PLANILLA_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG) when it is English, else Spanish. */
export function detectLanguage(env: NodeJS.ProcessEnv): Language {
  const explicit = env.PLANILLA_LANG?.toLowerCase();
  if (explicit === 'es' || explicit === 'en') return explicit;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('en') ? 'en' : 'es';
}

/**
 * A CLI message in `lang`. Every string argument (a path, a name, a value typed by the user) is
 * shown with its control characters escaped (terminal.ts `terminalText`): a file name holding a
 * line break or an escape sequence cannot forge or hide lines.
 */
export const t = (lang: Language, id: string, args: Record<string, string | number> = {}): string =>
  formatMessage(id, terminalArgs(args), lang);

/** `args` with every string value passed through `terminalText`. */
export function terminalArgs<T extends Record<string, unknown>>(args: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) out[k] = typeof v === 'string' ? terminalText(v) : v;
  return out as T;
}

/** Writes data asked for on stdout (a record), unescaped: `io.data`, else `io.out`. */
export function writeData(io: CliIo, text: string): void {
  if (io.data) io.data(text);
  else io.out(text);
}

/** The largest record the CLI reads (shared/record-limits.ts; a real record is a few kilobytes). */
export { MAX_RECORD_BYTES };

export type ReadResult = { readonly bytes: Uint8Array } | { readonly error: string };

/**
 * Reads a record with the shared guards (files/read.ts: regular files only, size cap; a binary
 * file is "not a game record"); one line on failure.
 */
export function readRecord(file: string, lang: Language): ReadResult {
  const r = readRegularFile(file, MAX_RECORD_BYTES);
  if (r.ok) return isBinaryRecord(r.bytes) ? { error: t(lang, 'files.not-a-record', { path: file }) } : { bytes: r.bytes };
  const reason =
    r.reason === 'too-large'
      ? t(lang, 'cli.reason.too-large', { size: Math.ceil(r.size / 1048576), max: MAX_RECORD_BYTES / 1048576 })
      : t(lang, `cli.reason.${r.reason}`, { detail: r.code ?? '' });
  return { error: t(lang, 'cli.unreadable', { path: file, reason }) };
}

/** What a file a command reads is to the command (named when an output would replace it). */
export type InputRole = 'record' | 'board' | 'list' | 'leaves' | 'cards';

/**
 * Where a command writes what it made. Every file a command writes goes through `writeResult`
 * with one of these (a test holds every command to it), so a new writer cannot forget a guard:
 * - `rewrite`: the file the command read, given back changed (`fix`, `format`, `fill --write`);
 *   `read` is the bytes the command read, and the file is replaced only if it still holds exactly
 *   them just before the rename (files/write.ts `unchangedFrom`): a line appended meanwhile is
 *   kept and nothing is written;
 * - `output`: a file named by `-o OUT` or an `OUT` argument; never one of the files the command
 *   reads (`inputs`, compared after following symbolic links, and by identity for hard links).
 */
export type WriteTarget =
  { readonly rewrite: string; readonly read: Uint8Array } | { readonly output: string; readonly inputs: WriteInputs };

/** The files a command read, by what they are to it. */
export type WriteInputs = readonly { readonly file: string; readonly role: InputRole }[];

/** The input `output` would replace (the same file after links), if any. */
function inputReplaced(output: string, inputs: readonly { file: string; role: InputRole }[]): InputRole | undefined {
  let target: string;
  try {
    target = resolveWriteTarget(output);
  } catch {
    return undefined;
  }
  let targetStat: fs.Stats | undefined;
  try {
    targetStat = fs.statSync(target);
  } catch {
    targetStat = undefined;
  }
  for (const input of inputs) {
    try {
      if (resolveWriteTarget(input.file) === target) return input.role;
      const st = fs.statSync(input.file);
      if (targetStat && st.ino === targetStat.ino && st.dev === targetStat.dev) return input.role;
    } catch {
      /* an input that is not there cannot be replaced */
    }
  }
  return undefined;
}

/**
 * The one line refusing an output that is one of the command's inputs, else undefined: a command
 * that works long (`reconstruct`) asks before it starts, and `writeResult` asks again.
 */
export function outputRefusal(target: WriteTarget, lang: Language): string | undefined {
  if (!('output' in target)) return undefined;
  const role = inputReplaced(target.output, target.inputs);
  return role ? t(lang, 'files.refused.input', { path: target.output, what: t(lang, `files.input.${role}`) }) : undefined;
}

/**
 * Writes `data` (a string is UTF-8) where `target` says, with `writeFileAtomic` (files/write.ts:
 * temporary file, fsync, rename; the old content survives any failure) and the guards of
 * `WriteTarget`. Returns undefined once the file is written, else the one line saying why
 * nothing was written: a command says what it wrote only after this returned undefined.
 */
export function writeResult(target: WriteTarget, data: string | Uint8Array, lang: Language): string | undefined {
  const file = 'rewrite' in target ? target.rewrite : target.output;
  const refusal = outputRefusal(target, lang);
  if (refusal) return refusal;
  try {
    writeFileAtomic(file, data, 'rewrite' in target ? { unchangedFrom: target.read } : {});
    return undefined;
  } catch (e) {
    return cannotWrite(file, e, lang);
  }
}

/**
 * The one line for a failed write: "planilla: cannot write "x": no space left on the device…",
 * or, for a write Planilla refused (files/write.ts `WriteRefused`), why nothing was written.
 */
export function cannotWrite(file: string, e: unknown, lang: Language): string {
  if (e instanceof WriteRefused) {
    if (e.reason !== 'hard-links') return t(lang, `files.refused.${e.reason}`, { path: file });
    const names = e.links.length > 0 ? e.links.join(', ') : t(lang, 'files.links-elsewhere');
    return t(lang, 'files.refused.hard-links', { path: file, count: e.linkCount, names });
  }
  return t(lang, 'cli.cannot-write', { path: file, reason: writeReason(e, lang, true) });
}

/** Why a write failed, in words: "no space left on the device…", "permission denied", … */
export function writeReason(e: unknown, lang: Language, file = false): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const reason =
    code === 'ENOENT' || code === 'ENOTDIR'
      ? 'cli.reason.no-folder'
      : file && (code === 'ENOSPC' || code === 'EDQUOT')
        ? 'cli.reason.no-space-kept'
        : errnoReason(e);
  return t(lang, reason, { detail: errorDetail(e) });
}

function errnoReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'cli.reason.no-space';
  if (code === 'EROFS') return 'cli.reason.read-only';
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'cli.reason.not-found';
  if (code === 'EACCES' || code === 'EPERM') return 'cli.reason.permission';
  if (code === 'EISDIR') return 'cli.reason.is-directory';
  return 'cli.reason.other';
}

function errorDetail(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return code ?? String((e as Error | undefined)?.message ?? e);
}

/**
 * The files of a command that reads many records (`analyze`, `analyze --deep`): the arguments
 * expanded (below); undefined after one line on stderr when they name nothing at all.
 */
export function batchInputs(args: readonly string[], io: CliIo): { files: string[]; problems: number } | undefined {
  const inputs = expandInputs(args, io);
  if (inputs.files.length > 0 || inputs.problems > 0) return inputs;
  io.err(t(io.lang, 'cli.no-files'));
  return undefined;
}

/**
 * Expands the command's arguments: a folder stands for every `.gcg` file below it (sorted);
 * anything else is kept as given (a missing file is reported when it is read). What a folder
 * holds under a `.gcg` name but is not read is named on stderr: a broken link or a loop, a FIFO,
 * a device, a socket (or a link to one of them).
 */
export function expandInputs(args: readonly string[], io: CliIo): { files: string[]; problems: number } {
  const files: string[] = [];
  let problems = 0;
  for (const arg of args) {
    let isDir = false;
    try {
      isDir = fs.statSync(arg).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) {
      files.push(arg);
      continue;
    }
    const found = listGcg(arg, (entry, why) =>
      io.err(
        why === 'loop' || why === 'broken'
          ? t(io.lang, why === 'loop' ? 'cli.skipped-loop' : 'cli.skipped-link', { path: entry })
          : t(io.lang, 'files.skipped-special', { path: entry, kind: t(io.lang, `files.kind.${why}`) }),
      ),
    );
    if (found.length === 0) {
      io.err(t(io.lang, 'cli.no-gcg-in-folder', { path: arg }));
      problems++;
    }
    files.push(...found);
  }
  return { files, problems };
}

/**
 * Every `.gcg` below `dir`, sorted. Symbolic links are followed once: a linked folder is walked
 * unless it was already walked or holds a folder already walked (a link to a parent: a loop), a
 * file reached twice is listed once; a link that leads nowhere (broken, or a loop of links) or
 * back up the tree is named through `skipped`, and so is a `.gcg` that is no regular file (a
 * FIFO, a device, a socket, or a link to one): it is never opened (a FIFO would block).
 */
export type Skipped = 'broken' | 'loop' | 'fifo' | 'device' | 'socket' | 'other';

function specialKind(st: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean }): Skipped {
  if (st.isFIFO()) return 'fifo';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'device';
  if (st.isSocket()) return 'socket';
  return 'other';
}

export function listGcg(dir: string, skipped: (entry: string, why: Skipped) => void): string[] {
  const found: string[] = [];
  const seenFiles = new Set<string>();
  const seenDirs = new Set<string>();
  const realOf = (p: string): string | undefined => {
    try {
      return fs.realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const walk = (d: string, depth: number): void => {
    if (depth > 32) return;
    const real = realOf(d);
    if (real === undefined || seenDirs.has(real)) return;
    seenDirs.add(real);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(d, entry.name);
      const isGcg = entry.name.toLowerCase().endsWith('.gcg');
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let special: Skipped | undefined = isDir || isFile || entry.isSymbolicLink() ? undefined : specialKind(entry);
      if (entry.isSymbolicLink()) {
        let target: fs.Stats | undefined;
        try {
          target = fs.statSync(full);
        } catch {
          target = undefined;
        }
        if (!target) {
          if (isGcg) skipped(full, 'broken');
          continue;
        }
        isDir = target.isDirectory();
        isFile = target.isFile();
        if (!isDir && !isFile) special = specialKind(target);
        if (isDir) {
          const real = realOf(full);
          const holdsWalked =
            real !== undefined && [...seenDirs].some((s) => s === real || s.startsWith(real.endsWith(path.sep) ? real : real + path.sep));
          if (holdsWalked) {
            skipped(full, 'loop');
            continue;
          }
        }
      }
      if (special !== undefined) {
        if (isGcg) skipped(full, special);
      } else if (isDir && !entry.name.startsWith('.') && entry.name !== 'node_modules') walk(full, depth + 1);
      else if (isFile && isGcg) {
        // A file that is no link is where its folder really is (no lookup, one per file, needed).
        const realFile = entry.isSymbolicLink() ? (realOf(full) ?? full) : path.join(real, entry.name);
        if (seenFiles.has(realFile)) continue;
        seenFiles.add(realFile);
        found.push(full);
      }
    }
  };
  walk(dir, 0);
  return found;
}
