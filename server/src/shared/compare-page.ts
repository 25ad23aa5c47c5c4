/**
 * The page of the comparison view in VS Code ("Compare with another sheet…"): the turn-by-turn
 * table the server renders (report/compare-table.ts) in a page with a strict policy and one style
 * sheet by nonce. The table fits the panel's width: its columns have fixed shares and long cells
 * (the sheets' file names in the header, the board's words, the verdict) wrap, so the verdict stays
 * in view beside the record; it scrolls within the panel, its header in view, and sideways only in
 * a panel narrower than its minimum width. A differing row is marked, the wrong sheet's numbers
 * struck through. Printed, it is an A4 page with every row on paper.
 *
 * Invariants: pure; the page loads nothing and runs no script (`default-src 'none'`, the style
 * only by its nonce); the body is kept as the server escaped it; the title is escaped here.
 *
 * Example:
 *   renderComparePage({ cspSource, nonce, lang: 'es', title: 'Comparación: a.gcg ↔ b.gcg', body });
 */
import { htmlPage, standardHead } from './html-page';
import type { Language } from './text';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeText = (text: string): string => String(text).replace(/[&<>"]/g, (c) => ENTITIES[c]);

const COMPARE_STYLE = `
:root { color-scheme: light dark; }
html, body { height: 100%; }
body { margin: 0; padding: 8px 12px; box-sizing: border-box; display: flex; flex-direction: column; font-family: var(--vscode-font-family, "DejaVu Sans", Verdana, sans-serif); font-size: var(--vscode-font-size, 13px); color: var(--vscode-foreground, #1f1f1f); background: var(--vscode-editor-background, #ffffff); }
.planilla-compare { display: flex; flex-direction: column; min-height: 0; flex: 1 1 auto; }
h1 { font-size: 1.2em; margin: 2px 0 6px; overflow-wrap: anywhere; }
.summary, .counts { margin: 3px 0; max-width: 70em; }
.counts { opacity: 0.8; }
/* The table scrolls inside the panel, its header kept in view; it fits the panel's width down to
   its minimum (then it scrolls sideways within its box, never the page). */
.table-wrap { flex: 1 1 auto; min-height: 0; overflow: auto; margin-top: 6px; border: 1px solid var(--vscode-panel-border, #c8c8c8); border-radius: 4px; }
/* A fixed layout: the columns take the shares below whatever their cells hold; long cells wrap. */
table.turns { border-collapse: collapse; width: 100%; min-width: 40em; table-layout: fixed; font-variant-numeric: tabular-nums; }
col.col-turn { width: 4.5em; }
/* Wide enough for a name of nine letters ("Alejandro") on one line: a name wraps only between words. */
col.col-player { width: 7em; }
table.turns td.player { overflow-wrap: break-word; }
col.col-sheet { width: 6.5em; }
col.col-verdict { width: 32%; }
table.turns th, table.turns td { padding: 3px 6px; border-bottom: 1px solid var(--vscode-panel-border, #e0e0e0); text-align: left; vertical-align: top; overflow-wrap: anywhere; }
table.turns th { position: sticky; top: 0; background: var(--vscode-editorWidget-background, #f3f3f3); font-weight: bold; }
td.n { text-align: right; }
td.sheet { font-family: var(--vscode-editor-font-family, "DejaVu Sans Mono", monospace); }
td.sheet.wrong { color: var(--vscode-errorForeground, #b71c1c); text-decoration: line-through; }
td.board { font-family: var(--vscode-editor-font-family, "DejaVu Sans Mono", monospace); }
td.board .words { font-size: 0.85em; opacity: 0.85; overflow-wrap: anywhere; }
td.verdict.agree { opacity: 0.6; }
tr.differs { background: var(--vscode-inputValidation-warningBackground, #fff4ce); }
tr.differs td.verdict { font-weight: bold; }
.article { font-weight: normal; opacity: 0.85; }
.carried { font-weight: normal; font-size: 0.85em; opacity: 0.8; }
/* Printed: A4, every row on paper (no scrolling box, no fixed height), the header on every page. */
@page { size: A4; margin: 12mm; }
@media print {
  html, body { height: auto; }
  body { display: block; padding: 0; }
  .table-wrap { overflow: visible; border: 0; }
  table.turns th { position: static; }
  table.turns tr { break-inside: avoid; }
}
`;

interface ComparePageOptions {
  readonly cspSource: string;
  readonly nonce: string;
  readonly lang: Language;
  readonly title: string;
  /** The server's body (escaped there). */
  readonly body: string;
}

/** The policy: nothing by default; the style sheet by nonce; no script. */
function compareCsp(cspSource: string, nonce: string): string {
  return `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'`;
}

export function renderComparePage(options: ComparePageOptions): string {
  const head = standardHead({
    cspAttribute: escapeText(compareCsp(options.cspSource, options.nonce)),
    viewport: true,
    titleHtml: escapeText(options.title),
    style: COMPARE_STYLE,
    styleNonce: escapeText(options.nonce),
  });
  return htmlPage(options.lang, head, [`<main id="compare-root">${options.body}</main>`]);
}
