/**
 * Escaping of record text (report/escape.ts) and the strict note renderer (report/note-markdown.ts):
 * table-driven cases, hostile input, and a property: whatever the note, the HTML is well formed and
 * holds no tag but the few the renderer writes.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { codeFence, escapeMarkdownInline, escapeXml } from '../../../server/src/report/escape';
import { renderInline, renderNoteAsMarkdown, renderNoteMarkdown } from '../../../server/src/report/note-markdown';
import { markupProblems } from './helpers';

const ALLOWED_TAGS = /^<\/?(p|ul|ol|li|em|strong|code|pre)(?: start="\d+")?>$/;

describe('report/escape', () => {
  const XML: [string, string][] = [
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['"Ana" & \'Beto\'', '&quot;Ana&quot; &amp; &#39;Beto&#39;'],
    ['Ñ CH ?', 'Ñ CH ?'],
    ['a\u0000b\u001Fc\td\ne', 'a\uFFFDb\uFFFDc\td\ne'],
    ['\uD800x', '\uFFFDx'],
    ['😀', '😀'],
  ];
  for (const [input, expected] of XML) {
    it(`escapeXml ${JSON.stringify(input)}`, () => assert.equal(escapeXml(input), expected));
  }

  const MD: [string, string][] = [
    ['a|b *c* _d_ `e`', 'a\\|b \\*c\\* \\_d\\_ \\`e\\`'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['[x](javascript:alert(1))', '\\[x\\](javascript:alert(1))'],
    ['# title', '\\# title'],
    ['- item', '\\- item'],
    ['1. one', '1\\. one'],
    ['two\nlines', 'two lines'],
    ['8D LIBRO +16 16', '8D LIBRO +16 16'],
  ];
  for (const [input, expected] of MD) {
    it(`escapeMarkdownInline ${JSON.stringify(input)}`, () => assert.equal(escapeMarkdownInline(input), expected));
  }

  it('codeFence is longer than any backtick run', () => {
    assert.equal(codeFence('plain'), '```');
    assert.equal(codeFence('a ```` b'), '`````');
  });
});

describe('report/note-markdown', () => {
  const CASES: [string, string][] = [
    ['Buena *jugada*.', '<p>Buena <em>jugada</em>.</p>'],
    ['**3P** y __doble__', '<p><strong>3P</strong> y <strong>doble</strong></p>'],
    ['_em_ y snake_case_word', '<p><em>em</em> y snake_case_word</p>'],
    ['`[CH]` vale 5', '<p><code>[CH]</code> vale 5</p>'],
    ['*a **b** c*', '<p><em>a <strong>b</strong> c</em></p>'],
    ['\\*literal\\*', '<p>*literal*</p>'],
    ['* sin cerrar', '<ul><li>sin cerrar</li></ul>'],
    ['a * b * c', '<p>a * b * c</p>'],
    ['uno\ndos\n\ntres', '<p>uno\ndos</p>\n<p>tres</p>'],
    ['- a\n- b *c*\n\n1. x\n2. y', '<ul><li>a</li><li>b <em>c</em></li></ul>\n<ol><li>x</li><li>y</li></ol>'],
    ['3) tres\n4) cuatro', '<ol start="3"><li>tres</li><li>cuatro</li></ol>'],
    ['- a\n  sigue', '<ul><li>a\nsigue</li></ul>'],
    ['```\n<b>x</b> *y*\n```\ndespués', '<pre><code>&lt;b&gt;x&lt;/b&gt; *y*</code></pre>\n<p>después</p>'],
    ['```\nsin cerrar', '<pre><code>sin cerrar</code></pre>'],
    ['# No es título', '<p># No es título</p>'],
    ['> cita', '<p>&gt; cita</p>'],
    ['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
    ['[pulse](javascript:alert(1)) ![i](x.png)', '<p>[pulse](javascript:alert(1)) ![i](x.png)</p>'],
    ['<script>alert("x")</script>', '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>'],
    ['`<b>` **`x`**', '<p><code>&lt;b&gt;</code> <strong><code>x</code></strong></p>'],
    ['', ''],
  ];
  for (const [input, expected] of CASES) {
    it(`${JSON.stringify(input)}`, () => assert.equal(renderNoteMarkdown(input), expected));
  }

  it('renders a very long paragraph as plain escaped text', () => {
    const long = `${'*a* '.repeat(2000)}<b>`;
    const html = renderInline(long);
    assert.ok(!html.includes('<em>'));
    assert.ok(html.endsWith('&lt;b&gt;'));
  });

  it('any note gives well-formed HTML with only its own tags (property)', () => {
    const alphabet = fc.constantFrom(
      '*',
      '_',
      '`',
      '\\',
      '<',
      '>',
      '&',
      '"',
      '-',
      '1',
      '.',
      ' ',
      '\n',
      'a',
      'ñ',
      '#',
      '[',
      ']',
      '(',
      ')',
      '~',
      '😀',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 80 }).map((cs) => cs.join('')),
        (note) => {
          const html = renderNoteMarkdown(note);
          assert.deepEqual(markupProblems(`<div>${html}</div>`, 'html'), [], html);
          for (const tag of html.match(/<[^>]*>/g) ?? []) assert.match(tag, ALLOWED_TAGS);
        },
      ),
      { numRuns: 400 },
    );
  });

  describe('as Markdown again (Markdown report)', () => {
    const MD_CASES: [string, string][] = [
      ['Buena *jugada*', 'Buena *jugada*'],
      ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
      ['[x](javascript:alert(1))', '\\[x\\](javascript:alert(1))'],
      ['# título', '\\# título'],
      ['texto\n---', 'texto\n\\---'],
      ['- a\n- b', '- a\n- b'],
      ['```\nsin cerrar', '```\nsin cerrar\n```'],
      ['a | b', 'a \\| b'],
    ];
    for (const [input, expected] of MD_CASES) {
      it(`${JSON.stringify(input)}`, () => assert.equal(renderNoteAsMarkdown(input), expected));
    }
  });
});
