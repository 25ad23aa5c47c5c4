/**
 * `planilla/eventAudit`: the tournament desk on a workspace folder, as `planilla event` does it
 * (service/event.ts): every record below the folder read (open documents as the editor holds them),
 * checked with its own settings and kept as plain data, the cards read when given, the audit
 * rendered as the printable report (report/event.ts). A record that cannot be read is a finding of
 * the report; a cancelled request stops before its next file.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { eventSheet, unusableSheet, type EventSheet } from '../../service/event-sheet';
import { auditEvent, parseCards, type CardsFile } from '../../service/event';
import { renderEventHtml, summaryLine } from '../../report/event';
import { uiText } from '../../service/i18n';
import { formatMessage } from '../../rules/messages';
import type { EventAuditParams, EventAuditResult } from '../../shared/protocol';
import { fileNameOf, filePathOf, type ServerState } from '../state';

/** The path of `uri` below the folder's URI ('ronda-1/ana.gcg'), else its file name. */
function shownPath(folder: string, uri: string): string {
  const base = folder.endsWith('/') ? folder : `${folder}/`;
  if (!uri.startsWith(base)) return fileNameOf(uri);
  try {
    return decodeURIComponent(uri.slice(base.length));
  } catch {
    return uri.slice(base.length);
  }
}

export async function eventAudit(state: ServerState, params: EventAuditParams, token: CancellationToken): Promise<EventAuditResult> {
  const settings = await state.settingsFor(params.folder);
  const lang = state.languageOf(settings);
  const folderPath = filePathOf(params.folder);
  const uris = folderPath && state.host.listRecords ? await state.host.listRecords([folderPath]) : [];
  if (uris.length === 0) return { error: uiText('ui.command.event.noRecords', lang, { folder: fileNameOf(params.folder) }) };
  const sheets: EventSheet[] = [];
  for (const uri of uris.sort()) {
    if (token.isCancellationRequested) return { error: uiText('ui.command.event.cancelled', lang) };
    const shown = shownPath(params.folder, uri);
    try {
      const open = state.documents.get(uri);
      const input = open ? undefined : await state.readRecord(uri);
      if (!open && input === undefined) {
        sheets.push(unusableSheet(shown, uiText('ui.command.export.unreadable', lang, { uri: shown })));
        continue;
      }
      const analysis = open ? (await state.analysisOf(open)).analysis : state.analyzeText(input!, await state.settingsFor(uri));
      sheets.push(eventSheet(shown, analysis, lang));
    } catch (e) {
      sheets.push(
        unusableSheet(
          shown,
          formatMessage('cli.internal-error', { path: shown, detail: e instanceof Error ? e.message : String(e) }, lang),
        ),
      );
    }
  }
  let cards: CardsFile | undefined;
  if (params.cards) {
    const bytes = await state.host.readFile(params.cards);
    if (!bytes) return { error: uiText('ui.command.export.unreadable', lang, { uri: fileNameOf(params.cards) }) };
    cards = parseCards(new TextDecoder('utf-8').decode(bytes), shownPath(params.folder, params.cards), lang);
  }
  const audit = auditEvent(sheets, cards, lang);
  const html = renderEventHtml(audit, lang, (p, line) => (line ? `${p}#L${line}` : p));
  return {
    html,
    // The tab names the event its sheets carry (`#event`), else the folder.
    title: uiText('ui.command.event.title', lang, { folder: audit.event || fileNameOf(params.folder) }),
    summary: summaryLine(audit, lang),
    errors: audit.counts.errors,
    warnings: audit.counts.warnings,
  };
}
