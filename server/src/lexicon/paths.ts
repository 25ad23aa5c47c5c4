/**
 * Where the lexicon's files live: the project's `data/` folder (found by walking up from this
 * module to the folder whose package.json is named planilla, so it works from
 * `out/server/src/lexicon/` and from an esbuild bundle in `dist/`) and the user cache folder.
 *
 * Invariants: nothing here throws; a folder that cannot be found is `undefined`.
 *
 * Example:
 *   findDataDir();                    // '/…/planilla/data'
 *   resolveCacheDir({}, process.env); // '~/.cache/planilla' unless PLANILLA_CACHE_DIR or XDG_CACHE_HOME say otherwise
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const DEFAULT_LEXICON_FILE = 'es-open.dawg';
/** The built-in list's GADDAG (lexicon/gaddag.ts), made at build time beside its DAWG. */
export const DEFAULT_GADDAG_FILE = 'es-open.gaddag';
export const DEFAULT_LICENSE_FILE = 'es-open.LICENSE.txt';

/** The nearest folder at or above `start` holding a package.json named planilla. */
export function findProjectRoot(start: string = __dirname): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && (parsed as { name?: unknown }).name === 'planilla') return dir;
    } catch {
      // no readable manifest here: keep walking up
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function findDataDir(start: string = __dirname): string | undefined {
  const root = findProjectRoot(start);
  return root === undefined ? undefined : path.join(root, 'data');
}

/** Cache folder: the explicit option, else PLANILLA_CACHE_DIR, else $XDG_CACHE_HOME/planilla, else ~/.cache/planilla. */
export function resolveCacheDir(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return explicit;
  if (env.PLANILLA_CACHE_DIR) return env.PLANILLA_CACHE_DIR;
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(base, 'planilla');
}
