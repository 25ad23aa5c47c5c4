/**
 * The coach's analysis in the audit report and the commented-game export: an
 * "equity lost" column per turn and the per-player summary (total, turns, per turn, mistakes by
 * grade), in HTML and Markdown; absent when there is no word list the generator can walk.
 */
import { formatNumber } from '../../../server/src/rules/template';
import { strict as assert } from 'node:assert';
import { analyze } from '../../../server/src/service/document';
import { buildAudit, coachGame, type AuditCoachPlayer } from '../../../server/src/report/audit';
import { renderHtmlReport } from '../../../server/src/report/html';
import { renderMarkdownReport } from '../../../server/src/report/markdown';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import type { Lexicon } from '../../../server/src/lexicon/types';
import { workedExample } from './helpers';

describe('report: equity lost (coach)', () => {
  const lexicon = loadDefaultLexicon();
  // analysed in a hook, not when the file loads: a failure fails this suite's tests only
  let analysis: ReturnType<typeof analyze>;
  let coach: ReturnType<typeof coachGame>;
  before(() => {
    analysis = analyze(workedExample('Appendix A'), { lexicon });
    coach = coachGame(analysis, lexicon);
  });

  it('gives each turn with a full rack its equity lost, and sums them per player', () => {
    assert.ok(coach);
    const audit = buildAudit({ path: 'a.gcg', analysis, lexicon, lang: 'es', coach });
    const analysed = audit.turns.filter((t) => typeof t.equityLost === 'number');
    assert.ok(analysed.length >= 4, 'Appendix A gives the racks');
    assert.ok(
      audit.turns.every((t) => t.equityLost !== undefined),
      'every row has the column (null when not analysed)',
    );
    assert.ok(audit.coach !== undefined);
    for (const p of [0, 1] as const) {
      const nick = audit.players[p].nick;
      const own = analysed.filter((t) => t.nick === nick).map((t) => t.equityLost as number);
      const s: AuditCoachPlayer = audit.coach.players[p];
      assert.equal(s.turns, own.length);
      assert.ok(Math.abs(s.equityLost - own.reduce((a, b) => a + b, 0)) < 0.02);
      assert.equal(s.large, own.filter((x) => x > 15).length);
      assert.equal(s.medium, own.filter((x) => x > 7 && x <= 15).length);
      assert.equal(s.small, own.filter((x) => x > 0 && x <= 7).length);
    }
  });

  it('renders the column and the summary in Markdown and HTML, numbers in the language', () => {
    const es = buildAudit({ path: 'a.gcg', analysis, lexicon, lang: 'es', ...(coach ? { coach } : {}) });
    const md = renderMarkdownReport(es, analysis.replay, { diagrams: true });
    assert.match(md, /\| Hallazgos \| Equidad perdida \|/);
    assert.match(md, /## Análisis del entrenador \(equidad estática\)/);
    const header = md.split('\n').find((l) => l.endsWith('| Equidad perdida |'))!;
    const rows = md.split('\n').filter((l) => /^\| \d+ \| \d+ \|/.test(l));
    assert.equal(rows.length, es.turns.length);
    const cells = (l: string): number => l.split(' | ').length;
    assert.deepEqual(
      rows.filter((r) => cells(r) !== cells(header)),
      [],
      'every row has as many cells as the header',
    );
    const summaryRow = md.split('\n').find((l) => l.startsWith(`| ${es.players[0].nick} |`))!;
    assert.ok(summaryRow.startsWith(`| ${es.players[0].nick} | ${formatNumber(es.coach!.players[0].equityLost, 'es')} |`), summaryRow);
    const html = renderHtmlReport(
      buildAudit({ path: 'a.gcg', analysis, lexicon, lang: 'en', ...(coach ? { coach } : {}) }),
      analysis.replay,
    );
    assert.match(html, /<th rowspan="2" class="num">Equity lost<\/th>/);
    assert.match(html, /<h2>Coach&#39;s analysis \(static equity\)<\/h2>|<h2>Coach's analysis \(static equity\)<\/h2>/);
    assert.match(html, /<table class="coach">/);
  });

  it('leaves the column out without the analysis or without a word graph', () => {
    const plain = buildAudit({ path: 'a.gcg', analysis, lexicon, lang: 'es' });
    assert.ok(plain.turns.every((t) => t.equityLost === undefined));
    assert.doesNotMatch(renderMarkdownReport(plain, analysis.replay), /Equidad perdida/);
    const fake: Lexicon = { info: { name: 'x', words: 1, sha256: '0'.repeat(64), source: 'test' }, has: () => true };
    assert.equal(coachGame(analyze(workedExample('Appendix A'), { lexicon: fake }), fake), undefined);
    assert.equal(coachGame(analysis, undefined), undefined);
  });
});
