/**
 * The audit report names the word list that judged the words, as `check` does: for a record in
 * English tiles no list judges them (docs/decisions.md), so the report says none, not the
 * built-in Spanish list it was handed (found reading `planilla report` on the real corpus).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze } from '../../../server/src/service/document';
import { buildAudit } from '../../../server/src/report/audit';
import { renderHtmlReport } from '../../../server/src/report/html';
import { renderMarkdownReport } from '../../../server/src/report/markdown';
import { corpusDir, defaultLexicon, samplePath } from '../../support/fixtures';

describe('report: the word list row names the list that judged the words', () => {
  const lexicon = defaultLexicon();

  it('an English-tile record: no list, in both languages and both formats', () => {
    const file = path.join(corpusDir, 'en_macondo_noah_vs_peter.gcg');
    const analysis = analyze(fs.readFileSync(file), { lexicon });
    assert.equal(analysis.replay.tileSet, 'english');
    for (const [lang, none] of [
      ['es', 'ninguno (no se juzgan las palabras)'],
      ['en', 'none (words are not judged)'],
    ] as const) {
      const audit = buildAudit({ path: file, analysis, lexicon, lang });
      assert.equal(audit.lexicon, undefined);
      const md = renderMarkdownReport(audit, analysis.replay);
      const html = renderHtmlReport(audit, analysis.replay);
      for (const text of [md, html]) {
        assert.ok(text.includes(none), `${lang}: ${none}`);
        assert.doesNotMatch(text, /es-open/);
      }
    }
  });

  it('a Spanish record: the list that judged it', () => {
    const analysis = analyze(fs.readFileSync(samplePath('partida-completa.gcg')), { lexicon });
    const audit = buildAudit({ path: 'partida-completa.gcg', analysis, lexicon, lang: 'en' });
    assert.equal(audit.lexicon?.name, lexicon.info.name);
    assert.match(renderMarkdownReport(audit, analysis.replay), /es-open/);
  });
});
