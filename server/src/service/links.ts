/**
 * Document links (LSP textDocument/documentLink): the `#lexicon NAME` line opens the word list
 * the record is judged with (`planilla.lexicons[NAME]`, else `planilla.lexicon`; none for the
 * built-in list), and a pragma whose argument is a file path (`#description ver ../final.gcg`,
 * a `.gcg`, `.txt`, `.kwg`, `.dawg`, `.klv2`, `.csv` or `.md` name) opens that file, read
 * relative to the record's folder.
 *
 * Invariants: pure (no file system: a link may point at a file that does not exist, as links in
 * any editor may); never throws; only `file:` records get relative links.
 *
 * Example:
 *   documentLinks(analysis, 'file:///t/a.gcg', settings);   // [{ range: 'FISE2' on its line, target: 'file:///l/fise2.txt' }]
 */
import type { DocumentLink } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { toRange } from './locate';
import type { PlanillaSettings } from '../shared/settings';
import type { Span } from '../syntax/types';

const PATH_NAME = /^(?:\.{0,2}\/|~\/|[A-Za-z]:[\\/])?[^\s"'<>|*?]+\.(?:gcg|txt|kwg|dawg|klv2|csv|md)$/i;

/** A file URI for an absolute path (POSIX or Windows), each segment percent-encoded. */
function fileUriOf(absolute: string): string {
  const slashed = absolute.replace(/\\/g, '/');
  const withRoot = /^[A-Za-z]:\//.test(slashed) ? `/${slashed}` : slashed;
  return `file://${withRoot
    .split('/')
    .map((s, i) => (i === 1 && /^[A-Za-z]:$/.test(s) ? s : encodeURIComponent(s)))
    .join('/')}`;
}

/** `relative` read against the folder of the record `uri` (a `file:` URI), or undefined. */
function resolveAgainst(uri: string, relative: string): string | undefined {
  if (/^(?:\/|[A-Za-z]:[\\/])/.test(relative)) return fileUriOf(relative);
  if (!uri.startsWith('file:') || relative.startsWith('~')) return undefined;
  try {
    return new URL(relative.split(/[\\/]/).map(encodeURIComponent).join('/'), uri).toString();
  } catch {
    return undefined;
  }
}

/** The pieces of `args` that look like file names, with their spans (args on one line). */
function pathWords(args: { text: string; span: Span }): { text: string; span: Span }[] {
  const out: { text: string; span: Span }[] = [];
  const re = /\S+/g;
  for (let m = re.exec(args.text); m; m = re.exec(args.text)) {
    if (!PATH_NAME.test(m[0])) continue;
    const start = { ...args.span.start, column: args.span.start.column + m.index, offset: args.span.start.offset + m.index };
    const end = { ...start, column: start.column + m[0].length, offset: start.offset + m[0].length };
    out.push({ text: m[0], span: { start, end } });
  }
  return out;
}

export function documentLinks(analysis: Analysis, uri: string, settings: PlanillaSettings): DocumentLink[] {
  const links: DocumentLink[] = [];
  for (const pragma of analysis.parsed.file.pragmas) {
    if (pragma.args.text === '' || pragma.args.span.start.line !== pragma.args.span.end.line) continue;
    if (pragma.name === 'lexicon') {
      const name = pragma.args.text.split(/\s+/)[0];
      const own = Object.prototype.hasOwnProperty.call(settings.lexicons, name) ? settings.lexicons[name] : undefined;
      const file = own ?? settings.lexicon;
      const target = file ? resolveAgainst(uri, file) : undefined;
      if (target) {
        const span = {
          start: pragma.args.span.start,
          end: { ...pragma.args.span.start, column: pragma.args.span.start.column + name.length },
        };
        links.push({ range: toRange(span), target, tooltip: file });
      }
      continue;
    }
    if (pragma.name === 'note' || pragma.name === 'player1' || pragma.name === 'player2') continue;
    for (const word of pathWords(pragma.args)) {
      const target = resolveAgainst(uri, word.text);
      if (target) links.push({ range: toRange(word.span), target });
    }
  }
  return links;
}
