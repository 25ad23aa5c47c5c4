/**
 * The rule registry against RULES.md's findings table: a copy written here (table-driven) and the
 * shared spec itself, parsed at test time, so a change on either side is caught.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { articleExists } from '../../../server/src/rules/articles';
import { FINDING_MESSAGES } from '../../../server/src/text/findings';
import { RULES, articleFor, makeFinding, ruleFor } from '../../../server/src/rules/registry';
import { EDITIONS, FINDING_CODES, SEVERITIES, type Edition, type FindingCode, type Severity } from '../../../server/src/rules/types';
import type { Span } from '../../../server/src/syntax/types';
import { sharedRoot } from '../../support/fixtures';

const RULES_MD = path.join(sharedRoot, 'spec', 'RULES.md');

type OlderEdition = 'fise-2004' | 'fise-2001';
const OLDER: readonly OlderEdition[] = ['fise-2004', 'fise-2001'];

/**
 * Where the 2001 copy puts a rule elsewhere than the 2004 text (RULES.md gives one column for both):
 * its art. 10 (Comodines) has no 10.1, so the K/W rule cites 10 there.
 */
const COPY_2001: Readonly<Partial<Record<FindingCode, string>>> = { 'blank-k-w': '10' };
const olderFor = (code: FindingCode, edition: Edition, older: string): string =>
  edition === 'fise-2001' ? (COPY_2001[code] ?? older) : older;

/** RULES.md, "Findings", one row per code: [code, severity, article under fise, under fise-2004/2001]. */
const TABLE_COPY: readonly (readonly [FindingCode, Severity, string, string])[] = [
  ['syntax-error', 'error', '', ''],
  ['unknown-player', 'error', '5.1, 29', '5.1, 29'],
  ['out-of-turn', 'error', '5.1, 29', '5.1, 29'],
  ['first-move-center', 'error', '6, 2', '6, 2'],
  ['first-move-single-tile', 'error', '6, 2', '6, 2'],
  ['not-connected', 'error', '2, 9', '2, 9'],
  ['placement-not-in-line', 'error', '8, 20', '8, 20'],
  ['placement-gap', 'error', '8, 20', '8, 20'],
  ['square-occupied', 'error', '8, 20', '8, 20'],
  ['off-board', 'error', '8, 20', '8, 20'],
  ['through-tile-mismatch', 'error', '8, 9.1', '8, 9.1'],
  ['direction-mismatch', 'error', '20', '20'],
  ['tile-not-in-rack', 'error', '8, 29', '8, 29'],
  ['rack-too-large', 'error', '8, 29', '8, 29'],
  ['rack-not-in-bag', 'error', '3', '3'],
  ['rack-inconsistent', 'warning', '29', '29'],
  ['blank-k-w', 'error', '10.1', '10.1'],
  ['tile-not-in-set', 'error', '3, 10.1', '3, 10.1'],
  ['separate-digraph', 'error', '11', '11'],
  ['unaccepted-word', 'warning', '33, XII', '33, 38–39'],
  ['score-mismatch', 'error', '12–19', '12–19'],
  ['cumulative-mismatch', 'error', '5.1, 34', '5.1'],
  ['exchange-not-in-rack', 'error', '24', '24'],
  ['exchange-bag-too-small', 'error', '24', '24'],
  ['phony-withdrawn-mismatch', 'error', '34', '34'],
  ['phony-withdrawn-without-play', 'error', '34', '34'],
  ['challenge-bonus-not-fise', 'error', '34', '34'],
  ['withdrawn-play-was-valid', 'warning', '34–35', '34–35'],
  ['valid-ruling-not-in-lexicon', 'warning', '34–35', '34–35'],
  ['end-rack-mismatch', 'error', '37.4', '40.3'],
  ['missing-end-adjustment', 'error', '37.4', '40.3'],
  ['end-rack-gcg-convention', 'information', '37.4', '40.3'],
  ['move-after-game-end', 'error', '37', '40'],
  ['scoreless-turns-end', 'error', '37.3', ''],
  ['time-penalty-mismatch', 'error', '32', '32'],
  ['arbiter-penalty-mismatch', 'error', '38', '41.5'],
  ['encoding-fallback', 'hint', '', ''],
  ['unknown-pragma', 'hint', '', ''],
  ['mixed-tile-notation', 'warning', '', ''],
];

interface SpecRow {
  readonly code: string;
  readonly severity: string;
  readonly fise: string;
  readonly older: string;
}

/**
 * Reads RULES.md's findings table: each row's codes (backticked), severity, and "rests on" cell,
 * where '—' is no article, 'A · B' splits fise from the older editions, and the note
 * "(current edition only)" leaves the older editions without an article.
 */
function parseRulesTable(markdown: string): SpecRow[] {
  const start = markdown.indexOf('## Findings');
  assert.ok(start >= 0, 'RULES.md has no "## Findings" section');
  const lines = markdown.slice(start).split('\n').slice(1);
  const rows: SpecRow[] = [];
  let inTable = false;
  for (const line of lines) {
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    assert.equal(cells.length, 3, `unexpected row in RULES.md's findings table: ${line}`);
    const [codesCell, severity, restsOn] = cells;
    if (codesCell === 'code' || /^-+$/.test(codesCell.replace(/\s/g, ''))) continue;
    const codes = [...codesCell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    assert.ok(codes.length > 0, `no code in row: ${line}`);
    let cell = restsOn;
    let currentOnly = false;
    for (const note of cell.matchAll(/\(([^)]*)\)/g)) {
      assert.equal(note[1], 'current edition only', `unrecognised note in RULES.md: (${note[1]})`);
      currentOnly = true;
    }
    cell = cell.replace(/\([^)]*\)/g, '').trim();
    const [fiseRaw, olderRaw] = cell.includes('·') ? cell.split('·').map((s) => s.trim()) : [cell, cell];
    const fise = fiseRaw === '—' ? '' : fiseRaw;
    const older = currentOnly || olderRaw === '—' ? '' : olderRaw;
    for (const code of codes) rows.push({ code, severity, fise, older });
  }
  return rows;
}

/**
 * Codes proposed to RULES.md's findings table and not listed there yet (the shared spec is
 * changed apart from this repository): the copy above holds their row, and once the spec lists
 * them they are compared like every other code.
 */
const PROPOSED: ReadonlySet<FindingCode> = new Set<FindingCode>(['mixed-tile-notation']);

const normalize = (article: string): string => article.replace(/\s*,\s*/g, ', ').trim();

const SPAN: Span = {
  start: { line: 2, column: 4, offset: 30 },
  end: { line: 2, column: 7, offset: 33 },
};

describe('rules/registry', () => {
  describe('against the copy of RULES.md written here', () => {
    it('covers every finding code exactly once', () => {
      assert.deepEqual([...TABLE_COPY.map((r) => r[0])].sort(), [...FINDING_CODES].sort());
    });

    for (const [code, severity, fise, older] of TABLE_COPY) {
      it(`${code}: ${severity}, art. '${fise}' · '${older}', none under naspa`, () => {
        const rule = RULES[code];
        assert.equal(rule.code, code);
        assert.equal(rule.severity, severity);
        assert.equal(articleFor(code, 'fise'), fise);
        for (const edition of OLDER) assert.equal(articleFor(code, edition), olderFor(code, edition, older));
        assert.equal(articleFor(code, 'naspa'), '');
      });
    }
  });

  describe('against /shared/spec/RULES.md, parsed now', () => {
    const read = (): SpecRow[] => {
      assert.ok(
        fs.existsSync(RULES_MD),
        `the shared spec is missing: expected RULES.md at ${RULES_MD} (the shared folder sits beside the repository)`,
      );
      return parseRulesTable(fs.readFileSync(RULES_MD, 'utf8'));
    };

    it('lists exactly the codes of FINDING_CODES (a code proposed to it and not listed yet aside)', () => {
      const rows = read();
      const codes = rows.map((r) => r.code);
      assert.equal(new Set(codes).size, codes.length, 'a code appears twice in RULES.md');
      const listed = new Set(codes);
      const expected = FINDING_CODES.filter((c) => listed.has(c) || !PROPOSED.has(c));
      assert.deepEqual([...codes].sort(), [...expected].sort());
    });

    it("gives every code the registry's severity and articles", () => {
      const mismatches: string[] = [];
      for (const row of read()) {
        const code = row.code as FindingCode;
        const rule = ruleFor(row.code);
        if (!rule) {
          mismatches.push(`${row.code}: not in the registry`);
          continue;
        }
        if (rule.severity !== row.severity) mismatches.push(`${code}: severity ${rule.severity} ≠ ${row.severity}`);
        if (normalize(articleFor(code, 'fise')) !== normalize(row.fise)) {
          mismatches.push(`${code}: fise '${articleFor(code, 'fise')}' ≠ '${row.fise}'`);
        }
        for (const edition of OLDER) {
          if (normalize(articleFor(code, edition)) !== normalize(olderFor(code, edition, row.older))) {
            mismatches.push(`${code}: ${edition} '${articleFor(code, edition)}' ≠ '${olderFor(code, edition, row.older)}'`);
          }
        }
      }
      assert.deepEqual(mismatches, []);
    });

    it('agrees with the copy written here', () => {
      const parsed = new Map(read().map((r) => [r.code, r]));
      for (const [code, severity, fise, older] of TABLE_COPY) {
        if (!parsed.has(code) && PROPOSED.has(code)) continue;
        assert.deepEqual(parsed.get(code), { code, severity, fise, older }, code);
      }
    });
  });

  describe('entries', () => {
    for (const code of FINDING_CODES) {
      it(`${code}: severity, explanations, articles, message ids`, () => {
        const rule = RULES[code];
        assert.ok((SEVERITIES as readonly string[]).includes(rule.severity));
        for (const lang of ['es', 'en'] as const) {
          const text = rule.explanation[lang];
          assert.ok(text.trim().length >= 40, `${code}: explanation (${lang}) too short`);
          const sentences = text.split(/[.!?](?:\s|$)/).filter((s) => s.trim() !== '').length;
          assert.ok(sentences >= 1 && sentences <= 3, `${code}: ${sentences} sentences in the ${lang} explanation`);
        }
        assert.notEqual(rule.explanation.es, rule.explanation.en, `${code}: es and en explanations are identical`);
        for (const edition of EDITIONS) {
          assert.ok(articleExists(edition, rule.articles[edition]), `${code}: '${rule.articles[edition]}' is not in ${edition}`);
        }
        assert.equal(rule.messageIds[0], code);
        for (const id of rule.messageIds) {
          assert.ok(Object.prototype.hasOwnProperty.call(FINDING_MESSAGES, id), `${code}: no message '${id}'`);
          assert.ok(id === code || id.startsWith(`${code}-`), `${code}: variant '${id}' must start with '${code}-'`);
        }
        assert.ok(rule.editions.length > 0);
        for (const [edition, note] of Object.entries(rule.notes ?? {})) {
          assert.ok((EDITIONS as readonly string[]).includes(edition));
          assert.ok(note && note.es.trim() !== '' && note.en.trim() !== '', `${code}: empty note for ${edition}`);
        }
      });
    }

    it('registers every variant that the findings catalogue defines', () => {
      const registered = new Set(FINDING_CODES.flatMap((c) => RULES[c].messageIds));
      const orphans = Object.keys(FINDING_MESSAGES).filter(
        (id) => !registered.has(id) && FINDING_CODES.some((c) => id.startsWith(`${c}-`)),
      );
      assert.deepEqual(orphans, []);
    });

    it('keeps FISE-only codes out of naspa and scoreless-turns-end to the current edition', () => {
      const table: readonly (readonly [FindingCode, readonly Edition[]])[] = [
        ['scoreless-turns-end', ['fise']],
        ['challenge-bonus-not-fise', ['fise', 'fise-2004', 'fise-2001']],
        ['end-rack-gcg-convention', ['fise', 'fise-2004', 'fise-2001']],
        ['score-mismatch', EDITIONS],
      ];
      for (const [code, editions] of table) assert.deepEqual(RULES[code].editions, editions, code);
    });
  });

  describe('ruleFor / articleFor', () => {
    it('returns undefined or empty for what is not a code or an edition', () => {
      assert.equal(ruleFor('no-such-code'), undefined);
      assert.equal(ruleFor('toString'), undefined);
      assert.equal(articleFor('no-such-code' as FindingCode, 'fise'), '');
      assert.equal(articleFor('score-mismatch', 'fise-1999' as Edition), '');
    });
  });

  describe('makeFinding', () => {
    const table: readonly {
      readonly name: string;
      readonly call: () => ReturnType<typeof makeFinding>;
      readonly expect: Partial<ReturnType<typeof makeFinding>>;
    }[] = [
      {
        name: 'registry defaults',
        call: () => makeFinding('score-mismatch', 'fise', SPAN, { declared: 24, computed: 26, words: 'CASA 26' }),
        expect: { code: 'score-mismatch', severity: 'error', messageId: 'score-mismatch', article: '12–19' },
      },
      {
        name: 'a variant message id',
        call: () =>
          makeFinding('score-mismatch', 'fise', SPAN, { computed: 26, words: 'CASA 26' }, { messageId: 'score-mismatch-missing' }),
        expect: { messageId: 'score-mismatch-missing', severity: 'error' },
      },
      {
        name: 'the article of the older editions',
        call: () => makeFinding('arbiter-penalty-mismatch', 'fise-2001', SPAN, { declared: -20, expected: -30 }),
        expect: { article: '41.5' },
      },
      {
        name: 'no article under naspa',
        call: () => makeFinding('end-rack-mismatch', 'naspa', SPAN, {}),
        expect: { article: '' },
      },
      {
        name: 'a severity override from the settings',
        call: () => makeFinding('unaccepted-word', 'fise', SPAN, { word: 'CASOTA' }, { severities: { 'unaccepted-word': 'hint' } }),
        expect: { severity: 'hint' },
      },
      {
        name: 'an override for another code leaves the default',
        call: () => makeFinding('unaccepted-word', 'fise', SPAN, { word: 'CASOTA' }, { severities: { 'score-mismatch': 'hint' } }),
        expect: { severity: 'warning' },
      },
      {
        name: 'an invalid severity override is ignored',
        call: () => makeFinding('rack-inconsistent', 'fise', SPAN, {}, { severities: { 'rack-inconsistent': 'fatal' as Severity } }),
        expect: { severity: 'warning' },
      },
      {
        name: 'a more precise article',
        call: () => makeFinding('unaccepted-word', 'fise', SPAN, { word: 'DAME' }, { article: 'XII §17.5' }),
        expect: { article: 'XII §17.5' },
      },
    ];
    for (const { name, call, expect } of table) {
      it(name, () => {
        const finding = call();
        for (const [key, value] of Object.entries(expect)) {
          assert.deepEqual(finding[key as keyof typeof finding], value, key);
        }
        assert.deepEqual(finding.span, SPAN);
      });
    }

    it('keeps args and related information, and omits an empty related list', () => {
      const related = [{ span: SPAN, messageId: 'related.withdrawn-play', args: {} }];
      const withRelated = makeFinding('phony-withdrawn-mismatch', 'fise', SPAN, { declared: -20, expected: -24 }, { related });
      assert.deepEqual(withRelated.related, related);
      assert.deepEqual(withRelated.args, { declared: -20, expected: -24 });
      assert.equal('related' in makeFinding('placement-gap', 'fise', SPAN, {}, { related: [] }), false);
    });
  });
});
