/**
 * The architecture's import rules (ARCHITECTURE.md, docs/architecture.md "Layout and import rules"), checked on
 * the sources' syntax trees (TypeScript's parser, .ts and .js files alike): each layer leans only
 * on the layers it may; nothing below `service/` knows an editor exists; only `lsp/`,
 * `server-core.ts` and the server entries import `vscode-languageserver` (only `server.ts` its
 * `/node` transport); only `client/` imports `vscode`; the pure layers (syntax, rules, engine,
 * analysis) import neither `node:fs` nor `worker_threads` (file reading and threads live in
 * lexicon/, files/, training/ and above) and reach no module that does, through any chain of
 * imports; no import cycle; in the CLI, a command module (cli/commands/) imports no other command
 * and the helpers (cli/shared/) import none. The allowed imports are read from docs/architecture.md's table,
 * so the written rule is the one checked.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { repoRoot } from '../../support/fixtures';

const SOURCE = /\.(ts|js|mjs|cjs)$/;

/** The project's source files below `dir`: TypeScript and JavaScript (the generated parser too). */
function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    if (!fs.existsSync(d)) return;
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  walk(path.join(repoRoot, dir));
  return out;
}

interface ImportRef {
  readonly spec: string;
  /** `import type`, `export type`, every named import marked `type`, or `typeof import('…')`. */
  readonly typeOnly: boolean;
}

const importCache = new Map<string, ImportRef[]>();

/**
 * Module specifiers read from the syntax tree (TypeScript's parser, for .ts and .js alike):
 * `import … from`, `import '…'`, `export … from`, `import x = require(…)`, `import(…)`,
 * `require(…)` with a string literal, and import types.
 */
function importsWithKind(file: string): ImportRef[] {
  const cached = importCache.get(file);
  if (cached) return cached;
  const kind = file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const tree = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const out: ImportRef[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const allNamedTypes = !!named && named.length > 0 && !clause?.name && named.every((e) => e.isTypeOnly);
      out.push({ spec: node.moduleSpecifier.text, typeOnly: !!clause?.isTypeOnly || allNamedTypes });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const e = node.moduleReference.expression;
      if (ts.isStringLiteral(e)) out.push({ spec: e.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isRequire || callee.kind === ts.SyntaxKind.ImportKeyword) out.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push({ spec: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  importCache.set(file, out);
  return out;
}

function importsOf(file: string): string[] {
  return importsWithKind(file).map((i) => i.spec);
}

/** The project file a relative specifier names (`./x` → x.ts, x.js, x/index.ts …), or undefined. */
function resolveRelative(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [
    base,
    ...['.ts', '.js', '.mjs', '.cjs'].map((e) => base + e),
    ...['index.ts', 'index.js'].map((i) => path.join(base, i)),
  ];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

/** The layer of a project file: 'syntax', 'engine', …, 'server.ts', 'cli.ts', 'client'. */
function layerOf(file: string): string {
  const rel = path.relative(repoRoot, file).split(path.sep);
  if (rel[0] === 'client') return 'client';
  if (rel[0] === 'server' && rel[1] === 'src') return rel.length === 3 ? rel[2] : rel[2];
  return rel.join('/');
}

/** docs/architecture.md's section "Layout and import rules": its table is the rule this test applies. */
const LAYER_DOC = path.join(repoRoot, 'docs', 'architecture.md');

/**
 * Which project layers each layer may import (besides itself and Node's built-ins), read from
 * the table of docs/architecture.md ("Layout and import rules"): one row per layer, the layer in
 * the first cell, the layers it may import named in code spans in the second ("nothing": none).
 * The written rule and the checked one are the same text.
 */
function layerTable(): Record<string, readonly string[]> {
  const doc = fs.readFileSync(LAYER_DOC, 'utf8');
  const from = doc.indexOf('## Layout and import rules');
  assert.ok(from >= 0, 'docs/architecture.md has no section "Layout and import rules"');
  const section = doc.slice(from);
  const end = section.indexOf('\n## ', 5);
  const table: Record<string, string[]> = {};
  for (const m of (end < 0 ? section : section.slice(0, end)).matchAll(/^\| `([^`]+)` \| ([^|]*) \|/gm)) {
    table[m[1]] = [...m[2].matchAll(/`([^`]+)`/g)].map((n) => n[1]);
  }
  return table;
}

const ALLOWED = layerTable();

/**
 * The only files of `rules/` the shared module may import (what the client bundle carries): the
 * client's catalogue, the template filler and, for types only, the vocabulary and catalogue shape.
 */
const SHARED_RULES = ['server/src/text/client.ts', 'server/src/rules/template.ts'];
const SHARED_RULE_TYPES = ['server/src/rules/types.ts', 'server/src/text/types.ts'];

/** Packages each layer may import from node_modules. */
const PACKAGES: Record<string, readonly string[]> = {
  files: [],
  syntax: [],
  text: [],
  rules: [],
  lexicon: [],
  engine: [],
  analysis: [],
  training: [],
  shared: [],
  service: ['vscode-languageserver-types', 'vscode-languageserver-textdocument'],
  report: [],
  cli: [],
  'cli.ts': [],
  lsp: ['vscode-languageserver', 'vscode-languageserver-textdocument', 'vscode-languageserver-types'],
  'server-core.ts': ['vscode-languageserver', 'vscode-languageserver-textdocument'],
  'server.ts': ['vscode-languageserver/node'],
  'server-browser.ts': ['vscode-languageserver/browser'],
  web: [],
  client: ['vscode', 'vscode-languageclient', 'vscode-languageclient/node', 'vscode-languageclient/browser'],
};

const files = [...sources('server/src'), ...sources('client/src')];

/** Layers that do no I/O of their own and start no threads: what they need is passed in. */
const PURE_LAYERS: readonly string[] = ['syntax', 'rules', 'engine', 'analysis'];

describe('architecture: import rules', () => {
  it('finds the sources', () => {
    assert.ok(files.length > 30, `only ${files.length} source files found`);
  });

  for (const file of files) {
    const rel = path.relative(repoRoot, file);
    const layer = layerOf(file);
    it(`${rel} imports only what its layer may`, () => {
      const allowedLayers = ALLOWED[layer];
      assert.ok(allowedLayers, `no import rule for layer ${layer} (${rel})`);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('node:')) continue;
        if (spec.startsWith('.')) {
          if (spec.endsWith('/package.json')) continue; // the manifest, for the version number
          const target = resolveRelative(file, spec);
          assert.ok(target, `${rel} imports ${spec}, which is no file of the project`);
          const targetLayer = layerOf(target);
          const ok =
            targetLayer === layer || allowedLayers.includes(targetLayer) || allowedLayers.includes(targetLayer.replace(/\.ts$/, ''));
          assert.ok(ok, `${rel} (layer ${layer}) imports ${spec} (layer ${targetLayer})`);
        } else {
          assert.ok(
            PACKAGES[layer].some((p) => spec === p || spec.startsWith(`${p}/`)),
            `${rel} (layer ${layer}) imports the package ${spec}`,
          );
        }
      }
    });
  }

  it('the pure layers open no files and start no threads (no node:fs, no worker_threads)', () => {
    const forbidden = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'worker_threads', 'node:worker_threads']);
    const pure = files.filter((f) => PURE_LAYERS.includes(layerOf(f)));
    assert.ok(pure.length > 20, `only ${pure.length} files in the pure layers`);
    const offenders = pure.flatMap((file) =>
      importsOf(file)
        .filter((spec) => forbidden.has(spec))
        .map((spec) => `${path.relative(repoRoot, file)} imports ${spec}`),
    );
    assert.deepEqual(offenders, []);
  });

  it('shared/ takes from rules/ only the client catalogue, the template filler and types', () => {
    const shared = files.filter((f) => layerOf(f) === 'shared');
    assert.ok(shared.length >= 5, `only ${shared.length} shared files`);
    for (const file of shared) {
      for (const { spec, typeOnly } of importsWithKind(file)) {
        if (!spec.startsWith('.')) continue;
        const resolved = resolveRelative(file, spec);
        if (!resolved) continue;
        const target = path.relative(repoRoot, resolved).split(path.sep).join('/');
        if (!target.startsWith('server/src/rules/') && !target.startsWith('server/src/text/')) continue;
        const ok = SHARED_RULES.includes(target) || (typeOnly && SHARED_RULE_TYPES.includes(target));
        assert.ok(ok, `${path.relative(repoRoot, file)} imports ${spec}${typeOnly ? ' (types)' : ''}`);
      }
    }
  });

  it('only the server and client entries import their transports, and only client/ imports vscode', () => {
    for (const file of files) {
      const rel = path.relative(repoRoot, file);
      for (const spec of importsOf(file)) {
        if (spec === 'vscode-languageserver/node') assert.equal(rel, path.join('server', 'src', 'server.ts'));
        if (spec === 'vscode-languageserver/browser') assert.equal(rel, path.join('server', 'src', 'server-browser.ts'));
        if (spec === 'vscode-languageclient/node') assert.equal(rel, path.join('client', 'src', 'extension.ts'));
        if (spec === 'vscode-languageclient/browser') assert.equal(rel, path.join('client', 'src', 'browser.ts'));
        if (spec === 'vscode') assert.ok(rel.startsWith(`client${path.sep}`), `${rel} imports vscode`);
      }
    }
  });

  it('only lsp/, server-core.ts and the server entries import vscode-languageserver', () => {
    const servers = ['lsp', 'server-core.ts', 'server.ts', 'server-browser.ts'];
    const importers = files.filter((f) =>
      importsOf(f).some((s) => s === 'vscode-languageserver' || s.startsWith('vscode-languageserver/')),
    );
    assert.ok(
      importers.some((f) => layerOf(f) === 'lsp'),
      'no lsp/ module imports vscode-languageserver',
    );
    for (const file of importers)
      assert.ok(servers.includes(layerOf(file)), `${path.relative(repoRoot, file)} imports vscode-languageserver`);
  });

  it('reads imports from the syntax tree, in .js files too (the generated parser loads the vocabulary)', () => {
    const parser = files.find((f) => f.endsWith(path.join('syntax', 'generated', 'gcg-parser.js')));
    assert.ok(parser, 'the generated parser is not built');
    assert.ok(importsOf(parser).includes('../vocabulary'));
    const table = files.find((f) => f.endsWith(path.join('cli', 'table.ts')));
    assert.ok(table && importsWithKind(table).some((i) => i.spec === './commands/check' && !i.typeOnly));
  });

  it('a CLI command imports no other command, the CLI helpers import no command, and the table loads every command', () => {
    const cliDir = path.join(repoRoot, 'server', 'src', 'cli');
    const commandsDir = path.join(cliDir, 'commands') + path.sep;
    const sharedDir = path.join(cliDir, 'shared') + path.sep;
    const commands = files.filter((f) => f.startsWith(commandsDir));
    const helpers = files.filter((f) => f.startsWith(sharedDir));
    assert.ok(commands.length >= 15, `only ${commands.length} command modules in cli/commands/`);
    assert.ok(helpers.length >= 10, `only ${helpers.length} helper modules in cli/shared/`);
    // Besides commands/ and shared/, cli/ holds only the table and the worker threads' entry.
    const loose = files.filter((f) => path.dirname(f) === cliDir).map((f) => path.basename(f));
    assert.deepEqual(loose.sort(), ['table.ts', 'worker.ts']);
    const offenders: string[] = [];
    for (const file of [...commands, ...helpers]) {
      for (const { spec } of importsWithKind(file)) {
        if (!spec.startsWith('.')) continue;
        const target = resolveRelative(file, spec);
        if (target && target.startsWith(commandsDir) && target !== file) offenders.push(`${path.relative(repoRoot, file)} imports ${spec}`);
      }
    }
    assert.deepEqual(offenders, []);
    const table = path.join(cliDir, 'table.ts');
    const loaded = new Set(importsOf(table).map((spec) => resolveRelative(table, spec)));
    assert.deepEqual(
      commands.filter((f) => !loaded.has(f)).map((f) => path.relative(repoRoot, f)),
      [],
      'command modules the table does not load',
    );
  });

  it('no module imports itself through others (no cycles, type imports included)', () => {
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const targets = importsOf(file)
        .filter((spec) => spec.startsWith('.') && !spec.endsWith('/package.json'))
        .map((spec) => resolveRelative(file, spec))
        .filter((t): t is string => t !== undefined);
      graph.set(file, targets);
    }
    // Tarjan's strongly connected components: every component of more than one file is a cycle.
    let counter = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const connect = (v: string): void => {
      index.set(v, counter);
      low.set(v, counter++);
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!index.has(w)) {
          connect(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) {
          low.set(v, Math.min(low.get(v)!, index.get(w)!));
        }
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(path.relative(repoRoot, w));
        } while (w !== v);
        if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
      }
    };
    for (const v of graph.keys()) if (!index.has(v)) connect(v);
    assert.deepEqual(cycles, []);
  });

  it('service/ has no entry module: lsp/, cli/ and report/ import the feature they use from its own module', () => {
    const doc = fs.readFileSync(LAYER_DOC, 'utf8');
    assert.match(doc, /no single entry module/, 'docs/architecture.md no longer states the rule this test holds');
    const serviceDir = path.join(repoRoot, 'server', 'src', 'service');
    const entries = fs.readdirSync(serviceDir).filter((f) => /^index\.(ts|js)$/.test(f));
    assert.deepEqual(entries, [], 'service/ has an entry module');
    const users = files.filter((f) => ['lsp', 'cli', 'report'].includes(layerOf(f)));
    const intoService = users.flatMap((f) =>
      importsOf(f)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => resolveRelative(f, spec))
        .filter((t): t is string => t !== undefined && layerOf(t) === 'service'),
    );
    assert.ok(intoService.length >= 20, `only ${intoService.length} imports of service/ modules found`);
  });

  it("docs/architecture.md's table has a row for every layer of the sources, and no row for a layer that does not exist", () => {
    assert.ok(Object.keys(ALLOWED).length >= 15, `only ${Object.keys(ALLOWED).length} rows read from the table`);
    const found = new Set(files.map(layerOf));
    assert.deepEqual([...found].filter((l) => !(l in ALLOWED)).sort(), [], 'layers with no row');
    assert.deepEqual(
      Object.keys(ALLOWED)
        .filter((l) => !found.has(l))
        .sort(),
      [],
      'rows naming no layer',
    );
    for (const [layer, may] of Object.entries(ALLOWED)) {
      for (const other of may) assert.ok(other in ALLOWED, `${layer} may import ${other}, which has no row`);
    }
    assert.deepEqual(Object.keys(PACKAGES).sort(), Object.keys(ALLOWED).sort(), 'PACKAGES names the layers of the table');
  });

  it('the pure layers reach no module that reads files (none they import, directly or through others, imports node:fs)', () => {
    const fsSpecs = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises']);
    const readsFiles = new Set(files.filter((f) => importsWithKind(f).some((i) => !i.typeOnly && fsSpecs.has(i.spec))));
    assert.ok(
      [...readsFiles].some((f) => f.endsWith(path.join('lexicon', 'data-files.ts'))),
      'lexicon/data-files.ts reads files and must be seen to',
    );
    const valueImports = (file: string): string[] =>
      importsWithKind(file)
        .filter((i) => !i.typeOnly && i.spec.startsWith('.') && !i.spec.endsWith('/package.json'))
        .map((i) => resolveRelative(file, i.spec))
        .filter((t): t is string => t !== undefined);
    const offenders: string[] = [];
    for (const file of files.filter((f) => PURE_LAYERS.includes(layerOf(f)))) {
      // Breadth-first over value imports; the first path that reaches a file reader is reported.
      const via = new Map<string, string>([[file, '']]);
      const queue = [file];
      while (queue.length > 0) {
        const at = queue.shift()!;
        if (readsFiles.has(at) && at !== file) {
          const chain: string[] = [];
          for (let f = at; f !== ''; f = via.get(f)!) chain.unshift(path.relative(repoRoot, f));
          offenders.push(chain.join(' → '));
          break;
        }
        for (const next of valueImports(at)) {
          if (!via.has(next)) {
            via.set(next, at);
            queue.push(next);
          }
        }
      }
    }
    assert.deepEqual(offenders, []);
  });
});
