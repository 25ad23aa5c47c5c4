/**
 * Shared ground of the fuzz suite: its budget (runs, seed, time per property) from the
 * environment, the seed records (the real corpus, the samples, a few generated games), the
 * mutation plans (bytes, tokens, lines) as fast-check arbitraries, and `labelled`, which names
 * the call that threw. No assertion reads a clock: a call that never returns is caught by the
 * property's mocha timeout; how fast the calls are is for the benchmarks.
 *
 * Budget: `npm test` runs a fixed seed and a small number of runs per property under a time
 * limit, so CI stays fast; `npm run fuzz` (scripts/fuzz.mjs) sets PLANILLA_FUZZ_RUNS,
 * PLANILLA_FUZZ_SEED and PLANILLA_FUZZ_TIME_MS for a longer run. A failure prints the seed and
 * the shrunk counterexample (fast-check's report), which replays with the same seed.
 *
 * Invariants: the same environment gives the same inputs in the same order; nothing here reads
 * a path outside the repository and the shared folder beside it.
 *
 * Example:
 *   fc.assert(fc.property(mutatedRecord(), (m) => { timed('parse', () => parse(m.bytes)); }), fuzzParameters());
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { corpusFiles, repoRoot, sampleFiles } from '../support/fixtures';
import { generateGame } from '../support/generator';

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};

/** The fixed seed of `npm test`. */
export const DEFAULT_SEED = 20_240_607;
export const FUZZ_SEED = envNumber('PLANILLA_FUZZ_SEED', DEFAULT_SEED);
/** Runs per property (scaled by each property's weight). */
export const FUZZ_RUNS = envNumber('PLANILLA_FUZZ_RUNS', 40);
/** Time limit of one property; past it the property stops early and passes with the runs it made. */
export const FUZZ_TIME_MS = envNumber('PLANILLA_FUZZ_TIME_MS', 4000);
/** A mocha timeout for one property: its time limit plus room for the last run and the set-up. */
export const PROPERTY_TIMEOUT_MS = FUZZ_TIME_MS + 120_000;

/** fast-check parameters for a property worth `weight` times the base number of runs. */
export function fuzzParameters<T = unknown>(weight = 1): fc.Parameters<T> {
  return {
    seed: FUZZ_SEED,
    numRuns: Math.max(1, Math.round(FUZZ_RUNS * weight)),
    interruptAfterTimeLimit: FUZZ_TIME_MS,
    markInterruptAsFailure: false,
    endOnFailure: false,
  };
}

/** Runs `fn`; when it throws, the error names the call (`label`). */
export function labelled<T>(label: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    error.message = `${label} threw: ${error.message}`;
    throw error;
  }
}

export interface SeedRecord {
  readonly name: string;
  readonly bytes: Uint8Array;
}

let seeds: SeedRecord[] | undefined;

/** Every corpus record and sample, plus three generated games (both notations, both endings). */
export function seedRecords(): readonly SeedRecord[] {
  if (seeds) return seeds;
  const files = [...corpusFiles(), ...sampleFiles()];
  const out: SeedRecord[] = files.map((f) => ({ name: path.relative(repoRoot, f), bytes: new Uint8Array(fs.readFileSync(f)) }));
  const games = [
    generateGame({ seed: FUZZ_SEED, notation: 'brackets', ending: 'fise' }),
    generateGame({ seed: FUZZ_SEED + 1, notation: 'plain', ending: 'gcg' }),
    generateGame({ seed: FUZZ_SEED + 2, notation: 'plain', ending: 'fise', exchangeRate: 0.2, passRate: 0.1 }),
  ];
  for (const g of games)
    out.push({ name: `generated game ${g.seed} (${g.notation}, ${g.ending})`, bytes: new Uint8Array(Buffer.from(g.text, 'utf8')) });
  seeds = out;
  return out;
}

/** A string as its UTF-8 bytes read one byte per character, the form token and line edits work on. */
const asBytes = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

/** Tokens and lines of every seed record (as bytes): what token and line mutations splice in. */
let pools: { tokens: string[]; lines: string[] } | undefined;
function seedPools(): { tokens: string[]; lines: string[] } {
  if (pools) return pools;
  const special = [
    '#',
    '>',
    ':',
    '+',
    '-',
    '--',
    '(',
    ')',
    '[',
    ']',
    '?',
    '.',
    '\t',
    '\u00a0',
    '\ufeff',
    '\u0000',
    'ñ',
    'Ñ',
    'n\u0303',
    '[CH]',
    '[ll]',
    '#note',
    '#rack1',
    '#game-end',
    '#tile-notation plain',
  ];
  const tokens = new Set<string>(special.map(asBytes));
  const lines = new Set<string>();
  for (const s of seedRecords()) {
    for (const line of Buffer.from(s.bytes)
      .toString('latin1')
      .split(/\r\n|\r|\n/)) {
      lines.add(line);
      for (const t of line.split(/\s+/)) if (t) tokens.add(t);
    }
  }
  pools = { tokens: [...tokens].sort(), lines: [...lines].sort() };
  return pools;
}

type ByteEdit =
  | { readonly op: 'set'; readonly at: number; readonly byte: number }
  | { readonly op: 'insert'; readonly at: number; readonly bytes: Uint8Array }
  | { readonly op: 'delete'; readonly at: number; readonly count: number };

type TokenEdit =
  | { readonly op: 'delete' | 'duplicate'; readonly at: number }
  | { readonly op: 'swap'; readonly at: number; readonly other: number }
  | { readonly op: 'replace' | 'insert'; readonly at: number; readonly token: string };

type LineEdit =
  | { readonly op: 'delete' | 'duplicate' | 'join'; readonly at: number }
  | { readonly op: 'swap'; readonly at: number; readonly other: number }
  | { readonly op: 'insert' | 'replace'; readonly at: number; readonly line: string }
  | { readonly op: 'split'; readonly at: number; readonly column: number }
  | { readonly op: 'truncate'; readonly at: number };

export type Mutation =
  | { readonly kind: 'bytes'; readonly edits: readonly ByteEdit[] }
  | { readonly kind: 'tokens'; readonly edits: readonly TokenEdit[] }
  | { readonly kind: 'lines'; readonly edits: readonly LineEdit[] };

const position = fc.nat({ max: 1 << 20 });

const byteEdit: fc.Arbitrary<ByteEdit> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), at: position, byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('insert' as const), at: position, bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ op: fc.constant('delete' as const), at: position, count: fc.integer({ min: 1, max: 16 }) }),
);

function tokenArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...seedPools().tokens) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: 'binary' }).map(asBytes) },
  );
}

function tokenEdit(): fc.Arbitrary<TokenEdit> {
  return fc.oneof(
    fc.record({ op: fc.constantFrom('delete' as const, 'duplicate' as const), at: position }),
    fc.record({ op: fc.constant('swap' as const), at: position, other: position }),
    fc.record({ op: fc.constantFrom('replace' as const, 'insert' as const), at: position, token: tokenArbitrary() }),
  );
}

function lineEdit(): fc.Arbitrary<LineEdit> {
  const line = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...seedPools().lines) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: 'grapheme' }).map(asBytes) },
  );
  return fc.oneof(
    fc.record({ op: fc.constantFrom('delete' as const, 'duplicate' as const, 'join' as const), at: position }),
    fc.record({ op: fc.constant('swap' as const), at: position, other: position }),
    fc.record({ op: fc.constantFrom('insert' as const, 'replace' as const), at: position, line }),
    fc.record({ op: fc.constant('split' as const), at: position, column: position }),
    fc.record({ op: fc.constant('truncate' as const), at: position }),
  );
}

export function mutation(): fc.Arbitrary<Mutation> {
  return fc.oneof(
    fc.record({ kind: fc.constant('bytes' as const), edits: fc.array(byteEdit, { minLength: 1, maxLength: 8 }) }),
    fc.record({ kind: fc.constant('tokens' as const), edits: fc.array(tokenEdit(), { minLength: 1, maxLength: 8 }) }),
    fc.record({ kind: fc.constant('lines' as const), edits: fc.array(lineEdit(), { minLength: 1, maxLength: 6 }) }),
  );
}

function applyBytes(bytes: Uint8Array, edits: readonly ByteEdit[]): Uint8Array {
  let b = Buffer.from(bytes);
  for (const e of edits) {
    const at = e.at % (b.length + 1);
    if (e.op === 'set') {
      if (b.length > 0) b[at % b.length] = e.byte;
    } else if (e.op === 'insert') {
      b = Buffer.concat([b.subarray(0, at), e.bytes, b.subarray(at)]);
    } else {
      b = Buffer.concat([b.subarray(0, at), b.subarray(at + e.count)]);
    }
  }
  return new Uint8Array(b);
}

function applyTokens(text: string, edits: readonly TokenEdit[]): string {
  // Words and the blank space between them alternate, so a swap or a deletion keeps the layout.
  const parts = text.split(/(\s+)/);
  const words = (): number[] => parts.map((p, i) => (p !== '' && !/^\s+$/.test(p) ? i : -1)).filter((i) => i >= 0);
  for (const e of edits) {
    const w = words();
    if (w.length === 0) {
      if (e.op === 'insert' || e.op === 'replace') parts.push(e.token);
      continue;
    }
    const i = w[e.at % w.length];
    switch (e.op) {
      case 'delete':
        parts[i] = '';
        break;
      case 'duplicate':
        parts[i] = `${parts[i]} ${parts[i]}`;
        break;
      case 'swap': {
        const j = w[e.other % w.length];
        [parts[i], parts[j]] = [parts[j], parts[i]];
        break;
      }
      case 'replace':
        parts[i] = e.token;
        break;
      case 'insert':
        parts[i] = `${e.token} ${parts[i]}`;
        break;
    }
  }
  return parts.join('');
}

function applyLines(text: string, edits: readonly LineEdit[]): string {
  const lines = text.split('\n');
  for (const e of edits) {
    const i = e.at % Math.max(1, lines.length);
    switch (e.op) {
      case 'delete':
        lines.splice(i, 1);
        break;
      case 'duplicate':
        lines.splice(i, 0, lines[i] ?? '');
        break;
      case 'join':
        if (i + 1 < lines.length) lines.splice(i, 2, lines[i] + lines[i + 1]);
        break;
      case 'swap': {
        const j = e.other % Math.max(1, lines.length);
        [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? ''];
        break;
      }
      case 'insert':
        lines.splice(i, 0, e.line);
        break;
      case 'replace':
        lines[i] = e.line;
        break;
      case 'split': {
        const line = lines[i] ?? '';
        const column = e.column % (line.length + 1);
        lines.splice(i, 1, line.slice(0, column), line.slice(column));
        break;
      }
      case 'truncate':
        lines.length = Math.min(lines.length, i + 1);
        break;
    }
  }
  return lines.join('\n');
}

/** The bytes of a seed record after a mutation (token and line edits work on its text as Latin-1, so no byte is lost). */
export function applyMutation(bytes: Uint8Array, m: Mutation): Uint8Array {
  if (m.kind === 'bytes') return applyBytes(bytes, m.edits);
  const text = Buffer.from(bytes).toString('latin1');
  const out = m.kind === 'tokens' ? applyTokens(text, m.edits) : applyLines(text, m.edits);
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

export interface MutatedRecord {
  readonly seed: string;
  readonly mutation: Mutation;
  readonly bytes: Uint8Array;
}

/** A seed record (any of them) after one random mutation plan. */
export function mutatedRecord(): fc.Arbitrary<MutatedRecord> {
  const all = seedRecords();
  return fc
    .tuple(fc.nat({ max: all.length - 1 }), mutation())
    .map(([i, m]) => ({ seed: all[i].name, mutation: m, bytes: applyMutation(all[i].bytes, m) }));
}
