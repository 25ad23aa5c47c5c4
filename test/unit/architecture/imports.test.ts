/**
 * The architecture's import rules (ARCHITECTURE.md, README "Layout"), checked on the sources:
 * each layer leans only on the layers below it; nothing below `service/` knows an editor exists;
 * only `server.ts` imports `vscode-languageserver/node`; only `client/` imports `vscode`.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const repoRoot = path.resolve(__dirname, '../../../..');

function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory() && entry.name !== 'generated') walk(full);
      else if (entry.isFile() && entry.name.endsWith('.ts')) out.push(full);
    }
  };
  walk(path.join(repoRoot, dir));
  return out;
}

/** Module specifiers of `import … from`, `export … from`, `import(…)` and `require(…)`. */
function importsOf(file: string): string[] {
  return importsWithKind(file).map((i) => i.spec);
}

/** The same, each with whether it imports types only (`import type …`, `export type …`). */
function importsWithKind(file: string): { spec: string; typeOnly: boolean }[] {
  const text = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const specs: { spec: string; typeOnly: boolean }[] = [];
  const re = /(?:\b(import|export)(\s+type)?\s+[^'";]*?\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) specs.push({ spec: m[3], typeOnly: m[2] !== undefined });
  return specs;
}

/** The layer of a project file: 'syntax', 'engine', …, 'server.ts', 'cli.ts', 'client'. */
function layerOf(file: string): string {
  const rel = path.relative(repoRoot, file).split(path.sep);
  if (rel[0] === 'client') return 'client';
  if (rel[0] === 'server' && rel[1] === 'src') return rel.length === 3 ? rel[2] : rel[2];
  return rel.join('/');
}

/** Which project layers each layer may import (besides itself and Node's built-ins). */
const ALLOWED: Record<string, readonly string[]> = {
  files: [],
  syntax: [],
  rules: ['syntax'],
  lexicon: ['rules', 'syntax', 'files'],
  engine: ['syntax', 'rules', 'lexicon'],
  shared: ['rules'],
  service: ['syntax', 'rules', 'lexicon', 'engine', 'shared', 'files'],
  report: ['syntax', 'rules', 'lexicon', 'engine', 'service', 'shared'],
  cli: ['syntax', 'rules', 'lexicon', 'engine', 'service', 'report', 'shared', 'files'],
  'cli.ts': ['syntax', 'rules', 'lexicon', 'engine', 'service', 'report', 'cli', 'shared', 'files'],
  'server-core.ts': ['syntax', 'rules', 'lexicon', 'engine', 'service', 'report', 'shared', 'files'],
  'server.ts': ['lexicon', 'service', 'shared', 'server-core'],
  'server-browser.ts': ['lexicon', 'service', 'shared', 'server-core'],
  web: [],
  client: ['shared', 'files'],
};

/**
 * The only files of `rules/` the shared module may import (what the client bundle carries): the
 * client's catalogue, the template filler and, for types only, the vocabulary and catalogue shape.
 */
const SHARED_RULES = ['server/src/rules/catalog/client.ts', 'server/src/rules/template.ts'];
const SHARED_RULE_TYPES = ['server/src/rules/types.ts', 'server/src/rules/catalog/types.ts'];

/** Packages each layer may import from node_modules. */
const PACKAGES: Record<string, readonly string[]> = {
  files: [],
  syntax: [],
  rules: [],
  lexicon: [],
  engine: [],
  shared: [],
  service: ['vscode-languageserver-types', 'vscode-languageserver-textdocument'],
  report: [],
  cli: [],
  'cli.ts': [],
  'server-core.ts': ['vscode-languageserver', 'vscode-languageserver-textdocument', 'vscode-languageserver-types'],
  'server.ts': ['vscode-languageserver/node'],
  'server-browser.ts': ['vscode-languageserver/browser'],
  web: [],
  client: ['vscode', 'vscode-languageclient', 'vscode-languageclient/node', 'vscode-languageclient/browser'],
};

const files = [...sources('server/src'), ...sources('client/src')];

describe('architecture: import rules', () => {
  it('finds the sources', () => {
    assert.ok(files.length > 30, `only ${files.length} source files found`);
  });

  for (const file of files) {
    const rel = path.relative(repoRoot, file);
    if (rel.endsWith('.d.ts')) continue;
    const layer = layerOf(file);
    it(`${rel} imports only what its layer may`, () => {
      const allowedLayers = ALLOWED[layer];
      assert.ok(allowedLayers, `no import rule for layer ${layer} (${rel})`);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('node:')) continue;
        if (spec.startsWith('.')) {
          const target = path.resolve(path.dirname(file), spec);
          if (spec.endsWith('/package.json')) continue; // the manifest, for the version number
          const targetLayer = layerOf(target.endsWith('.ts') ? target : `${target}.ts`);
          const ok = targetLayer === layer || allowedLayers.includes(targetLayer.replace(/\.ts$/, ''));
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

  it('shared/ takes from rules/ only the client catalogue, the template filler and types', () => {
    const shared = files.filter((f) => layerOf(f) === 'shared');
    assert.ok(shared.length >= 5, `only ${shared.length} shared files`);
    for (const file of shared) {
      for (const { spec, typeOnly } of importsWithKind(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.relative(repoRoot, `${path.resolve(path.dirname(file), spec)}.ts`).split(path.sep).join('/');
        if (!target.startsWith('server/src/rules/')) continue;
        const ok = SHARED_RULES.includes(target) || (typeOnly && SHARED_RULE_TYPES.includes(target));
        assert.ok(ok, `${path.relative(repoRoot, file)} imports ${spec}${typeOnly ? ' (types)' : ''}`);
      }
    }
  });

  it('only the server and client entries import their transports, and only client/ imports vscode', () => {
    for (const file of files) {
      const rel = path.relative(repoRoot, file);
      if (rel.endsWith('.d.ts')) continue;
      for (const spec of importsOf(file)) {
        if (spec === 'vscode-languageserver/node') assert.equal(rel, path.join('server', 'src', 'server.ts'));
        if (spec === 'vscode-languageserver/browser') assert.equal(rel, path.join('server', 'src', 'server-browser.ts'));
        if (spec === 'vscode-languageclient/node') assert.equal(rel, path.join('client', 'src', 'extension.ts'));
        if (spec === 'vscode-languageclient/browser') assert.equal(rel, path.join('client', 'src', 'browser.ts'));
        if (spec === 'vscode') assert.ok(rel.startsWith(`client${path.sep}`), `${rel} imports vscode`);
      }
    }
  });
});
