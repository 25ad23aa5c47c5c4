/**
 * The editor's comparison table (report/compare-table.ts): only the turns where a sheet writes
 * something wrong are marked, each citing the article that governs it; turns whose totals differ
 * only by an earlier gap carried along are shown as agreeing, labelled as carried; an end-of-game
 * line cites the ending (37.4), not the scoring articles.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderCompareBody } from '../../../server/src/report/compare-table';
import { compareSheets } from '../../../server/src/service/compare';
import { analyze } from '../../../server/src/service/document';
import { repoRoot } from '../../support/fixtures';

const read = (...p: string[]): string => fs.readFileSync(path.join(repoRoot, ...p), 'utf8');
const sheet = (name: string, text: string) => ({ name, analysis: analyze(text) });

/** Each row of the table: turn, class, verdict text. */
function rows(html: string): { n: number; cls: string; verdict: string; wrong: boolean }[] {
  return [...html.matchAll(/<tr class="([^"]+)" data-turn="(\d+)">(.*?)<\/tr>/g)].map((m) => ({
    n: Number(m[2]),
    cls: m[1],
    verdict: (/<td class="verdict[^"]*">(.*?)<\/td>/.exec(m[3])?.[1] ?? '').replace(/<[^>]+>/g, ''),
    wrong: m[3].includes('class="sheet wrong"'),
  }));
}

describe('desk: the comparison table', () => {
  it('mesa 12: only the misadded turn is marked (art. 5.1, 34); the turns that carry its gap are shown as agreeing', () => {
    const c = compareSheets(
      sheet('mesa-12-ana.gcg', read('docs', 'arbitraje', 'mesa-12-ana.gcg')),
      sheet('mesa-12-beto.gcg', read('docs', 'arbitraje', 'mesa-12-beto.gcg')),
    );
    assert.ok(c.disagreements.length > 5, `${c.disagreements.length} disagreements`);
    const all = rows(renderCompareBody(c, 'fise', 'es'));
    const marked = all.filter((r) => r.cls === 'differs');
    assert.deepEqual(
      marked.map((r) => [r.n, r.verdict]),
      [[8, 'tiene razón A (art. 5.1, 34)']],
    );
    const carried = all.filter((r) => r.cls === 'agrees carried');
    assert.equal(carried.length, c.disagreements.length - 1);
    for (const r of carried) {
      assert.ok(!r.wrong, `turn ${r.n} struck through`);
      assert.ok(!/art\./.test(r.verdict), `turn ${r.n} cites ${r.verdict}`);
    }
  });

  it('an end line with a wrong amount cites the ending (art. 37.4), not the scoring articles', () => {
    const a = read('samples', 'partida-completa.gcg');
    const b = a.replace('>Ramón: (GQ) +7 420', '>Ramón: (GQ) +9 422');
    assert.notEqual(a, b);
    const c = compareSheets(sheet('a.gcg', a), sheet('b.gcg', b));
    const marked = rows(renderCompareBody(c, 'fise', 'es')).filter((r) => r.cls === 'differs');
    assert.equal(marked.length, 1);
    assert.match(marked[0].verdict, /\(art\. 37\.4\)$/);
    const older = rows(
      renderCompareBody(
        compareSheets(sheet('a.gcg', `#rules fise-2004\n${a}`), sheet('b.gcg', `#rules fise-2004\n${b}`)),
        'fise-2004',
        'es',
      ),
    ).filter((r) => r.cls === 'differs');
    assert.match(older[0]?.verdict ?? '', /\(art\. 40\.3\)$/);
  });
});
