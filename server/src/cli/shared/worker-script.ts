/**
 * Where the worker threads' script (`worker.js`, cli/worker.ts) is: beside the CLI bundle when the
 * CLI is one file (dist/), or in `cli/`, the folder above this module, when it runs from out/.
 *
 * Example:
 *   new Worker(workerScript(), { workerData });
 */
import * as path from 'node:path';

/** The path of `worker.js` for `check --jobs`, `analyze --jobs`, `event --jobs` and `moves --sim --threads`. */
export function workerScript(): string {
  const dir = path.basename(__dirname) === 'shared' ? path.join(__dirname, '..') : __dirname;
  return path.join(dir, 'worker.js');
}
