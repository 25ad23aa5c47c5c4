/**
 * Every message id the board and report code uses exists in Spanish and English: the literal ids in
 * the sources of report/, cli/commands/board.ts, cli/commands/report.ts and cli/shared/reading.ts, and the ids built from domain words
 * (event kinds, end reasons, premiums, rules sources, tile sets).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MESSAGES } from '../../../server/src/rules/catalogs';
import { REPORT_MESSAGES } from '../../../server/src/text/report';
import { EVENT_KINDS } from '../../../server/src/syntax/types';
import { repoRoot } from '../../support/fixtures';

const SOURCES = [
  'server/src/report/audit.ts',
  'server/src/report/coach-columns.ts',
  'server/src/report/escape.ts',
  'server/src/report/html.ts',
  'server/src/report/labels.ts',
  'server/src/report/markdown.ts',
  'server/src/report/note-markdown.ts',
  'server/src/report/svg.ts',
  'server/src/report/text-board.ts',
  'server/src/cli/commands/board.ts',
  'server/src/cli/commands/report.ts',
  'server/src/cli/shared/reading.ts',
];

const BUILT: readonly string[] = [
  ...EVENT_KINDS.map((k) => `report.kind.${k}`),
  ...['out', 'passes', 'scoreless', 'blocked', 'time', 'naspa-zeros'].map((r) => `end.${r}`),
  ...['TW', 'DW', 'TL', 'DL'].map((p) => `report.premium.${p}`),
  ...['option', 'pragma', 'default'].map((s) => `report.rules-source.${s}`),
  ...['spanish', 'english'].map((s) => `report.tile-set.${s}`),
  ...['error', 'warning', 'information', 'hint'].map((s) => `cli.count.${s}`),
];

describe('report/catalog', () => {
  const literal = new Set<string>();
  for (const file of SOURCES) {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    for (const m of text.matchAll(/'((?:report|board|cli|end)\.[a-z0-9.-]+)'/g)) literal.add(m[1]);
  }

  it('finds the ids the sources use', () => assert.ok(literal.size >= 40, `only ${literal.size} ids found`));

  for (const id of [...literal, ...BUILT].sort()) {
    it(`${id} exists in es and en`, () => {
      const text = MESSAGES.get(id);
      assert.ok(text, `missing message ${id}`);
      assert.ok(text.es.trim() !== '' && text.en.trim() !== '');
    });
  }

  it('every message of the report catalogue is used', () => {
    const used = new Set([...literal, ...BUILT]);
    assert.deepEqual(
      Object.keys(REPORT_MESSAGES).filter((id) => !used.has(id)),
      [],
    );
  });
});
