/**
 * The audit report's panel in VS Code, the part that is plain text: the page that holds the
 * report the server renders (`planilla/auditReport`, report/html.ts) under a small toolbar — a
 * "Save as HTML…" button, a "Refresh" button and a status line saying whether the panel follows
 * the record's edits — and the script that swaps in a newer report without reloading the page (so
 * the reader keeps their place while the record is edited).
 *
 * Invariants:
 * - Pure: no editor types, no I/O.
 * - The report is kept as the server wrote it (escaped there); the toolbar holds only catalogue
 *   text, escaped here. The page's policy stays `default-src 'none'` with inline styles (the
 *   report's own) and one script allowed by its nonce; the script only posts `save`/`refresh` and
 *   swaps in a body and a status text it is sent (as markup already escaped / as text).
 * - The toolbar is not printed, and what is saved is the report alone (`reportParts` finds its
 *   body again from the server's page).
 *
 * Example:
 *   const page = renderReportPanelPage(report, { nonce, texts: { save: 'Guardar como HTML…', refresh: 'Actualizar', toolbar: 'Informe', status: '…' } });
 *   reportParts(report)?.body;   // the inside of the report's <body>
 */
import { htmlPage } from './html-page';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeText(text: string): string {
  return String(text).replace(/[&<>"]/g, (c) => ENTITIES[c]);
}

/** The head and the inside of the body of a report page; undefined when it is not one. */
export function reportParts(html: string): { readonly head: string; readonly body: string } | undefined {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html);
  const head = /<head[^>]*>([\s\S]*)<\/head>/i.exec(html);
  if (!body || !head) return undefined;
  return { head: head[1], body: body[1] };
}

/** The policy of the panel: the report's own (nothing loaded, inline styles) plus one script by nonce. */
export function reportPanelCsp(nonce: string): string {
  return `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'`;
}

export interface ReportPanelTexts {
  readonly save: string;
  readonly refresh: string;
  /** The toolbar's accessible name. */
  readonly toolbar: string;
  /** What the panel shows: following the edits, or the saved file as it was. */
  readonly status: string;
}

interface ReportPanelOptions {
  /** A fresh random nonce (base64) for the script. */
  readonly nonce: string;
  readonly texts: ReportPanelTexts;
}

const TOOLBAR_STYLE = `
.planilla-toolbar { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: -8mm -8mm 4mm; padding: 6px 8mm; background: #f3f3f3; border-bottom: 1px solid #c8c8c8; font-family: system-ui, "DejaVu Sans", sans-serif; font-size: 13px; }
.planilla-toolbar button { padding: 4px 10px; font-size: 13px; cursor: pointer; border: 1px solid #1f6fb2; border-radius: 3px; color: #ffffff; background: #1f6fb2; }
.planilla-toolbar button.secondary { color: #1f6fb2; background: #ffffff; }
.planilla-toolbar button:focus-visible { outline: 2px solid #0078d4; outline-offset: 1px; }
.planilla-toolbar .status { color: #444444; }
@media print { .planilla-toolbar { display: none; } }
`;

/**
 * The script of the panel: the buttons post `save` or `refresh`; a `report` message swaps in the
 * report's body and the status text. Outside VS Code (no `acquireVsCodeApi`) it posts nothing.
 */
export const REPORT_PANEL_SCRIPT = `
(function () {
  'use strict';
  var api = typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;
  var root = document.getElementById('report-root');
  var status = document.getElementById('report-status');
  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('button[data-action]') : null;
    if (button && api) api.postMessage({ type: button.getAttribute('data-action') });
  });
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || message.type !== 'report') return;
    if (typeof message.body === 'string') root.innerHTML = message.body;
    if (typeof message.status === 'string') status.textContent = message.status;
  });
})();
`;

/** The toolbar: save, refresh, and what the panel shows. */
function renderReportToolbar(texts: ReportPanelTexts): string {
  return [
    `<div class="planilla-toolbar" role="toolbar" aria-label="${escapeText(texts.toolbar)}">`,
    `<button type="button" data-action="save">${escapeText(texts.save)}</button>`,
    `<button type="button" class="secondary" data-action="refresh">${escapeText(texts.refresh)}</button>`,
    `<span class="status" id="report-status" role="status">${escapeText(texts.status)}</span>`,
    '</div>',
  ].join('');
}

/**
 * The panel's page: the report's head (its policy replaced by `reportPanelCsp`, the toolbar's
 * style added), the toolbar, the report's body in `#report-root`, and the script. A page that is
 * not a report is shown as text under the toolbar.
 */
export function renderReportPanelPage(report: string, options: ReportPanelOptions): string {
  const nonce = escapeText(options.nonce);
  const parts = reportParts(report);
  const csp = `<meta http-equiv="Content-Security-Policy" content="${escapeText(reportPanelCsp(options.nonce))}">`;
  const head = parts
    ? parts.head.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/i, '').replace(/^/, `\n${csp}`)
    : `\n${csp}\n<meta charset="utf-8">`;
  const body = parts ? parts.body : `<pre>${escapeText(report)}</pre>`;
  const lang = /<html[^>]*\slang="([a-z]{2})"/i.exec(report)?.[1] ?? 'es';
  // `head` opens with a newline (the policy goes first): its lines follow `<head>`.
  return htmlPage(
    lang,
    [head.slice(1), `<style>${TOOLBAR_STYLE}</style>`],
    [renderReportToolbar(options.texts), `<div id="report-root">${body}</div>`, `<script nonce="${nonce}">${REPORT_PANEL_SCRIPT}</script>`],
  );
}
