#!/usr/bin/env node
// Tokenizes GCG lines with the TextMate grammar (syntaxes/gcg.tmLanguage.json) through the same
// engine VS Code uses (vscode-textmate + vscode-oniguruma, taken from the installed code-server),
// and checks the scope of each token: pragmas, nicks, racks, coordinates, plays with blanks and
// digraph tiles told apart, scores, totals, notes, cross-words.
//
// Usage: node test/e2e/grammar-check.js   (after test/e2e/tools/install.sh)
// Prints each failing case and "grammar: N passed, N failed"; exits non-zero on failure.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');
const vscodeModules = path.join(__dirname, 'tools/node_modules/code-server/lib/vscode/node_modules');
const textmate = require(path.join(vscodeModules, 'vscode-textmate'));
const oniguruma = require(path.join(vscodeModules, 'vscode-oniguruma'));

/** [line, token text, expected scope (the innermost one must start with it)] */
const CASES = [
  ['#player1 Ana Ana García', '#', 'punctuation.definition.directive'],
  ['#player1 Ana Ana García', 'player1', 'keyword.control.directive'],
  ['#player1 Ana Ana García', 'Ana', 'entity.name.type.nick'],
  ['#rules fise', 'rules', 'keyword.control.directive'],
  ['#clock Beto -01:05', '-01:05', 'constant.numeric.clock'],
  ['#- a comment', '#- a comment', 'comment.line'],
  ['>Ana: AC[CH]ORS? 8D CO[CH]eS +26 26', 'Ana', 'entity.name.type.nick'],
  ['>Ana: AC[CH]ORS? 8D CO[CH]eS +26 26', '8D', 'variable.other.constant.coordinate'],
  ['>Ana: AC[CH]ORS? 8D CO[CH]eS +26 26', '[CH]', 'support.constant.digraph'],
  ['>Ana: AC[CH]ORS? 8D CO[CH]eS +26 26', '?', 'variable.parameter.blank'],
  ['>Ana: AC[CH]ORS? 8D CO[CH]eS +26 26', 'e', 'variable.parameter.blank'],
  ['>Ana: AC[CH]ORS? 8D CO[CH]eS +26 26', '+26', 'constant.numeric.score'],
  ['>Ana: AC[CH]ORS? 8D CO[CH]eS +26 26', '26', 'constant.numeric.total'],
  ['>Beto: AISTU?? K6 pI.TUrAS +62 62', 'K6', 'variable.other.constant.coordinate'],
  ['>Beto: AISTU?? K6 pI.TUrAS +62 62', '.', 'comment.other.through'],
  ['>Beto: AISTU?? K6 pI.TUrAS +62 62', 'p', 'variable.parameter.blank'],
  ['>Beto: AISTU?? K6 pI.TUrAS +62 62', 'TU', 'string.unquoted.tiles'],
  ['>Ana: ABI[ll]ORS 8D LIBR[ll]O +16 16', '[ll]', 'variable.parameter.blank'],
  ['>Alejandro: AALORVll M2 llORA +32 107', 'll', 'support.constant.digraph'],
  ['>Luis: EEIOUUA -EIOUU +0 0', '-', 'keyword.operator.exchange'],
  ['>Luis: EEIOUUA -EIOUU +0 0', '+0', 'constant.numeric.score'],
  ['>Luis: EEIOUUA - +0 0', '-', 'keyword.operator.pass'],
  ['>Ana: AC[CH]ORS? -- -26 0', '--', 'keyword.operator.withdrawn'],
  ['>Ana: AC[CH]ORS? -- -26 0', '-26', 'constant.numeric.score'],
  ['>Luis: EEIOUUA -3 +0 0', '3', 'constant.numeric.exchange-count'],
  ['>Luis: (time) -20 291', '(time)', 'keyword.other.event-kind'],
  ['>Ana: (C[CH]ÑT?) +17 364', '(', 'punctuation.section.parens.begin'],
  ['>Ana: (C[CH]ÑT?) +17 364', 'ÑT', 'string.unquoted.tiles'],
  ['>Ana: ABEFNNQ 8F BEFAN +20 20', 'ABEFNNQ', 'string.unquoted.tiles'],
  ['>Quackle: BEDGMNP  7e   BEDIM           +26   66  BE, ET, DO', '7e', 'variable.other.constant.coordinate'],
  ['>Quackle: BEDGMNP  7e   BEDIM           +26   66  BE, ET, DO', 'BE, ET, DO', 'comment.line.cross-words'],
];

/** Multi-line: a note and its continuation, then an event that is not part of it. */
const NOTE = ['#note A **strong** opening', 'second line', '>Beto: ADEIMNT 7G IDEA +13 13'];

async function main() {
  const wasm = fs.readFileSync(path.join(vscodeModules, 'vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p) => new oniguruma.OnigScanner(p),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) =>
      scope === 'source.gcg'
        ? textmate.parseRawGrammar(fs.readFileSync(path.join(repoRoot, 'syntaxes/gcg.tmLanguage.json'), 'utf8'), 'gcg.tmLanguage.json')
        : null,
  });
  const grammar = await registry.loadGrammar('source.gcg');
  const tokenize = (lines) => {
    let state = textmate.INITIAL;
    return lines.map((line) => {
      const r = grammar.tokenizeLine(line, state);
      state = r.ruleStack;
      return r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
    });
  };
  let passed = 0;
  let failed = 0;
  const expect = (name, ok, detail) => {
    if (ok) passed++;
    else {
      failed++;
      console.log(`  ✘ ${name}: ${detail}`);
    }
  };
  for (const [line, text, scope] of CASES) {
    const [tokens] = tokenize([line]);
    const token = tokens.find((t) => t.text === text);
    const inner = token ? token.scopes[token.scopes.length - 1] : '(no such token)';
    expect(`${line} «${text}»`, inner.startsWith(scope), `${inner}; tokens ${JSON.stringify(tokens.map((t) => t.text))}`);
  }
  const [first, second, third] = tokenize(NOTE);
  expect(
    'note: bold text',
    first.some((t) => t.text === '**strong**' && t.scopes.some((s) => s.startsWith('markup.bold'))),
    JSON.stringify(first),
  );
  expect(
    'note: continuation line',
    second.every((t) => t.scopes.some((s) => s.startsWith('comment.block.documentation.note'))),
    JSON.stringify(second),
  );
  expect(
    'note: ends before the next event',
    third.some((t) => t.text === 'Beto' && t.scopes.includes('entity.name.type.nick.gcg')),
    JSON.stringify(third),
  );
  console.log(`grammar: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((e) => {
  console.log(String((e && e.stack) || e));
  console.log('grammar: 0 passed, 1 failed');
  process.exit(1);
});
