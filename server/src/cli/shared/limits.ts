/**
 * The limits a command takes, read one way everywhere (docs/cli.md "Limits"): a time in seconds
 * (`--time`, `--game-time`, `--turn-time`), a count of search nodes (`--nodes`), a count of moves
 * or a line number (`--top`, `--line`), and the threads of `--jobs` / `--threads`, which are
 * capped to the cores of the machine.
 *
 * Invariants: every documented default lies inside its own range (a test holds each); a bad value
 * is one line naming the range that is accepted, and the check accepts exactly that range; a
 * request for more threads than cores is said once, on stderr, and the cores are used.
 *
 * Example:
 *   const time = secondsOption(args, io, 'time');      // 2.5 for "--time 2.5"; null after "--time soon"
 *   const top = positiveInt(args.values.get('top'), '--top', io);   // number, undefined (not given) or null (refused)
 *   const threads = capToCores(64, '--threads', io);    // 2 on two cores, with one line on stderr
 */
import * as os from 'node:os';
import type { ParsedArgs } from './args';
import { t, type CliIo } from './io';

/** The shortest and the longest time a command takes, in seconds. */
export const MIN_SECONDS = 0.1;
export const MAX_SECONDS = 86_400;
/** The most search nodes a command takes (the endgame's default is 2 000 000). */
export const MAX_NODES = 100_000_000;

/** The range of a time, as the messages write it. */
export const SECONDS_RANGE = `${MIN_SECONDS}–${MAX_SECONDS}`;
export const NODES_RANGE = `1–${MAX_NODES}`;

/** Whether `s` (seconds, from JSON or an option) is a time a command takes. */
export function validSeconds(s: unknown): s is number {
  return typeof s === 'number' && Number.isFinite(s) && s >= MIN_SECONDS && s <= MAX_SECONDS;
}

/** Whether `n` is a node limit a command takes. */
export function validNodes(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_NODES;
}

/** `--NAME S`: seconds in [MIN_SECONDS, MAX_SECONDS] (decimals allowed); undefined when absent, null after one line when bad. */
export function secondsOption(args: ParsedArgs, io: CliIo, name: string): number | undefined | null {
  const value = args.values.get(name);
  if (value === undefined) return undefined;
  const s = /^\s*\d{1,6}(\.\d{1,6})?\s*$/.test(value) ? Number(value) : NaN;
  if (!validSeconds(s)) {
    io.err(t(io.lang, 'cli.bad-value', { option: `--${name}`, value, allowed: SECONDS_RANGE }));
    return null;
  }
  return s;
}

/** `--NAME N`: search nodes in [1, MAX_NODES]; undefined when absent, null after one line when bad. */
export function nodesOption(args: ParsedArgs, io: CliIo, name: string): number | undefined | null {
  const value = args.values.get(name);
  if (value === undefined) return undefined;
  const n = /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : NaN;
  if (!validNodes(n)) {
    io.err(t(io.lang, 'cli.bad-value', { option: `--${name}`, value, allowed: NODES_RANGE }));
    return null;
  }
  return n;
}

/** The cores this process may use (at least 1). */
export function cores(): number {
  return Math.max(1, os.availableParallelism());
}

/**
 * `asked` threads, at most the cores (`available`, default `cores()`): more would only share
 * the same cores and cost memory (about 20 MB a thread). When it caps, it says so in one line.
 */
export function capToCores(asked: number, option: string, io: CliIo, available: number = cores()): number {
  if (asked <= available) return asked;
  io.err(t(io.lang, 'cli.capped-to-cores', { option, asked, cores: available }));
  return available;
}

/** `--line L` (required); undefined after one line on stderr when missing or not a line number. */
export function lineOption(args: ParsedArgs, io: CliIo): number | undefined {
  const lineArg = args.values.get('line');
  if (lineArg === undefined) {
    io.err(t(io.lang, 'analysis.no-line'));
    return undefined;
  }
  return positiveInt(lineArg, '--line', io) ?? undefined;
}

/** A count or a line number in 1–999999; undefined when absent, null after one line when bad. */
export function positiveInt(value: string | undefined, option: string, io: CliIo): number | undefined | null {
  if (value === undefined) return undefined;
  if (!/^\s*\d{1,6}\s*$/.test(value) || Number(value) < 1) {
    io.err(t(io.lang, 'cli.bad-value', { option, value, allowed: '1–999999' }));
    return null;
  }
  return Number(value);
}
