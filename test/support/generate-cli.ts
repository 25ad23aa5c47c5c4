/**
 * A tiny command that writes random legal games (generator.ts) as `.gcg` files, for benchmarks
 * and by-hand checks (test code, not shipped):
 *
 *   node out/test/support/generate-cli.js --seed N --count K --out DIR [--notation brackets|plain] [--ending fise|gcg]
 *
 * Game i (0 ≤ i < K) is seed N + i, written to DIR/game-<seed>.gcg (DIR is created). Messages come
 * from the catalogue below, in Spanish or English after the locale (LC_ALL, LC_MESSAGES, LANG).
 *
 * Invariants: bad arguments print the usage and exit 2; a folder that cannot be written (or a
 * game that fails, such as a missing built-in lexicon) prints the reason and exits 1; nothing here
 * throws for user input.
 *
 * Example:
 *   main(['--seed', '1', '--count', '3', '--out', 'juegos']);  // 0; writes game-1.gcg … game-3.gcg
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../server/src/text/types';
import { fillTemplate, resolveLanguage } from '../../server/src/rules/messages';
import type { MessageArgs } from '../../server/src/rules/types';
import { generateGame, type Ending, type Notation } from './generator';

export const GENERATE_CLI_MESSAGES: Catalog = {
  usage: {
    es: 'uso: node out/test/support/generate-cli.js --seed N --count K --out CARPETA [--notation brackets|plain] [--ending fise|gcg]',
    en: 'usage: node out/test/support/generate-cli.js --seed N --count K --out FOLDER [--notation brackets|plain] [--ending fise|gcg]',
  },
  'bad-option': { es: 'opción desconocida o sin valor: {option}', en: 'unknown option or option without a value: {option}' },
  'bad-value': { es: 'valor no válido para {option}: {value}', en: 'invalid value for {option}: {value}' },
  'missing-option': { es: 'falta la opción {option}', en: 'missing option {option}' },
  'generation-failed': { es: 'la partida de semilla {seed} falló: {detail}', en: 'the game of seed {seed} failed: {detail}' },
  unwritable: { es: 'no se puede escribir en {path}: {detail}', en: 'cannot write to {path}: {detail}' },
  written: { es: '{count} partidas escritas en {path}', en: '{count} games written to {path}' },
};

/** Largest number of games one call writes. */
const MAX_COUNT = 1_000_000;

interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly locale?: string;
}

const defaultIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  locale: process.env.LC_ALL || process.env.LC_MESSAGES || process.env.LANG,
};

interface Parsed {
  readonly seed: number;
  readonly count: number;
  readonly out: string;
  readonly notation: Notation;
  readonly ending: Ending;
}

type ParseOutcome = { readonly ok: true; readonly value: Parsed } | { readonly ok: false; readonly id: string; readonly args: MessageArgs };

function parseArgs(argv: readonly string[]): ParseOutcome {
  const values = new Map<string, string>();
  const known = new Set(['--seed', '--count', '--out', '--notation', '--ending']);
  for (let i = 0; i < argv.length; i += 2) {
    const option = argv[i];
    const value = argv[i + 1];
    if (!known.has(option) || value === undefined) return { ok: false, id: 'bad-option', args: { option } };
    values.set(option, value);
  }
  for (const option of ['--seed', '--count', '--out']) {
    if (!values.has(option)) return { ok: false, id: 'missing-option', args: { option } };
  }
  const integer = (option: string, min: number, max: number): number | undefined => {
    const text = values.get(option) ?? '';
    const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    return n >= min && n <= max ? n : undefined;
  };
  const bad = (option: string): ParseOutcome => ({ ok: false, id: 'bad-value', args: { option, value: values.get(option) ?? '' } });
  const seed = integer('--seed', 0, 2 ** 32 - 1);
  if (seed === undefined) return bad('--seed');
  const count = integer('--count', 1, MAX_COUNT);
  if (count === undefined) return bad('--count');
  const out = values.get('--out') ?? '';
  if (out === '') return bad('--out');
  const notation = values.get('--notation') ?? 'brackets';
  if (notation !== 'brackets' && notation !== 'plain') return bad('--notation');
  const ending = values.get('--ending') ?? 'fise';
  if (ending !== 'fise' && ending !== 'gcg') return bad('--ending');
  return { ok: true, value: { seed, count, out, notation, ending } };
}

/** Runs the command; returns the exit code. */
export function main(argv: readonly string[], io: Io = defaultIo): number {
  const lang = resolveLanguage(undefined, io.locale);
  const say = (id: string, args: MessageArgs = {}): string => fillTemplate(GENERATE_CLI_MESSAGES[id][lang], args);
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    io.err(`${say(parsed.id, parsed.args)}\n${say('usage')}\n`);
    return 2;
  }
  const { seed, count, out, notation, ending } = parsed.value;
  const unwritable = (file: string, e: unknown): number => {
    io.err(`${say('unwritable', { path: file, detail: (e as NodeJS.ErrnoException).code ?? String(e) })}\n`);
    return 1;
  };
  try {
    fs.mkdirSync(out, { recursive: true });
  } catch (e) {
    return unwritable(out, e);
  }
  for (let i = 0; i < count; i++) {
    const gameSeed = (seed + i) % 2 ** 32;
    let text: string;
    try {
      text = generateGame({ seed: gameSeed, notation, ending }).text;
    } catch (e) {
      io.err(`${say('generation-failed', { seed: gameSeed, detail: e instanceof Error ? e.message : String(e) })}\n`);
      return 1;
    }
    const file = path.join(out, `game-${gameSeed}.gcg`);
    try {
      fs.writeFileSync(file, text);
    } catch (e) {
      return unwritable(file, e);
    }
  }
  io.out(`${say('written', { count, path: out })}\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
