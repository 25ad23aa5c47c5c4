// What the scripts share: the repository root, a `require` for the compiled tree, the
// `--name value` options of their command line, and the one-line failure (exit code 2).
//
// Invariants: reads no file but the existence check of `compiled`; an option written last on
// the line with no value takes the fallback; `count` is a whole number of at least 1.
//
// Example:
//   const { option, count, die } = commandLine('train-leaves');
//   const runs = count('--runs', 7);
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `require` for the compiled CommonJS tree (out/) and the packages. */
export const require = createRequire(import.meta.url);

/** The options of a script's command line (`argv`: the words after the script's name). */
export function commandLine(script, argv = process.argv.slice(2)) {
  const option = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
  };
  const count = (name, fallback) => Math.max(1, Number(option(name, fallback)) || fallback);
  const die = (msg) => {
    process.stderr.write(`${script}: ${msg}\n`);
    process.exit(2);
  };
  return { args: argv, option, count, die };
}

/**
 * A loader of the compiled modules of server/src (out/server/src/PATH), after checking that the
 * build has made `first`: without it the script stops with one line saying how to build.
 */
export function compiled(script, first, build = 'npx tsc -p .') {
  const out = (p) => join(root, 'out/server/src', p);
  if (!existsSync(out(first))) {
    process.stderr.write(`${script}: build first (${build})\n`);
    process.exit(2);
  }
  return (p) => require(out(p));
}
