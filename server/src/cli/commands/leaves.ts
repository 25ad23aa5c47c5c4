/**
 * `planilla leaves …`: what a leave table holds (`info`) and our table written for other
 * engines (`export --format klv2|klv|csv OUT`): the `.klv2`/`.klv` that wolges, Macondo and
 * MAGPIE load, or the CSV of MAGPIE and Macondo (one `leave,value` row per leave of 1–6 tiles,
 * digraphs in brackets). Writers: analysis/leave-files.ts.
 *
 * Exit codes: 0 fine; 2 bad usage, or a table that cannot be read or a file that cannot be
 * written (one line on stderr). Nothing here throws for user input.
 *
 * Example:
 *   planilla leaves export --format csv leaves-es.csv
 *   planilla leaves info leaves-es.klv2
 */
import { writeKlv, writeLeavesCsv } from '../../analysis/leave-files';
import { builtinLeaves, formatLeaveMessage, loadLeaveFile } from '../../analysis/leave-files';
import { LeaveTable } from '../../analysis/leave-table';
import { formatMessage } from '../../rules/messages';
import type { Language } from '../../rules/types';
import { runCommand, type Command, type OptionSpecs, type ParsedArgs } from '../shared/args';
import { outputRefusal, writeResult, type CliIo } from '../shared/io';
import { terminalText } from '../shared/terminal';

const OPTIONS = {
  format: { type: 'string' },
  leaves: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpecs;

export const leavesCommand: Command = { help: 'leaves.usage', options: OPTIONS, run: leaves };

export function runLeavesCommand(argv: readonly string[], io: CliIo): Promise<number> {
  return runCommand(leavesCommand, argv, io);
}

/** Leaves shown by `info`: the ones a player asks about first. */
const SHOWN = ['?', '? S', '? ?', 'S', 'Q', 'Q U', 'A E I N R S', 'E N R S T', 'C C R S T Z', 'E E E E'];

type Loaded = { readonly table: LeaveTable; readonly format: string } | { readonly error: string };

function load(spec: string | undefined, lang: Language): Loaded {
  if (spec === undefined || spec.trim() === '' || spec.trim().toLowerCase() === 'builtin') {
    const b = builtinLeaves();
    if (b.warning || !(b.leaves instanceof LeaveTable)) {
      return { error: b.warning ? formatLeaveMessage(b.warning, lang) : formatMessage('leaves.builtin-missing', { path: '' }, lang) };
    }
    return { table: b.leaves, format: 'plv' };
  }
  const r = loadLeaveFile(spec);
  if (!r.ok) return { error: formatLeaveMessage({ ...r.error, args: { ...r.error.args, path: terminalText(spec) } }, lang) };
  const format = typeof r.leaves.provenance.format === 'string' ? r.leaves.provenance.format : 'plv';
  return { table: r.leaves, format };
}

async function leaves(args: ParsedArgs, io: CliIo): Promise<number> {
  const lang = io.lang;
  const [command, ...rest] = args.positionals;
  if (command === 'help' || args.flags.has('help')) {
    io.out(formatMessage('leaves.usage', {}, lang));
    return 0;
  }
  if (command === undefined) {
    io.err(formatMessage('leaves.usage', {}, lang));
    return 2;
  }
  if (command === 'info') {
    if (rest.length > 1) return fail(io, 'leaves.cli.too-many', { args: rest.slice(1).join(' ') });
    const got = load(rest[0] ?? args.values.get('leaves'), lang);
    if ('error' in got) return error(io, got.error);
    for (const line of infoLines(got.table, got.format, lang)) io.out(line);
    return 0;
  }
  if (command === 'export') {
    const format = args.values.get('format') ?? 'klv2';
    if (format !== 'klv2' && format !== 'klv' && format !== 'csv')
      return fail(io, 'leaves.cli.bad-format', { value: terminalText(format) });
    if (rest.length === 0) return fail(io, 'leaves.cli.no-output', {});
    if (rest.length > 1) return fail(io, 'leaves.cli.too-many', { args: rest.slice(1).join(' ') });
    const out = rest[0];
    const spec = args.values.get('leaves');
    const builtin = spec === undefined || spec.trim() === '' || spec.trim().toLowerCase() === 'builtin';
    const target = { output: out, inputs: builtin ? [] : [{ file: spec, role: 'leaves' as const }] };
    const refusal = outputRefusal(target, lang);
    if (refusal) {
      io.err(refusal);
      return 2;
    }
    const got = load(spec, lang);
    if ('error' in got) return error(io, got.error);
    const bytes = format === 'csv' ? Buffer.from(writeLeavesCsv(got.table), 'utf8') : writeKlv(got.table, format);
    const failure = writeResult(target, bytes, lang);
    if (failure) {
      io.err(failure);
      return 2;
    }
    io.out(
      formatMessage('leaves.cli.written', { path: terminalText(out), leaves: got.table.index.size, bytes: bytes.length, format }, lang),
    );
    return 0;
  }
  return fail(io, 'leaves.cli.unknown-command', { command: terminalText(command) });
}

function fail(io: CliIo, id: string, args: Record<string, string | number>): number {
  io.err(formatMessage(id, args, io.lang));
  return 2;
}

function error(io: CliIo, text: string): number {
  io.err(`planilla: ${text}`);
  return 2;
}

/** The lines of `info`: name, format, alphabet, how many leaves, provenance, a few values. */
export function infoLines(table: LeaveTable, format: string, lang: Language): string[] {
  const index = table.index;
  const provenance = Object.entries(table.provenance)
    .filter(([k, v]) => k !== 'format' && k !== 'source' && (typeof v === 'string' || typeof v === 'number'))
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ');
  const number = (n: number): string => (Math.round(n * 100) / 100).toLocaleString(lang === 'es' ? 'es-ES' : 'en-US');
  const values = SHOWN.map((l) => l.split(' '))
    .filter((faces) => faces.every((f) => index.codeOf(f) >= 0))
    .map((faces) => `${faces.map((f) => (f.length > 1 ? `[${f}]` : f)).join('')} ${number(table.value(faces))}`)
    .join('; ');
  const lines = [
    formatMessage('leaves.info.name', { name: table.name }, lang),
    formatMessage('leaves.info.format', { format }, lang),
    formatMessage('leaves.info.alphabet', { alphabet: index.alphabet.join(' '), tiles: index.kinds }, lang),
    formatMessage('leaves.info.leaves', { stored: table.ranks.length, total: index.size, max: index.maxSize }, lang),
  ];
  if (provenance) lines.push(formatMessage('leaves.info.provenance', { provenance }, lang));
  if (values) lines.push(formatMessage('leaves.info.values', { values }, lang));
  return lines;
}
