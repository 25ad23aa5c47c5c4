/**
 * Where the tests find their inputs, in one place: the repository, its samples
 * (`samples/*.gcg`), the built-in word list (`data/`), the shared folder beside the repository
 * (`../shared`: the real corpus `corpus/real/`, the spec, the rulebook), and temporary folders
 * that are made fresh and removed after the run.
 *
 * Invariants:
 * - No absolute path of any machine: the repository is found from this file's own place (the
 *   nearest folder above with the project's package.json, so it holds for `test/support/` and for
 *   the compiled `out/test/support/`), and the shared folder is `../shared` beside it, as a fresh
 *   clone and CI have it. `PLANILLA_SHARED=<folder>` points elsewhere on purpose.
 * - File lists are sorted by name, so every test sees the records in the same order.
 * - `tempDir` folders are `planilla-<prefix>-XXXXXX` under `os.tmpdir()`; each is removed by
 *   `removeTempDir`, by mocha's root `after` hook, or at the latest when the process exits.
 *
 * Example:
 *   import { corpusFiles, readSample, tempDir } from '../../support/fixtures';
 *   for (const file of corpusFiles()) check(fs.readFileSync(file));
 *   const dir = tempDir('write');   // removed after the run
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildDefaultLexicon } from '../../scripts/build-default-lexicon';
import { type DawgLexicon, loadDefaultLexicon } from '../../server/src/lexicon/load';
import { DEFAULT_LEXICON_FILE } from '../../server/src/lexicon/paths';

/** The repository root: the nearest folder above this file whose package.json is the project's. */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'planilla') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no planilla package.json above ${from}`);
  }
}

export const repoRoot = findRepoRoot(__dirname);
/** `samples/`: the realistic records that are also fixtures (README "Samples"). */
export const samplesDir = path.join(repoRoot, 'samples');
/** `data/`: the built-in word list and leave table (made by the build). */
export const dataDir = path.join(repoRoot, 'data');
/** The shared folder beside the repository (read-only): corpus, spec, rulebook. */
export const sharedRoot = process.env.PLANILLA_SHARED ? path.resolve(process.env.PLANILLA_SHARED) : path.resolve(repoRoot, '..', 'shared');
/** The real game records every test must pass on. */
export const corpusDir = path.join(sharedRoot, 'corpus', 'real');
/** The specification: ARCHITECTURE.md, NOTATION.md, RULES.md, WORKED-EXAMPLES.md. */
export const specDir = path.join(sharedRoot, 'spec');
/** The FISE rulebook (three editions) and `articulos.md`. */
export const reglamentoDir = path.join(sharedRoot, 'reglamento');

/** The `.gcg` files of a folder, sorted by name, as absolute paths ([] when the folder is missing). */
export function gcgFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.gcg'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** `samples/*.gcg`, sorted. */
export const sampleFiles = (): string[] => gcgFiles(samplesDir);

/** `../shared/corpus/real/*.gcg`, sorted; fails loudly when the shared folder is not beside the repository. */
export function corpusFiles(): string[] {
  if (!fs.existsSync(corpusDir)) throw new Error(`the real corpus is missing: expected ${corpusDir} (../shared beside the repository)`);
  return gcgFiles(corpusDir);
}

/** The path of one sample, e.g. `samplePath('partida-completa.gcg')`. */
export const samplePath = (name: string): string => path.join(samplesDir, name);

/** The text of one sample (UTF-8). */
export const readSample = (name: string): string => fs.readFileSync(samplePath(name), 'utf8');

/**
 * The text an editor would open for a record on disk: UTF-8 when the bytes are valid UTF-8,
 * else Latin-1 (the corpus holds one ISO-8859-1 record).
 */
export function editorText(file: string): string {
  const bytes = fs.readFileSync(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** A file of the shared spec folder, e.g. `specFile('WORKED-EXAMPLES.md')`. */
export const specFile = (name: string): string => path.join(specDir, name);

/**
 * The built-in word list from `data/` (the loader keeps one per file while the file is unchanged),
 * built first when a fresh checkout has not run the build yet.
 */
export function defaultLexicon(): DawgLexicon {
  if (!fs.existsSync(path.join(dataDir, DEFAULT_LEXICON_FILE))) buildDefaultLexicon({ root: repoRoot });
  return loadDefaultLexicon({ dataDir });
}

const made = new Set<string>();

/** A fresh temporary folder `planilla-<prefix>-XXXXXX`, removed after the run (or by `removeTempDir`). */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `planilla-${prefix}-`));
  made.add(dir);
  return dir;
}

/** Removes a folder made by `tempDir` (and everything in it) now. */
export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
}

function removeAll(): void {
  for (const dir of [...made]) removeTempDir(dir);
}

// The user cache of the run (word lists, parsed leave files): a fresh folder, never the user's own.
if (!process.env.PLANILLA_CACHE_DIR) process.env.PLANILLA_CACHE_DIR = path.join(tempDir('user-cache'), 'cache');

// A root hook when mocha loads this file; the exit handler covers scripts and interrupted runs.
if (typeof after === 'function') after(removeAll);
process.on('exit', removeAll);
