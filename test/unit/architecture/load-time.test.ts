/**
 * No test file runs the engine when it loads: a game generated, analysed, replayed or simulated
 * while mocha reads the files would abort the whole run on one engine bug ("Exception during run")
 * and hide every other result. Such work belongs in a hook or a test (`before`, `it`, …), where a
 * failure is one failed test. Checked on the syntax trees of the test files (TypeScript's parser):
 * a call to one of the functions below must sit in a function that runs later — a hook's or a
 * test's callback, a declared function or method, a function stored in a variable or property —
 * and not directly in a `describe` callback, at the top of the file or in a callback run on the
 * spot (`map`, `forEach`, …) there.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { repoRoot } from '../../support/fixtures';

/** Functions that run the engine over a whole record or game. */
const ENGINE_RUNS = new Set([
  'analyze',
  'replay',
  'generateGame',
  'generateEvent',
  'playGame',
  'gameWithPositions',
  'simulate',
  'deepAnalyzeGame',
  'deepAnalyzeGameStatic',
  'coachGame',
  'reconstructSheet',
]);

/** Callbacks mocha calls later, one failure at a time. */
const DEFERRED = new Set(['it', 'specify', 'before', 'beforeEach', 'after', 'afterEach']);

const calleeName = (call: ts.CallExpression): string | undefined => {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e))
    return ts.isIdentifier(e.expression) && DEFERRED.has(e.expression.text) ? e.expression.text : e.name.text;
  return undefined;
};

/**
 * Whether a function node runs later than the code around it: any function but a callback passed
 * to a call other than mocha's hooks and tests (run on the spot, as `map` or `describe` do) and
 * one called where it is written.
 */
function deferred(fn: ts.Node): boolean {
  let parent = fn.parent;
  while (ts.isParenthesizedExpression(parent)) parent = parent.parent;
  if (ts.isCallExpression(parent)) {
    if (parent.arguments.some((a) => a === fn || (ts.isParenthesizedExpression(a) && a.expression === fn)))
      return DEFERRED.has(calleeName(parent) ?? '');
    return false; // called where it is written
  }
  return true;
}

/** The lines (1-based) of engine runs made when the file loads. */
export function loadTimeRuns(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name && ENGINE_RUNS.has(name)) {
        let at: ts.Node = node.parent;
        while (!ts.isSourceFile(at) && !(ts.isFunctionLike(at) && deferred(at))) at = at.parent;
        if (ts.isSourceFile(at)) out.push(`${name} at line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function testFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.test.ts')) out.push(full);
    }
  };
  walk(path.join(repoRoot, dir));
  return out;
}

describe('architecture: no test file runs the engine when it loads', () => {
  it('finds a run at the top, in a describe callback and in a callback run on the spot; not in hooks, tests or functions', () => {
    const bad = [
      "const a = analyze('x');",
      "describe('s', () => { const g = generateGame({ seed: 1 }); });",
      'const games = [1, 2].map((seed) => generateGame({ seed }));',
      "describe('s', () => { [1].forEach((s) => { describe('t', () => { const r = replay(s); }); }); });",
      'const r = (() => playGame(1))();',
    ];
    for (const text of bad) assert.equal(loadTimeRuns('bad.ts', text).length, 1, text);
    const good = [
      "describe('s', () => { let g; before(() => { g = generateGame({ seed: 1 }); }); it('t', () => analyze(g)); });",
      'function made(seed) { return generateGame({ seed }); }',
      'const games = [1].map((seed) => ({ make: () => generateGame({ seed }) }));',
      "describe('s', function () { it.skip; it('t', async function () { await simulate(p); }); });",
    ];
    for (const text of good) assert.deepEqual(loadTimeRuns('good.ts', text), [], text);
  });

  it('holds for every test file of test/unit, test/protocol and test/fuzz', () => {
    const files = ['test/unit', 'test/protocol', 'test/fuzz'].flatMap(testFiles);
    assert.ok(files.length > 100);
    const found = files.flatMap((f) => loadTimeRuns(f, fs.readFileSync(f, 'utf8')).map((r) => `${path.relative(repoRoot, f)}: ${r}`));
    assert.deepEqual(found, []);
  });
});
