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
import { formatMessage } from '../rules/messages';
import { writeFileAtomic } from '../files/write';
import type { Language } from '../rules/types';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readonly lang: Language;
  /** True when stdout is a terminal (progress bars, colours). */
  readonly tty: boolean;
}

export function consoleIo(lang: Language): CliIo {
  return {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    lang,
    tty: Boolean(process.stdout.isTTY),
  };
}

/** Message language: PLANILLA_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG) when it is English, else Spanish. */
export function detectLanguage(env: NodeJS.ProcessEnv): Language {
  const explicit = env.PLANILLA_LANG?.toLowerCase();
  if (explicit === 'es' || explicit === 'en') return explicit;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('en') ? 'en' : 'es';
}

export const t = (lang: Language, id: string, args: Record<string, string | number> = {}): string =>
  formatMessage(id, args, lang);

/** The largest record the CLI reads (a real record is a few kilobytes). */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;

export type ReadResult = { readonly bytes: Uint8Array } | { readonly error: string };

export function readRecord(file: string, lang: Language): ReadResult {
  const fail = (reasonId: string, args: Record<string, string | number> = {}): ReadResult => ({
    error: t(lang, 'cli.unreadable', { path: file, reason: t(lang, reasonId, args) }),
  });
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (e) {
    return fail(errnoReason(e), { detail: errorDetail(e) });
  }
  if (stat.isDirectory()) return fail('cli.reason.is-directory');
  if (!stat.isFile()) return fail('cli.reason.not-file');
  if (stat.size > MAX_RECORD_BYTES) {
    return fail('cli.reason.too-large', { size: Math.ceil(stat.size / 1048576), max: MAX_RECORD_BYTES / 1048576 });
  }
  try {
    return { bytes: fs.readFileSync(file) };
  } catch (e) {
    return fail(errnoReason(e), { detail: errorDetail(e) });
  }
}

/**
 * Writes `data` to `file` with `writeFileAtomic` (files/write.ts: temporary file, fsync, rename;
 * the old content survives any failure). Returns undefined, or the one-line "cannot write" reason.
 */
export function writeOutput(file: string, data: string | Uint8Array, lang: Language): string | undefined {
  try {
    writeFileAtomic(file, data);
    return undefined;
  } catch (e) {
    return cannotWrite(file, e, lang);
  }
}

/** The one line for a failed write: "planilla: cannot write "x": no space left on the device…". */
export function cannotWrite(file: string, e: unknown, lang: Language): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const reason = code === 'ENOENT' || code === 'ENOTDIR' ? 'cli.reason.no-folder' : errnoReason(e);
  return t(lang, 'cli.cannot-write', { path: file, reason: t(lang, reason, { detail: errorDetail(e) }) });
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
 * Expands the command's arguments: a folder stands for every `.gcg` file below it (sorted);
 * anything else is kept as given (a missing file is reported when it is read).
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
    const found = listGcg(arg);
    if (found.length === 0) {
      io.err(t(io.lang, 'cli.no-gcg-in-folder', { path: arg }));
      problems++;
    }
    files.push(...found);
  }
  return { files, problems };
}

function listGcg(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string, depth: number): void => {
    if (depth > 32) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') walk(full, depth + 1);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.gcg')) found.push(full);
    }
  };
  walk(dir, 0);
  return found;
}
