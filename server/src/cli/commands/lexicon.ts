/**
 * `planilla lexicon …`: what word list is in use (`info`), whether words are accepted and why not
 * (`check`), and compiling a list to a `.dawg` (`compile`).
 *
 * Exit codes: 0 fine; 1 `check` found a word that is not accepted; 2 bad usage, or a lexicon that
 * cannot be read (here, unlike in the editor, an explicitly named list that fails is an error, not
 * a silent fallback). Nothing here throws for user input.
 *
 * `check --json` prints exactly one line:
 *   {"lexicon":{"name":…,"words":…,"sha256":…},"words":[{"word":"dame","accepted":false,"hint":"…"}]}
 * where `word` is as typed and `hint` (rendered, with its article) is present only for a word
 * that is not accepted and has one.
 *
 * Example:
 *   await runLexiconCommand(['check', 'casa', 'dame'], { out: console.log, err: console.error, lang: 'es' }); // 1
 */
import * as fs from 'node:fs';
import { explainRejection } from '../../lexicon/reasons';
import { compileListFile, type LexiconProblem, type LexiconReport, loadLexicon, type LoadOptions } from '../../lexicon/load';
import { normalizeQuery } from '../../lexicon/normalize';
import type { Lexicon } from '../../lexicon/types';
import { DIGRAPH_MODES, type DigraphMode } from '../../lexicon/wordlist';
import { citeArticle, formatMessage } from '../../rules/messages';
import { EDITIONS, type Edition, type Language, type MessageArgs } from '../../rules/types';
import { runCommand, type Command, type OptionSpecs, type ParsedArgs } from '../shared/args';
import { outputRefusal, terminalArgs, writeResult, type WriteInputs } from '../shared/io';
import { jsonForTerminal } from '../shared/terminal';

export interface LexiconCommandIo {
  out(s: string): void;
  err(s: string): void;
  readonly lang: Language;
}

/** A message (the lexicon catalogue's or any other), its string arguments escaped for the terminal. */
function msg(id: string, rawArgs: MessageArgs, lang: Language): string {
  return formatMessage(id, terminalArgs(rawArgs), lang);
}

/** The options of every `lexicon` sub-command (parsed after the sub-command's name). */
const LEXICON_OPTIONS = {
  lexicon: { type: 'string' },
  rules: { type: 'string' },
  edition: { type: 'string' },
  digraphs: { type: 'string' },
  extra: { type: 'string' },
  banned: { type: 'string' },
  'cache-dir': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpecs;

/** A sub-command's arguments: its words or files, and the options. */
interface SubcommandArgs {
  readonly positional: readonly string[];
  readonly values: ReadonlyMap<string, string>;
  readonly flags: ReadonlySet<string>;
}

function loadOptions(p: SubcommandArgs): { ok: true; options: LoadOptions } | { ok: false; error: LexiconProblem } {
  const digraphs = p.values.get('digraphs');
  if (digraphs !== undefined && !(DIGRAPH_MODES as readonly string[]).includes(digraphs)) {
    return { ok: false, error: { messageId: 'lexicon.bad-digraphs', args: { value: digraphs } } };
  }
  return {
    ok: true,
    options: {
      digraphs: digraphs as DigraphMode | undefined,
      extra: p.values.get('extra'),
      banned: p.values.get('banned'),
      cacheDir: p.values.get('cache-dir'),
    },
  };
}

/** `planilla lexicon SUBCOMMAND …`: the first positional names the sub-command. */
export const lexiconCommand: Command = { help: 'lexicon.usage', options: LEXICON_OPTIONS, run: lexicon };

/** Runs `planilla lexicon ARGS`; returns the exit code. */
export function runLexiconCommand(args: readonly string[], io: LexiconCommandIo): Promise<number> {
  return runCommand(lexiconCommand, args, { tty: false, ...io });
}

async function lexicon(args: ParsedArgs, io: LexiconCommandIo): Promise<number> {
  const lang = io.lang;
  const fail = (problem: LexiconProblem): number => {
    io.err(msg('lexicon.cli.error', { message: msg(problem.messageId, problem.args, lang) }, lang));
    return 2;
  };
  const [command, ...rest] = args.positionals;
  if (command === 'help' || args.flags.has('help')) {
    io.out(msg('lexicon.usage', {}, lang));
    return 0;
  }
  if (command === undefined) {
    io.err(msg('lexicon.usage', {}, lang));
    return 2;
  }
  const p: SubcommandArgs = { positional: rest, values: args.values, flags: args.flags };
  const opts = loadOptions(p);
  if (!opts.ok) return fail(opts.error);
  switch (command) {
    case 'info':
      return info(p, opts.options, io);
    case 'check':
      return check(p, opts.options, io);
    case 'compile':
      return compile(p, opts.options, io);
    default:
      return fail({ messageId: 'lexicon.cli.unknown-command', args: { command } });
  }
}

function info(p: SubcommandArgs, options: LoadOptions, io: LexiconCommandIo): number {
  const lang = io.lang;
  if (p.positional.length > 1) return usageError(io, 'lexicon.cli.too-many-args', { args: p.positional.slice(1).join(' ') });
  const r = loadLexicon(p.positional[0] ?? p.values.get('lexicon'), options);
  if (!r.ok) return usageError(io, r.error.messageId, r.error.args);
  for (const line of reportLines(r.report, lang)) io.out(line);
  return 0;
}

/** The lines `info` prints for a load report. */
export function reportLines(report: LexiconReport, lang: Language): string[] {
  const lines: string[] = [];
  const info = report.info;
  lines.push(msg('lexicon.info.name', { name: info.name }, lang));
  lines.push(msg('lexicon.info.words', { words: info.words }, lang));
  lines.push(msg('lexicon.info.sha256', { sha256: info.sha256 }, lang));
  lines.push(msg('lexicon.info.source', { source: info.source }, lang));
  lines.push(msg('lexicon.info.format', { format: msg(`lexicon.format.${report.format}`, {}, lang) }, lang));
  if (report.list) lines.push(...listLines(report.list, lang));
  if (report.format !== 'builtin') lines.push(msg('lexicon.info.cache', { cache: msg(`lexicon.cache.${report.cache}`, {}, lang) }, lang));
  for (const [id, overlay] of [
    ['lexicon.info.extra', report.extra],
    ['lexicon.info.banned', report.banned],
  ] as const) {
    if (!overlay) continue;
    lines.push(msg(id, { path: overlay.path, words: overlay.words }, lang));
    lines.push(...listLines(overlay.list, lang));
  }
  for (const w of report.warnings) lines.push(msg('lexicon.info.warning', { message: msg(w.messageId, w.args, lang) }, lang));
  return lines;
}

function listLines(list: NonNullable<LexiconReport['list']>, lang: Language): string[] {
  const lines = [
    msg('lexicon.info.read', { entries: list.entries, encoding: list.encoding, digraphs: list.digraphs, kept: list.kept }, lang),
  ];
  for (const d of list.dropped) {
    lines.push(
      msg(
        'lexicon.info.dropped',
        { count: d.count, reason: msg(`lexicon.drop.${d.reason}`, {}, lang), examples: d.examples.join(', ') },
        lang,
      ),
    );
  }
  return lines;
}

/** Whether `file` exists and is not a regular file (a folder, a device): a compiled list is not written there. */
function isSpecialFile(file: string): boolean {
  try {
    return !fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function usageError(io: LexiconCommandIo, messageId: string, args: MessageArgs): number {
  io.err(msg('lexicon.cli.error', { message: msg(messageId, args, io.lang) }, io.lang));
  return 2;
}

interface WordVerdict {
  readonly word: string;
  readonly accepted: boolean;
  readonly hint?: string;
}

/** Whether `typed` is accepted, with the rendered hint when it is not. */
export function judgeWord(lexicon: Lexicon, typed: string, edition: Edition, lang: Language): WordVerdict {
  const word = typed.trim();
  const normalized = normalizeQuery(word);
  if (normalized === undefined) return { word, accepted: false, hint: msg('lexicon.hint.not-a-word', { word }, lang) };
  if (lexicon.has(normalized)) return { word, accepted: true };
  const hint = explainRejection(lexicon, normalized, edition);
  if (!hint) return { word, accepted: false };
  const text = msg(hint.messageId, hint.args, lang);
  return { word, accepted: false, hint: hint.article ? `${text} (${citeArticle(hint.article, lang)})` : text };
}

function check(p: SubcommandArgs, options: LoadOptions, io: LexiconCommandIo): number {
  const lang = io.lang;
  const editionValue = p.values.get('rules') ?? p.values.get('edition') ?? 'fise';
  if (!(EDITIONS as readonly string[]).includes(editionValue)) return usageError(io, 'lexicon.cli.bad-edition', { value: editionValue });
  const edition = editionValue as Edition;
  if (p.positional.length === 0) return usageError(io, 'lexicon.cli.no-words', {});
  const r = loadLexicon(p.values.get('lexicon'), options);
  if (!r.ok) return usageError(io, r.error.messageId, r.error.args);
  const lexicon = r.lexicon;
  const verdicts = p.positional.map((w) => judgeWord(lexicon, w, edition, lang));
  if (p.flags.has('json')) {
    const { name, words, sha256 } = lexicon.info;
    io.out(jsonForTerminal(JSON.stringify({ lexicon: { name, words, sha256 }, words: verdicts })));
  } else {
    for (const v of verdicts) {
      if (v.accepted) io.out(msg('lexicon.check.accepted', { word: v.word }, lang));
      else if (v.hint) io.out(msg('lexicon.check.rejected-hint', { word: v.word, hint: v.hint }, lang));
      else io.out(msg('lexicon.check.rejected', { word: v.word }, lang));
    }
  }
  for (const w of r.report.warnings) io.err(msg('lexicon.info.warning', { message: msg(w.messageId, w.args, lang) }, lang));
  return verdicts.every((v) => v.accepted) ? 0 : 1;
}

function compile(p: SubcommandArgs, options: LoadOptions, io: LexiconCommandIo): number {
  if (p.positional.length < 2) return usageError(io, 'lexicon.cli.compile-args', {});
  if (p.positional.length > 2) return usageError(io, 'lexicon.cli.too-many-args', { args: p.positional.slice(2).join(' ') });
  const [input, output] = p.positional;
  // What is written is Planilla's DAWG; a `.kwg` name would later be read as a Woogles graph.
  if (/\.kwg$/i.test(output)) return usageError(io, 'lexicon.cli.compile-kwg', { path: output });
  // The lists it reads are never written over (`compile list.txt list.txt` would turn the list
  // into a binary file); asked before the work, and again by the write itself.
  const inputs: WriteInputs = [input, options.extra, options.banned].flatMap((file) => (file ? [{ file, role: 'list' as const }] : []));
  const refusal = outputRefusal({ output, inputs }, io.lang);
  if (refusal) {
    io.err(refusal);
    return 2;
  }
  if (isSpecialFile(output)) return usageError(io, 'lexicon.not-a-file', { path: output });
  const r = compileListFile(input, options);
  if (!r.ok) return usageError(io, r.error.messageId, r.error.args);
  const failure = writeResult({ output, inputs }, r.value.bytes, io.lang);
  if (failure) {
    io.err(failure);
    return 2;
  }
  for (const line of listLines(r.value.list, io.lang)) io.out(line);
  io.out(msg('lexicon.compile.done', { path: output, words: r.value.words, bytes: r.value.bytes.length, sha256: r.value.sha256 }, io.lang));
  return 0;
}
