/**
 * Shared helpers for the board, report and CLI tests: the records of WORKED-EXAMPLES.md by section, a
 * CLI io that captures what is printed, `planilla analyze` run with its lines captured, and a strict well-formedness checker for
 * the SVG and HTML we write (tags balanced and properly nested, attributes quoted, no raw `<` or
 * stray `&` in text).
 *
 * Example:
 *   const text = workedExample('Appendix A');
 *   assert.deepEqual(markupProblems(svg, 'xml'), []);
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { runAnalyze } from '../../../server/src/cli/commands/analyze';
import type { CliIo } from '../../../server/src/cli/shared/io';
import type { Language } from '../../../server/src/rules/types';
import { specFile } from '../../support/fixtures';

/**
 * The first fenced record of a section of WORKED-EXAMPLES.md: `workedExample(3)` is section
 * "## 3. …", `workedExample('Appendix A')` the complete game.
 */
export function workedExample(section: number | string): string {
  const file = specFile('WORKED-EXAMPLES.md');
  assert.ok(fs.existsSync(file), `the shared spec is missing: expected ${file}`);
  const heading = typeof section === 'number' ? `## ${section}. ` : `## ${section}.`;
  const md = fs.readFileSync(file, 'utf8');
  const start = md.split('\n').findIndex((line) => line.startsWith(heading));
  assert.ok(start >= 0, `WORKED-EXAMPLES.md has no section "${heading}"`);
  const lines = md.split('\n').slice(start + 1);
  const open = lines.findIndex((line) => line.startsWith('```'));
  const close = lines.findIndex((line, i) => i > open && line.startsWith('```'));
  assert.ok(open >= 0 && close > open, `section "${heading}" has no fenced record`);
  return `${lines.slice(open + 1, close).join('\n')}\n`;
}

export interface Captured {
  readonly io: CliIo;
  readonly out: string[];
  readonly err: string[];
}

export function captureIo(lang: Language = 'es'): Captured {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s) => out.push(s), err: (s) => err.push(s), lang, tty: false }, out, err };
}

/**
 * `planilla analyze` run in this process, both streams captured in the order written, each line
 * tagged `out ` or `err `; with `workerScript`, its workers run that script instead of worker.js.
 */
export async function analyzeLogged(
  argv: string[],
  lang: Language = 'es',
  workerScript?: string,
): Promise<{ code: number; log: string[] }> {
  const log: string[] = [];
  const io: CliIo = { out: (s) => log.push(`out ${s}`), err: (s) => log.push(`err ${s}`), lang, tty: false };
  const code = await runAnalyze(argv, io, { progress: undefined, ...(workerScript ? { workerScript } : {}) });
  return { code, log };
}

/** The JSON document an `analyzeLogged` run printed on stdout. */
export function analyzeJson(log: readonly string[]): { files: { turns: Record<string, unknown>[] }[] } {
  return JSON.parse(
    log
      .filter((l) => l.startsWith('out '))
      .map((l) => l.slice(4))
      .join('\n'),
  ) as { files: { turns: Record<string, unknown>[] }[] };
}

const VOID_HTML = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const ATTRIBUTES = /^(?:\s+[A-Za-z_:][-A-Za-z0-9_:.]*="[^"<]*")*\s*$/;

/**
 * Problems with the markup of `text` (empty when it is well formed). 'xml': an XML document or
 * fragment (an XML declaration allowed first); 'html': the same rules plus a doctype and the
 * HTML void elements (`<br>`, `<meta …>`, `<col …>`), which need no closing tag.
 */
export function markupProblems(text: string, mode: 'xml' | 'html'): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let body = text;
  if (mode === 'xml') body = body.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n?/, '');
  if (mode === 'html') body = body.replace(/^<!DOCTYPE html>\n?/, '');
  const token = /<[^>]*>|[^<]+|</g;
  let rawTextUntil: string | undefined;
  for (const m of body.matchAll(token)) {
    const piece = m[0];
    if (rawTextUntil !== undefined) {
      if (piece === rawTextUntil) rawTextUntil = undefined;
      continue;
    }
    if (!piece.startsWith('<')) {
      const badAmp = /&(?!(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);)/.exec(piece);
      if (badAmp) problems.push(`stray & at ${m.index}: ${piece.slice(badAmp.index, badAmp.index + 12)}`);
      continue;
    }
    if (piece === '<') {
      problems.push(`raw < at ${m.index}`);
      continue;
    }
    const close = /^<\/([A-Za-z][-A-Za-z0-9:]*)\s*>$/.exec(piece);
    if (close) {
      const top = stack.pop();
      if (top !== close[1]) problems.push(`</${close[1]}> closes <${top ?? 'nothing'}> at ${m.index}`);
      continue;
    }
    const open = /^<([A-Za-z][-A-Za-z0-9:]*)([\s\S]*?)(\/?)>$/.exec(piece);
    if (!open) {
      problems.push(`bad tag at ${m.index}: ${piece.slice(0, 40)}`);
      continue;
    }
    if (!ATTRIBUTES.test(open[2])) problems.push(`bad attributes in <${open[1]}> at ${m.index}: ${open[2].slice(0, 60)}`);
    if (open[3] === '/') continue;
    if (mode === 'html' && VOID_HTML.has(open[1].toLowerCase())) continue;
    if (mode === 'html' && open[1] === 'style') rawTextUntil = '</style>';
    else stack.push(open[1]);
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(' > ')}`);
  return problems;
}
