/**
 * Loaded with `--require` by the sign-mutation check (test/unit/architecture/sign-mutations.test.ts)
 * into a child mocha run: when PLANILLA_MUTATION names a built module (a path relative to the
 * repository, e.g. `out/server/src/analysis/sim.js`) and a text in it, that module is compiled
 * from a copy of its source with the text replaced, once; the file on disk is left as it is.
 * Without PLANILLA_MUTATION it changes nothing. A text that is not there exactly once stops the
 * run with exit code 3 before any test, so a mutation that no longer applies is never a pass.
 *
 * Example: PLANILLA_MUTATION='{"file":"out/server/src/analysis/sim.js","from":"[1, -1]","to":"[-1, 1]"}'
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './fixtures';

export interface ModuleMutation {
  /** The built module, relative to the repository root. */
  readonly file: string;
  readonly from: string;
  readonly to: string;
}

/** How many times `text` occurs in `source`. */
export function occurrences(source: string, text: string): number {
  return text === '' ? 0 : source.split(text).length - 1;
}

const spec = process.env.PLANILLA_MUTATION;
if (spec) {
  const mutation = JSON.parse(spec) as ModuleMutation;
  const target = path.join(repoRoot, mutation.file);
  const source = fs.readFileSync(target, 'utf8');
  if (occurrences(source, mutation.from) !== 1) {
    process.stderr.write(`mutation: "${mutation.from}" is not in ${mutation.file} exactly once\n`);
    process.exit(3);
  }
  const mutated = source.replace(mutation.from, () => mutation.to);
  type Loader = (module: NodeJS.Module & { _compile(code: string, file: string): void }, file: string) => void;
  const extensions = require.extensions as unknown as Record<string, Loader>;
  const plain = extensions['.js'];
  extensions['.js'] = (module, file) => {
    if (path.resolve(file) === target) module._compile(mutated, file);
    else plain(module, file);
  };
}
