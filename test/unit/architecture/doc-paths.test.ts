/**
 * The docs and the code's comments name only modules that exist: every path that the README,
 * CONTRIBUTING.md and docs/*.md name — from the root (`server/src/…`, `client/src/…`, `test/…`, `scripts/…`, `bin/…`), relative
 * to a layer of `server/src/` (`analysis/leave-files.ts`, `cli/shared/`), or, in the code map, a
 * bare module name on the row of its folder (`replay-state.ts` on `server/src/engine/`'s row) — is
 * a file or folder of the project. A glob (`replay-*.ts`) must match at least one file. A comment
 * in the code may also name a path from its own folder or its parent's (a command of the CLI
 * names its shared helpers so), or a built module by its source's path with `.js`.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../support/fixtures';

const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  ...fs
    .readdirSync(path.join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The folders whose code's comments are read, and the folders below them that are not ours or not code. */
const CODE_DIRS = ['server/src', 'client/src', 'scripts', 'bin', 'test'];
const NOT_READ = new Set(['node_modules', 'generated', 'fixtures', 'tools']);

/** Paths a comment names that are not the project's, each with why. */
const NOT_OURS: Record<string, string> = {
  'bin/magpie': "MAGPIE's own executable, in the peer's checkout (scripts/lib/peers.mjs)",
  'server/src/x.ts': 'an example of a module path in a message (test/support/unused-exports.ts)',
};

/** Folders at the root whose paths the docs name as the project's own (dist/ and out/ are build outputs). */
const ROOT_DIRS = ['server', 'client', 'test', 'scripts', 'bin', 'grammar', 'docs', 'samples', 'syntaxes'];

/** The layers of the server: the folders of `server/src/`. */
const LAYERS = fs
  .readdirSync(path.join(repoRoot, 'server', 'src'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const MODULE = /\.(ts|js|mjs|cjs|peggy)$/;

/** Whether `rel` (from the root, `/`-separated, possibly with a `*` in its last part) names something. */
function exists(rel: string): boolean {
  const clean = rel.replace(/\/$/, '');
  const base = path.basename(clean);
  if (base.includes('*')) {
    const dir = path.join(repoRoot, path.dirname(clean));
    const pattern = new RegExp(`^${base.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    return fs.existsSync(dir) && fs.readdirSync(dir).some((f) => pattern.test(f));
  }
  return fs.existsSync(path.join(repoRoot, clean));
}

/** Every file below `dir` (from the root), by name. */
function namesBelow(dir: string): Set<string> {
  const out = new Set<string>();
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(d, entry.name));
      else out.add(entry.name);
    }
  };
  walk(path.join(repoRoot, dir));
  return out;
}

/**
 * The paths a document names, each with where it was read from: `root` (from the repository's
 * root) or `layer` (from `server/src/`). Words in code spans and in the code map's block alike;
 * links (`../x.md`), packages (`vscode-languageserver/node`) and build outputs are not paths here.
 */
function namedPaths(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<![\w./<-])([A-Za-z][\w.*-]*(?:\/[\w.*-]+)+\/?)/g)) {
    const word = m[1].replace(/[.,;:)]+$/, (s) => (s.startsWith('/') ? s : ''));
    const first = word.split('/')[0];
    if (/\bNAME\b/.test(word)) continue; // a placeholder: `cli/commands/NAME.ts`
    if (ROOT_DIRS.includes(first)) out.add(word);
    else if (LAYERS.includes(first)) {
      // A layer-relative word is a module or a folder: a name with an extension, or a trailing slash.
      if (MODULE.test(word) || word.endsWith('/')) out.add(`server/src/${word}`);
    }
  }
  return [...out];
}

/**
 * docs/architecture.md's code map: each row's folder (or file) and the bare module names its
 * description gives (`dawg.ts`), which live in that folder or below it.
 */
function codeMapNames(doc: string): { row: string; name: string }[] {
  const from = doc.indexOf('## Code map');
  const block = doc.slice(from).match(/```\n([\s\S]*?)```/);
  assert.ok(from >= 0 && block, 'docs/architecture.md has no code map');
  const out: { row: string; name: string }[] = [];
  let row = '';
  for (const line of block[1].split('\n')) {
    if (/^\S/.test(line)) row = line.split(/\s/)[0].replace(/,$/, '');
    const dir = row.endsWith('/') ? row : path.posix.dirname(row) + '/';
    if (!dir.startsWith('server/') && !dir.startsWith('client/') && !['scripts/', 'bin/', 'test/support/'].includes(dir)) continue;
    for (const m of line.matchAll(/(?<![\w./<-])([\w-]+\.(?:ts|mjs|js))(?![\w/])/g)) out.push({ row: dir, name: m[1] });
  }
  return out;
}

/** Every code file below the folders of `CODE_DIRS`, from the root. */
function codeFiles(): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(repoRoot, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!NOT_READ.has(entry.name)) walk(child);
      } else if (/\.(ts|mjs|cjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(child);
    }
  };
  for (const dir of CODE_DIRS) walk(dir);
  return out;
}

/** The comments of a code file (block and line comments), as one text. */
function commentsOf(text: string): string {
  return (text.match(/\/\*[\s\S]*?\*\/|\/\/.*$/gm) ?? []).join('\n');
}

/** Whether a path a comment of `file` names exists from the root, from `server/src/`, or from the file's folder or its parent's. */
function existsFrom(file: string, named: string): boolean {
  const word = named.startsWith('server/src/') ? named.slice('server/src/'.length) : named;
  const dir = path.posix.dirname(file);
  const source = word.replace(/\.js$/, '.ts');
  return [named, `server/src/${word}`, `server/src/${source}`, `${dir}/${word}`, `${path.posix.dirname(dir)}/${word}`].some((p) =>
    exists(p),
  );
}

describe('architecture: the docs name only modules that exist', () => {
  /** The documents that name many modules: each must be read as naming at least ten. */
  const MAPS = ['docs/architecture.md', 'CONTRIBUTING.md'];
  for (const doc of DOCS) {
    it(`every path ${doc} names exists`, () => {
      const text = fs.readFileSync(path.join(repoRoot, doc), 'utf8');
      const paths = namedPaths(text);
      if (MAPS.includes(doc)) assert.ok(paths.length >= 10, `only ${paths.length} paths read from ${doc}`);
      assert.deepEqual(
        paths.filter((p) => !exists(p)),
        [],
        `${doc} names paths that do not exist`,
      );
    });
  }

  it('reads the paths of every document', () => {
    assert.ok(DOCS.length >= 15, `only ${DOCS.length} documents`);
    const all = DOCS.flatMap((doc) => namedPaths(fs.readFileSync(path.join(repoRoot, doc), 'utf8')));
    assert.ok(all.length >= 200, `only ${all.length} paths read from the documents`);
  });

  it("every path a comment of the code names exists (from the root, server/src/, or the file's folder)", () => {
    const files = codeFiles();
    assert.ok(files.length >= 500, `only ${files.length} code files read`);
    const missing: string[] = [];
    let named = 0;
    for (const file of files) {
      for (const p of namedPaths(commentsOf(fs.readFileSync(path.join(repoRoot, file), 'utf8')))) {
        named++;
        if (!(p in NOT_OURS) && !existsFrom(file, p)) missing.push(`${file}: ${p}`);
      }
    }
    assert.ok(named >= 500, `only ${named} paths read from the comments`);
    assert.deepEqual(missing, [], 'comments name paths that do not exist');
    for (const [p, why] of Object.entries(NOT_OURS)) assert.equal(exists(p), false, `${p} is the project's now (${why})`);
  });

  it("every module the code map names on a folder's row is in that folder", () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs', 'architecture.md'), 'utf8');
    const names = codeMapNames(doc);
    assert.ok(names.length >= 40, `only ${names.length} module names read from the code map`);
    const below = new Map<string, Set<string>>();
    const missing = names.filter(({ row, name }) => {
      if (!below.has(row)) below.set(row, fs.existsSync(path.join(repoRoot, row)) ? namesBelow(row) : new Set());
      return !below.get(row)!.has(name);
    });
    assert.deepEqual(
      missing.map(({ row, name }) => `${row}: ${name}`),
      [],
      'modules the code map names that are not in their folder',
    );
  });

  it('reads a missing module as missing', () => {
    assert.deepEqual(namedPaths('see `analysis/no-such-module.ts` and server/src/engine/replay.ts'), [
      'server/src/analysis/no-such-module.ts',
      'server/src/engine/replay.ts',
    ]);
    assert.equal(exists('server/src/analysis/no-such-module.ts'), false);
    assert.equal(exists('server/src/engine/replay-*.ts'), true);
    assert.equal(exists('server/src/engine/no-such-*.ts'), false);
  });
});
