/**
 * The exports of the server's modules that nothing imports, found on the syntax trees (TypeScript's
 * parser): every `import`, `export … from`, `import()` and `require()` of server/src, client/src,
 * test/ and scripts/ (a script's `../out/server/src/x.js` counts as `server/src/x.ts`) marks the
 * names it takes from the module it names; a namespace import, `export *`, `import()`,
 * `require()`, or a script naming a built module (`load('training/selfplay-run.js')`) marks
 * them all. Used by test/unit/architecture/exports.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { repoRoot } from './fixtures';

const ALL = '*';

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    if (!fs.existsSync(d)) return;
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'generated') walk(full);
      } else if (test(entry.name)) out.push(full);
    }
  };
  walk(path.join(repoRoot, dir));
  return out;
}

const hasExport = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a module exports itself (not those it passes on with `export … from`). */
function exportedNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const s of source.statements) {
    if (ts.isExportDeclaration(s) && !s.moduleSpecifier && s.exportClause && ts.isNamedExports(s.exportClause))
      for (const e of s.exportClause.elements) names.push(e.name.text);
    if (!hasExport(s)) continue;
    if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
    } else if (
      (ts.isFunctionDeclaration(s) ||
        ts.isClassDeclaration(s) ||
        ts.isInterfaceDeclaration(s) ||
        ts.isTypeAliasDeclaration(s) ||
        ts.isEnumDeclaration(s)) &&
      s.name
    )
      names.push(s.name.text);
  }
  return names;
}

/** The server module a specifier names from `from`, as a path relative to the repository; undefined when none. */
function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  let target = path.resolve(path.dirname(from), spec);
  const out = path.join(repoRoot, 'out') + path.sep;
  if (target.startsWith(out)) target = path.join(repoRoot, target.slice(out.length));
  target = target.replace(/\.(js|mjs|cjs)$/, '');
  for (const candidate of [`${target}.ts`, path.join(target, 'index.ts')])
    if (fs.existsSync(candidate)) return path.relative(repoRoot, candidate).split(path.sep).join('/');
  return undefined;
}

/** `module → names imported from it` over every importer (ALL for all of them). */
function importsOf(files: readonly string[]): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const mark = (module: string | undefined, name: string): void => {
    if (!module) return;
    let set = used.get(module);
    if (!set) used.set(module, (set = new Set()));
    set.add(name);
  };
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const scripted = path.relative(repoRoot, file).startsWith('scripts');
    const visit = (node: ts.Node): void => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const module = resolve(file, node.moduleSpecifier.text);
        if (ts.isImportDeclaration(node)) {
          const clause = node.importClause;
          if (!clause) mark(module, ALL);
          else {
            if (clause.name) mark(module, 'default');
            const b = clause.namedBindings;
            if (b && ts.isNamespaceImport(b)) mark(module, ALL);
            else if (b) for (const e of b.elements) mark(module, (e.propertyName ?? e.name).text);
          }
        } else if (!node.exportClause || !ts.isNamedExports(node.exportClause)) mark(module, ALL);
        else for (const e of node.exportClause.elements) mark(module, (e.propertyName ?? e.name).text);
      } else if (scripted && ts.isStringLiteral(node) && /^[a-z-]+\/[\w-]+\.js$/.test(node.text)) {
        // a script's loader: `load('training/selfplay-run.js')` names out/server/src/training/selfplay-run.js
        mark(resolve(path.join(repoRoot, 'out/server/src/x.js'), `./${node.text}`), ALL);
      } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0])) {
        const callee = node.expression;
        if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require'))
          mark(resolve(file, node.arguments[0].text), ALL);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        mark(resolve(file, node.argument.literal.text), node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : ALL);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

/** `module#name` of every export of server/src (but `skip`'s folders) that nothing imports, sorted. */
export function unusedExports(skip: readonly string[] = []): string[] {
  const isSource = (n: string): boolean => /\.(ts|mts|cts|js|mjs|cjs)$/.test(n) && !n.endsWith('.d.ts');
  const importers = [
    ...filesUnder('server/src', isSource),
    ...filesUnder('client/src', isSource),
    ...filesUnder('test', isSource),
    ...filesUnder('scripts', isSource),
  ];
  const used = importsOf(importers);
  const out: string[] = [];
  for (const file of filesUnder('server/src', (n) => n.endsWith('.ts') && !n.endsWith('.d.ts'))) {
    const rel = path.relative(repoRoot, file).split(path.sep).join('/');
    if (skip.some((s) => rel.startsWith(s))) continue;
    const marks = used.get(rel);
    if (marks?.has(ALL)) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const name of exportedNames(source)) if (!marks?.has(name)) out.push(`${rel}#${name}`);
  }
  return out.sort();
}

/** How many exports server/src (but `skip`'s folders) has. */
export function exportCount(skip: readonly string[] = []): number {
  let n = 0;
  for (const file of filesUnder('server/src', (f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
    const rel = path.relative(repoRoot, file).split(path.sep).join('/');
    if (skip.some((s) => rel.startsWith(s))) continue;
    n += exportedNames(ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)).length;
  }
  return n;
}
