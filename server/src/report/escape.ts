/**
 * Escaping for every text that comes from a record (nicks, names, notes, titles, plays) before it
 * goes into HTML, SVG or Markdown. The renderers of this folder never insert file text any other
 * way, so a nick like `<img src=x onerror=alert(1)>` shows as text.
 *
 * Invariants: the output of `escapeXml` holds no `<`, `>`, `&` (except as entities), quotes or
 * characters that XML 1.0 forbids (C0 controls other than tab/newline/carriage return, lone
 * surrogates, U+FFFE/U+FFFF: replaced by U+FFFD), so it is safe in element content and in quoted
 * attributes of HTML and SVG alike. `escapeMarkdownInline` gives one line of Markdown that renders
 * as the literal text and cannot open HTML, links, emphasis, code, table cells, headings or lists.
 *
 * Example:
 *   escapeXml('<b>"Ana" & Beto</b>');   // '&lt;b&gt;&quot;Ana&quot; &amp; Beto&lt;/b&gt;'
 *   escapeMarkdownInline('a|b *c*');     // 'a\\|b \\*c\\*'
 */

const XML_FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe for HTML/SVG element content and quoted attribute values. */
export function escapeXml(text: string): string {
  return String(text)
    .replace(XML_FORBIDDEN, '\uFFFD')
    .replace(/[&<>"']/g, (c) => XML_ENTITIES[c]);
}

/** Characters with a meaning anywhere in a line of Markdown (escaped with a backslash). */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]|~]/g;
/** A start of line that would open a heading, a list or an ordered list. */
const MARKDOWN_LINE_START = /^(\s*)([#+-]|\d+(?=[.)]))/;

/**
 * One line of literal text for Markdown: HTML specials become entities, Markdown punctuation is
 * backslash-escaped, line breaks become spaces (so a table cell or list item stays one line).
 */
export function escapeMarkdownInline(text: string): string {
  return String(text)
    .replace(XML_FORBIDDEN, '\uFFFD')
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/[&<>]/g, (c) => XML_ENTITIES[c])
    .replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`)
    .replace(MARKDOWN_LINE_START, (_all, space: string, mark: string) => (/\d/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`));
}

/** A code fence longer than any run of backticks in `text` (so the text cannot close it). */
export function codeFence(text: string): string {
  const longest = Math.max(0, ...[...String(text).matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}
