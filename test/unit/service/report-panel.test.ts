/**
 * The audit report's panel page (shared/report-panel.ts): the server's report kept whole under a
 * toolbar (save, refresh, status), a policy that allows only its own script by nonce, the toolbar
 * not printed, catalogue text escaped, and the report's body found again for the live swap and
 * the saved file.
 */
import { strict as assert } from 'node:assert';
import { analyze } from '../../../server/src/service/document';
import { buildAudit } from '../../../server/src/report/audit';
import { renderHtmlReport } from '../../../server/src/report/html';
import { REPORT_PANEL_SCRIPT, renderReportPanelPage, reportPanelCsp, reportParts } from '../../../server/src/shared/report-panel';
import { EXAMPLE_6 } from './fixtures';

const texts = {
  save: 'Guardar como HTML…',
  refresh: 'Actualizar',
  toolbar: 'Acciones del informe',
  status: 'Sigue los cambios de p.gcg · al día a las 21:30:00',
};

describe('audit report panel: the page', () => {
  // analysed in a hook, not when the file loads: a failure fails this suite's tests only
  let report: string;
  let page: string;
  before(() => {
    const analysis = analyze(EXAMPLE_6.replace('LIBRO +16 16', 'LIBRO +18 18'));
    report = renderHtmlReport(buildAudit({ path: 'p.gcg', analysis, lang: 'es' }), analysis.replay);
    page = renderReportPanelPage(report, { nonce: 'AbCdEfGhIjKlMnOpQrStUvWx', texts });
  });

  it('keeps the whole report body, after a toolbar with save, refresh and the status', () => {
    const parts = reportParts(report);
    assert.ok(parts, 'the report has a head and a body');
    assert.ok(page.includes(`<div id="report-root">${parts.body}</div>`));
    assert.ok(page.indexOf('class="planilla-toolbar"') < page.indexOf('id="report-root"'));
    assert.match(page, /<button type="button" data-action="save">Guardar como HTML…<\/button>/);
    assert.match(page, /<button type="button" class="secondary" data-action="refresh">Actualizar<\/button>/);
    assert.match(page, /<span class="status" id="report-status" role="status">Sigue los cambios de p\.gcg · al día a las 21:30:00<\/span>/);
    assert.match(page, /@media print \{ \.planilla-toolbar \{ display: none; \} \}/);
    assert.match(page, /<html lang="es">/);
  });

  it('has one policy: nothing loaded, inline styles, one script by its nonce', () => {
    const policies = [...page.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)].map((m) => m[1]);
    assert.deepEqual(policies, [reportPanelCsp('AbCdEfGhIjKlMnOpQrStUvWx')]);
    assert.equal(policies[0], "default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-AbCdEfGhIjKlMnOpQrStUvWx'");
    const scripts = [...page.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    assert.deepEqual(scripts, [' nonce="AbCdEfGhIjKlMnOpQrStUvWx"']);
    assert.doesNotMatch(page, /https?:\/\//);
  });

  it('escapes the toolbar texts and shows a page that is no report as text', () => {
    const hostile = renderReportPanelPage('<img src=x onerror=alert(1)>', { nonce: 'n', texts: { ...texts, status: '<b>x</b> & "y"' } });
    assert.ok(hostile.includes('&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot;'));
    assert.ok(hostile.includes('<pre>&lt;img src=x onerror=alert(1)&gt;</pre>'));
    assert.equal(reportParts('no page'), undefined);
  });

  it('only posts save and refresh, and swaps in a body and a status text', () => {
    assert.match(REPORT_PANEL_SCRIPT, /api\.postMessage\(\{ type: button\.getAttribute\('data-action'\) \}\)/);
    assert.match(REPORT_PANEL_SCRIPT, /root\.innerHTML = message\.body/);
    assert.match(REPORT_PANEL_SCRIPT, /status\.textContent = message\.status/);
  });
});
