/**
 * A small, strict Markdown renderer for the notes of a record (`#note`, NOTATION.md: notes are
 * Markdown): paragraphs, emphasis (`*em*`, `_em_`, `**strong**`, `__strong__`), unordered and
 * ordered lists, inline code and fenced code blocks. Nothing else is interpreted: headings, quotes,
 * links, images and raw HTML come out as the literal text they are.
 *
 * Invariants: every character of the note reaches the output through `escapeXml`; the only markup
 * added is `<p> <ul> <ol> <li> <em> <strong> <code> <pre>` (and a numeric `start` on `<ol>`), always
 * properly nested; never throws; the work per paragraph is bounded by a size cap (a longer
 * paragraph is shown as plain text) and a nesting cap.
 *
 * Example:
 *   renderNoteMarkdown('Buena *jugada*:\n- ocupa el **3P**\n- `CH` vale 5');
 *   // '<p>Buena <em>jugada</em>:</p>\n<ul><li>ocupa el <strong>3P</strong></li><li><code>CH</code> vale 5</li></ul>'
 */
import { codeFence, escapeXml } from './escape';

/** Paragraphs longer than this are rendered as plain escaped text (no inline markup). */
const INLINE_CAP = 5_000;
/** Deepest nesting of emphasis; deeper text is rendered plain. */
const MAX_DEPTH = 16;

type Block =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'list'; readonly ordered: boolean; readonly start: number; readonly items: string[] };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;

/**
 * The note as Markdown again, for a Markdown report: the same blocks, re-emitted so that nothing in
 * the note can open HTML, links, headings or a code block that swallows the rest of the report.
 * Emphasis and inline code are kept (they cannot leave their paragraph).
 */
export function renderNoteAsMarkdown(markdown: string): string {
  return parseBlocks(String(markdown))
    .map((block) => {
      switch (block.kind) {
        case 'paragraph':
          return block.text.split('\n').map(safeMarkdownLine).join('\n');
        case 'code': {
          const fence = codeFence(block.text);
          return `${fence}\n${escapeControl(block.text)}\n${fence}`;
        }
        case 'list':
          return block.items
            .map((item, i) => `${block.ordered ? `${block.start + i}.` : '-'} ${item.split('\n').map(safeMarkdownLine).join(' ')}`)
            .join('\n');
      }
    })
    .join('\n\n');
}

/** Control characters XML and most viewers reject, as U+FFFD. */
function escapeControl(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '\uFFFD');
}

/**
 * One line of a note's paragraph as Markdown: HTML specials as entities, brackets escaped (no
 * links or images), and a line that would start a heading, list, quote, rule or table escaped.
 */
function safeMarkdownLine(line: string): string {
  const e = escapeControl(line)
    .trim()
    .replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
    .replace(/[[\]|]/g, (c) => `\\${c}`);
  const numbered = /^(\d+)([.)])/.exec(e);
  if (numbered) return `${numbered[1]}\\${e.slice(numbered[1].length)}`;
  const opensBlock = /^#/.test(e) || /^[-=]+$/.test(e) || /^([-*_])(?:\s*\1){2,}\s*$/.test(e) || /^[-+*](?:\s|$)/.test(e);
  return opensBlock ? `\\${e}` : e;
}

/** The note as safe HTML (block elements separated by newlines). */
export function renderNoteMarkdown(markdown: string): string {
  return parseBlocks(String(markdown)).map(renderBlock).join('\n');
}

function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; start: number; items: string[] } | undefined;
  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', ...list });
    list = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const marker = fence[1];
      const body: string[] = [];
      let j = i + 1;
      const closes = (l: string): boolean => {
        const m = FENCE.exec(l);
        return !!m && m[1][0] === marker[0] && m[1].length >= marker.length && l.trim() === m[1];
      };
      while (j < lines.length && !closes(lines[j])) body.push(lines[j++]);
      blocks.push({ kind: 'code', text: body.join('\n') });
      i = j;
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = !!numbered;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      if (!list) list = { ordered, start: numbered ? Number(numbered[1]) : 1, items: [] };
      list.items.push(bullet ? bullet[1] : numbered![2]);
      continue;
    }
    if (list) {
      list.items[list.items.length - 1] += `\n${line.trim()}`;
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

function renderBlock(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${renderInline(block.text)}</p>`;
    case 'code':
      return `<pre><code>${escapeXml(block.text)}</code></pre>`;
    case 'list': {
      const items = block.items.map((item) => `<li>${renderInline(item)}</li>`).join('');
      if (!block.ordered) return `<ul>${items}</ul>`;
      return block.start === 1 ? `<ol>${items}</ol>` : `<ol start="${block.start}">${items}</ol>`;
    }
  }
}

/** Inline Markdown of one paragraph or list item as safe HTML. */
export function renderInline(text: string): string {
  return text.length > INLINE_CAP ? escapeXml(text) : inline(text, 0);
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

function runLength(s: string, at: number, ch: string): number {
  let n = 0;
  while (s[at + n] === ch) n++;
  return n;
}

function isSpace(ch: string | undefined): boolean {
  return ch === undefined || /\s/.test(ch);
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}

/**
 * What the scans of one string have already learnt: for each closing run (`*`, `**`, `_`, `__`),
 * the answer of `closingRun` from every position a scan walked through (-2 = not known yet), and
 * the last search for a backtick run of each length. Each position is walked at most once per kind
 * of run, so a paragraph full of unmatched `*` or backticks costs linear time, not quadratic (a
 * 1 MB record of such notes took 41 s to report with `--diagrams`).
 */
interface ScanMemo {
  readonly closers: Map<string, Int32Array>;
  readonly code: Map<number, { from: number; close: number }>;
}

const newMemo = (): ScanMemo => ({ closers: new Map(), code: new Map() });

/** Where the emphasis opened at `from` (a run of `len` × `ch`) closes, or -1. */
function closingRun(s: string, from: number, ch: string, len: number, memo: ScanMemo): number {
  const key = `${ch}${len}`;
  let known = memo.closers.get(key);
  if (!known) {
    known = new Int32Array(s.length + 1).fill(-2);
    memo.closers.set(key, known);
  }
  // A scan that starts on a run of `ch` must skip it (a closer comes after `from`); keep it apart.
  const remember = s[from] !== ch;
  const walked: number[] = [];
  let j = from;
  let result = -1;
  while (j < s.length) {
    if (remember && known[j] !== -2) {
      result = known[j];
      break;
    }
    walked.push(j);
    if (s[j] === '\\') {
      j += 2;
      continue;
    }
    if (s[j] === '`') {
      const n = runLength(s, j, '`');
      const close = s.indexOf('`'.repeat(n), j + n);
      j = close >= 0 ? close + n : j + n;
      continue;
    }
    if (s[j] === ch) {
      const n = runLength(s, j, ch);
      const okEnd = !isSpace(s[j - 1]) && (ch !== '_' || !isWordChar(s[j + n]));
      if (n === len && okEnd && j > from) {
        result = j;
        break;
      }
      j += n;
      continue;
    }
    j++;
  }
  if (remember) for (const w of walked) known[w] = result;
  return result;
}

function inline(s: string, depth: number): string {
  if (depth > MAX_DEPTH) return escapeXml(s);
  const memo = newMemo();
  let out = '';
  /** Literal text not yet escaped (escaped as a whole, so surrogate pairs stay together). */
  let plain = '';
  const emit = (html: string): void => {
    out += escapeXml(plain) + html;
    plain = '';
  };
  let i = 0;
  while (i < s.length) {
    const ch = s[i];
    if (ch === '\\' && i + 1 < s.length && ASCII_PUNCTUATION.test(s[i + 1])) {
      plain += s[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const n = runLength(s, i, '`');
      const close = findCodeClose(s, i + n, n, memo);
      if (close < 0) {
        plain += s.slice(i, i + n);
        i += n;
        continue;
      }
      let code = s.slice(i + n, close).replace(/\n/g, ' ');
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      emit(`<code>${escapeXml(code)}</code>`);
      i = close + n;
      continue;
    }
    if (ch === '*' || ch === '_') {
      const n = runLength(s, i, ch);
      const opens = (n === 1 || n === 2) && !isSpace(s[i + n]) && (ch !== '_' || !isWordChar(s[i - 1]));
      const close = opens ? closingRun(s, i + n, ch, n, memo) : -1;
      if (close < 0) {
        plain += s.slice(i, i + n);
        i += n;
        continue;
      }
      const tag = n === 2 ? 'strong' : 'em';
      emit(`<${tag}>${inline(s.slice(i + n, close), depth + 1)}</${tag}>`);
      i = close + n;
      continue;
    }
    plain += ch;
    i++;
  }
  emit('');
  return out;
}

/**
 * The start of a backtick run of exactly `n` at or after `from` (which ends a run), or -1. The
 * answer of the last search for `n` is reused when it holds for `from` too (runs are found from
 * run boundaries, so a later start sees the same runs).
 */
function findCodeClose(s: string, from: number, n: number, memo: ScanMemo): number {
  const last = memo.code.get(n);
  if (last && from >= last.from && (last.close < 0 || from <= last.close)) return last.close;
  let close = -1;
  let j = s.indexOf('`', from);
  while (j >= 0) {
    const run = runLength(s, j, '`');
    if (run === n) {
      close = j;
      break;
    }
    j = s.indexOf('`', j + run);
  }
  memo.code.set(n, { from, close });
  return close;
}
