/**
 * The audit report (report/audit.ts, html.ts, markdown.ts) and `planilla report`: a record with
 * errors shows each finding on its event with its article and title; declared and computed scores
 * and totals side by side; players, rules, lexicon (name, words, SHA-256); the result; the final
 * board; the commented game with one diagram per noted event; every text from the record escaped;
 * nothing fetched from outside.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze } from '../../../server/src/service/document';
import { buildAudit } from '../../../server/src/report/audit';
import { renderHtmlReport } from '../../../server/src/report/html';
import { renderMarkdownReport } from '../../../server/src/report/markdown';
import { escapeXml } from '../../../server/src/report/escape';
import { articleTitle } from '../../../server/src/rules/articles';
import { citeArticle } from '../../../server/src/rules/messages';
import { runReport, reportFormat } from '../../../server/src/cli/commands/report';
import type { Lexicon } from '../../../server/src/lexicon/types';
import { captureIo, markupProblems, workedExample } from './helpers';
import { tempDir } from '../../support/fixtures';

const HOSTILE_NICK = '<img/src=x/onerror=alert(1)>';
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

const LEXICON: Lexicon = {
  info: { name: 'lista <de> prueba', words: 1234, sha256: 'ab'.repeat(32), source: 'test' },
  has: () => true,
};

/** Appendix A with a wrong score on line 8 (and so a wrong running total on line 14), a note and an unknown pragma. */
function recordWithErrors(): string {
  return workedExample('Appendix A')
    .replace('#tile-notation brackets\n', '#tile-notation brackets\n#colour azul\n#note Partida de *prueba*.\n')
    .replace('>Ana: ENNQUX? 9H aX +37 57\n', '>Ana: ENNQUX? 9H aX +36 56\n#note El **comodín** como A:\n- 37, no 36\n- `9H`\n')
    .replace(
      '>Beto: AHOOORZ F6 ZA.RO +38 38\n',
      '>Beto: AHOOORZ F6 ZA.RO +38 38\n#note <script>alert(1)</script> [x](javascript:alert(1))\n',
    );
}

/** A short record whose file texts are all hostile. */
function hostileRecord(): string {
  return [
    `#player1 ${HOSTILE_NICK} ${HOSTILE_NAME}`,
    '#player2 Beto Beto & <b>Co</b>',
    '#title <script>alert(1)</script>',
    '#lexicon <svg onload=alert(1)>',
    `>${HOSTILE_NICK}: ABILORS 8D LIBRO +16 16`,
    '#note <iframe src=x></iframe> *ok*',
    '>Beto: ADEIMNT 7G IDEA +12 12',
    '',
  ].join('\n');
}

/** No script, no element that loads anything, no URL. */
function assertSelfContained(html: string): void {
  assert.doesNotMatch(html, /<(script|img|iframe|link|object|embed|image|foreignObject|base)\b/i);
  assert.doesNotMatch(html, /\s(src|href|xlink:href|on[a-z]+)="/i);
  assert.doesNotMatch(html, /https?:|\/\/|url\(|@import/i);
}

describe('report/audit and HTML', () => {
  // analysed in a hook, not when the file loads: a failure fails this suite's tests only
  let analysis: ReturnType<typeof analyze>;
  let audit: ReturnType<typeof buildAudit>;
  before(() => {
    analysis = analyze(recordWithErrors(), { lexicon: LEXICON });
    audit = buildAudit({ path: 'dir/partida.gcg', analysis, lexicon: LEXICON, lang: 'es' });
  });

  it('puts each finding on its event, the others apart', () => {
    const turn3 = audit.turns[2];
    assert.deepEqual(
      [turn3.number, turn3.line, turn3.declaredScore, turn3.computedScore, turn3.declaredTotal, turn3.computedTotal],
      [3, 11, 36, 37, 56, 57],
    );
    assert.equal(turn3.scoreDiffers, true);
    assert.equal(turn3.totalDiffers, true);
    assert.deepEqual(
      turn3.findings.map((f) => [f.code, f.citation]),
      [['score-mismatch', 'art. 12–19']],
    );
    assert.deepEqual(
      turn3.words.map((w) => `${w.word} ${w.score}`),
      ['AX 16', 'FA 4', 'AX 17'],
    );
    assert.deepEqual(
      audit.turns[4].findings.map((f) => f.code),
      ['cumulative-mismatch'],
    );
    assert.deepEqual(
      audit.otherFindings.map((f) => [f.code, f.line]),
      [['unknown-pragma', 6]],
    );
    assert.deepEqual(audit.counts, { error: 2, warning: 0, information: 0, hint: 1 });
    const listed = audit.turns.reduce((n, t) => n + t.findings.length, 0) + audit.otherFindings.length;
    assert.equal(listed, analysis.findings.length, 'every finding listed once');
  });

  it('knows players, rules, tile set, lexicon, result and notes', () => {
    assert.equal(audit.title, 'partida.gcg');
    assert.deepEqual(
      audit.players.map((p) => [p.nick, p.name, p.final, p.declaredFinal]),
      [
        ['Ana', 'Ana García', 364, 364],
        ['Beto', 'Alberto Ruiz', 322, 322],
      ],
    );
    assert.equal(audit.editionLabel, 'Reglamento FISE vigente');
    assert.equal(audit.declaredLexicon, 'FILE2017');
    assert.equal(audit.lexicon?.words, 1234);
    assert.deepEqual([audit.result.winner, audit.result.spread, audit.result.summary], [0, 42, 'Gana Ana por 42 puntos.']);
    assert.equal(audit.result.endingCitation, 'art. 37.4');
    assert.deepEqual(audit.headerNotes, ['Partida de *prueba*.']);
    assert.equal(audit.turns[2].notes.length, 1);
    assert.equal(audit.turns[2].move, '9H aX');
    assert.equal(audit.turns[26].move, '(C[CH]ÑT?)');
    assert.equal(audit.turns[26].kindLabel, 'resta del atril propio');
  });

  it('renders well-formed, self-contained HTML with every finding, its article and title', () => {
    const html = renderHtmlReport(audit, analysis.replay);
    assert.deepEqual(markupProblems(html, 'html'), []);
    assertSelfContained(html);
    assert.ok(html.startsWith('<!DOCTYPE html>\n<html lang="es">'));
    assert.match(html, /@page \{ size: A4;/);
    for (const f of analysis.findings) {
      assert.ok(html.includes(`<code>${f.code}</code>`), f.code);
      if (f.article) {
        assert.ok(html.includes(escapeXml(citeArticle(f.article, 'es'))), f.article);
        assert.ok(html.includes(escapeXml(articleTitle('fise', f.article, 'es') ?? '?')), `title of ${f.article}`);
      }
    }
    assert.match(
      html,
      /<td class="num diff">36<\/td><td class="num diff">37<\/td><td class="num diff">56<\/td><td class="num diff">57<\/td>/,
    );
    assert.ok(html.includes('lista &lt;de&gt; prueba'));
    assert.ok(html.includes(`SHA-256 ${'ab'.repeat(32)}`));
    assert.ok(html.includes('1234 palabras'));
    assert.ok(html.includes('Ana 364 – Beto 322'));
    assert.equal((html.match(/<svg class="board"/g) ?? []).length, 1, 'the final board only');
    assert.ok(!html.includes('Comentarios'), 'no commented game without --diagrams');
  });

  it('with diagrams: each note rendered beside a diagram of its position', () => {
    const html = renderHtmlReport(audit, analysis.replay, { diagrams: true });
    assert.deepEqual(markupProblems(html, 'html'), []);
    assertSelfContained(html);
    assert.ok(html.includes('<h1>Partida comentada</h1>'));
    assert.equal((html.match(/<svg class="board"/g) ?? []).length, 3, 'two noted events and the final board');
    assert.ok(html.includes('<p>Partida de <em>prueba</em>.</p>'));
    assert.ok(html.includes('<p>El <strong>comodín</strong> como A:</p>\n<ul><li>37, no 36</li><li><code>9H</code></li></ul>'));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))'));
    assert.ok(html.includes('Jugada 3 (línea 11)'));
    assert.ok(html.includes('<title>Tablero tras la jugada 3 de 27 (línea 11: &gt;Ana: ENNQUX? 9H aX +36 56)</title>'));
  });

  it('speaks English with lang en', () => {
    const en = buildAudit({ path: 'p.gcg', analysis, lexicon: LEXICON, lang: 'en' });
    const html = renderHtmlReport(en, analysis.replay);
    assert.ok(html.includes('<html lang="en">'));
    assert.ok(html.includes('<h1>Audit report</h1>'));
    assert.ok(html.includes('Ana wins by 42 points.'));
    assert.ok(html.includes('declared score 36, computed 37'));
  });

  it('escapes every text from a hostile record', () => {
    const a = analyze(hostileRecord());
    const report = buildAudit({ path: '<b>x</b>.gcg', analysis: a, lang: 'es' });
    for (const diagrams of [false, true]) {
      const html = renderHtmlReport(report, a.replay, { diagrams });
      assert.deepEqual(markupProblems(html, 'html'), []);
      assertSelfContained(html);
      assert.doesNotMatch(html, /<(b|svg onload|iframe)\b/);
      assert.ok(html.includes(escapeXml(HOSTILE_NICK)));
      assert.ok(html.includes(escapeXml(HOSTILE_NAME)));
      assert.ok(html.includes('Beto &amp; &lt;b&gt;Co&lt;/b&gt;'));
      assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    }
    const html = renderHtmlReport(report, a.replay, { diagrams: true });
    assert.ok(html.includes('<p>&lt;iframe src=x&gt;&lt;/iframe&gt; <em>ok</em></p>'));
    assert.ok(html.includes(escapeXml('ninguno (no se juzgan las palabras)')));
  });

  it('reports a record with no events', () => {
    const a = analyze('#player1 Ana Ana\n#player2 Beto Beto\n');
    const html = renderHtmlReport(buildAudit({ path: 'v.gcg', analysis: a, lang: 'es' }), a.replay, { diagrams: true });
    assert.deepEqual(markupProblems(html, 'html'), []);
    assert.ok(html.includes('La planilla no tiene jugadas.'));
    assert.ok(html.includes('La planilla no tiene comentarios (#note).'));
    // No move, no end: a provisional score, no result and no winner.
    assert.ok(html.includes('marcador provisional (partida sin terminar): Ana 0 – Beto 0'));
    assert.ok(!html.includes('Empate') && !html.includes('Resultado final') && !html.includes('Gana '));
  });
});

describe('report/markdown', () => {
  // analysed in a hook, not when the file loads: a failure fails this suite's tests only
  let analysis: ReturnType<typeof analyze>;
  let audit: ReturnType<typeof buildAudit>;
  before(() => {
    analysis = analyze(recordWithErrors(), { lexicon: LEXICON });
    audit = buildAudit({ path: 'partida.gcg', analysis, lexicon: LEXICON, lang: 'es' });
  });

  /** The document without its fenced blocks (whose content Markdown never interprets). */
  const outsideFences = (md: string): string => md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');

  it('has the table of events with findings, articles and titles, and the final board as text', () => {
    const md = renderMarkdownReport(audit, analysis.replay);
    assert.ok(md.startsWith('# Informe de arbitraje: partida.gcg\n'));
    const row3 = md.split('\n').find((l) => l.startsWith('| 3 | 11 |'));
    assert.ok(row3, 'row of event 3');
    assert.ok(row3.includes('| **36** | **37** | **56** | **57** |'));
    assert.ok(row3.includes('`score-mismatch`'));
    assert.ok(row3.includes(`(art. 12–19: ${articleTitle('fise', '12–19', 'es')})`));
    assert.ok(md.includes('## Otros hallazgos\n\n- **sugerencia** `unknown-pragma`'));
    assert.ok(md.includes('lista &lt;de&gt; prueba · 1234 palabras · SHA-256'));
    assert.ok(/## Tablero final\n\n```text\nTablero tras la jugada 27 de 27/.test(md));
    for (const f of analysis.findings) assert.ok(md.includes(`\`${f.code}\``), f.code);
  });

  it('with diagrams: each note as Markdown after a text diagram', () => {
    const md = renderMarkdownReport(audit, analysis.replay, { diagrams: true });
    assert.ok(md.includes('## Comentarios\n\nPartida de *prueba*.\n'));
    assert.ok(md.includes('### Jugada 3 (línea 11) · &gt;Ana: ENNQUX? 9H aX +36 56\n\n```text\nTablero tras la jugada 3 de 27'));
    assert.ok(md.includes('El **comodín** como A:\n\n- 37, no 36\n- `9H`'));
    assert.ok(md.includes('&lt;script&gt;alert(1)&lt;/script&gt; \\[x\\](javascript:alert(1))'));
  });

  it('escapes every text from a hostile record', () => {
    const a = analyze(hostileRecord());
    const md = renderMarkdownReport(buildAudit({ path: 'h|x.gcg', analysis: a, lang: 'en' }), a.replay, { diagrams: true });
    const outside = outsideFences(md);
    assert.doesNotMatch(outside, /<(img|script|b|iframe|svg)\b/i);
    assert.ok(outside.includes('&lt;img/src=x/onerror=alert(1)&gt;'));
    assert.ok(outside.includes('h\\|x.gcg'));
    for (const line of outside.split('\n').filter((l) => l.startsWith('| '))) {
      const eventsTable = /^\| (\d|No\.|---:)/.test(line);
      assert.equal(line.split(/(?<!\\)\|/).length, eventsTable ? 13 : 4, `cells of: ${line}`);
    }
  });
});

describe('report/cli report', () => {
  let dir: string;
  let record: string;
  let savedCache: string | undefined;
  before(() => {
    dir = tempDir('report');
    record = path.join(dir, 'partida.gcg');
    fs.writeFileSync(record, recordWithErrors());
    savedCache = process.env.PLANILLA_CACHE_DIR;
    process.env.PLANILLA_CACHE_DIR = path.join(dir, 'cache');
  });
  after(() => {
    if (savedCache === undefined) delete process.env.PLANILLA_CACHE_DIR;
    else process.env.PLANILLA_CACHE_DIR = savedCache;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const FORMATS: [string | undefined, string | undefined, string | undefined][] = [
    [undefined, undefined, 'html'],
    [undefined, 'x.md', 'md'],
    [undefined, 'x.MARKDOWN', 'md'],
    [undefined, 'x.html', 'html'],
    ['md', 'x.html', 'md'],
    ['markdown', undefined, 'md'],
    ['HTML', undefined, 'html'],
    ['pdf', undefined, undefined],
  ];
  for (const [option, output, expected] of FORMATS) {
    it(`format ${String(option)} with output ${String(output)} → ${String(expected)}`, () =>
      assert.equal(reportFormat(option, output), expected));
  }

  it('prints the HTML report with the built-in lexicon (name, words, SHA-256)', async () => {
    const c = captureIo('es');
    assert.equal(await runReport([record], c.io), 0);
    assert.deepEqual(c.err, []);
    const html = c.out.join('\n');
    assert.deepEqual(markupProblems(html, 'html'), []);
    assertSelfContained(html);
    assert.match(html, /es-open[^<]* · \d{1,3}(?:\.\d{3})* palabras<br><span class="sha">SHA-256 [0-9a-f]{64}<\/span>/);
    assert.ok(html.includes('<code>score-mismatch</code>'));
  });

  it('writes Markdown with -o, a word list of our own and another edition', async () => {
    const list = path.join(dir, 'lista.txt');
    fs.writeFileSync(list, 'casa\nlibro\nnoche\n');
    const out = path.join(dir, 'informe.md');
    const c = captureIo('en');
    assert.equal(await runReport([record, '-o', out, '--lexicon', list, '--rules', 'fise-2004', '--diagrams'], c.io), 0);
    assert.deepEqual(c.out, []);
    assert.deepEqual(c.err, [`written: ${out}`]);
    const md = fs.readFileSync(out, 'utf8');
    assert.ok(md.startsWith('# Commented game: partida.gcg'));
    assert.ok(md.includes('lista.txt'));
    assert.ok(md.includes('· 3 words · SHA-256 `'));
    assert.ok(md.includes('| Rules | FISE 2004 (chosen with --rules) |'));
    assert.ok(md.includes('(art. 40.3'));
    assert.ok(md.includes('`unaccepted-word`'));
  });

  const BAD: { args: (file: string) => string[]; message: RegExp }[] = [
    { args: (f) => [f, '--format', 'pdf'], message: /invalid value for --format: "pdf" \(allowed: html, md\)/ },
    { args: (f) => [f, '--tile-set', 'french'], message: /--tile-set/ },
    { args: (f) => [f, '--page', 'A4'], message: /unknown option "--page"/ },
    { args: () => [], message: /no file given/ },
    { args: (f) => [path.join(path.dirname(f), 'nada.gcg')], message: /no such file/ },
    { args: (f) => [f, '-o', f], message: /is the record itself/ },
  ];
  for (const b of BAD) {
    it(`exit 2 with one line: ${b.message.source}`, async () => {
      const c = captureIo('en');
      assert.equal(await runReport(b.args(record), c.io), 2);
      assert.deepEqual(c.out, []);
      assert.equal(c.err.length, 1, c.err.join('\n'));
      assert.match(c.err[0], b.message);
    });
  }
});
