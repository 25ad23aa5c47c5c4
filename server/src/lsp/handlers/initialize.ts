/**
 * `initialize` and `initialized`: the client's locale, workspace trust and folders, what it can
 * do (pull configuration, register for its changes, the commands it runs itself:
 * `initializationOptions.clientCommands`), the server's capabilities (every command of
 * SERVER_COMMANDS the client does not run itself is announced); once initialized,
 * the settings given in initializationOptions and the host's own start (analyses wait for it).
 */
import { TextDocumentSyncKind, type Connection, type InitializeParams, type InitializeResult } from 'vscode-languageserver';
import { FIX_ALL_KIND } from '../../service/actions';
import { FILL_KIND } from '../../service/fill';
import { ADD_TO_EXTRA_LIST_COMMAND } from '../../service/extra-list';
import { SERVER_COMMANDS } from '../../shared/protocol';
import { SEMANTIC_LEGEND } from '../../service/semantic-tokens';
import { filePathOf, sectionOf, type ServerState } from '../state';

export function initialize(state: ServerState, params: InitializeParams): InitializeResult {
  state.host.timing?.('initialize');
  const options = (params.initializationOptions ?? {}) as { locale?: unknown; workspaceTrusted?: unknown; clientCommands?: unknown };
  const own = Array.isArray(options.clientCommands) ? options.clientCommands : [];
  state.serverCommands = SERVER_COMMANDS.filter((c) => !own.includes(c));
  const commands = [...(state.host.appendToList ? [ADD_TO_EXTRA_LIST_COMMAND] : []), ...state.serverCommands];
  state.locale = typeof options.locale === 'string' ? options.locale : params.locale;
  state.workspaceTrusted = options.workspaceTrusted !== false;
  const folderUris = params.workspaceFolders ? params.workspaceFolders.map((f) => f.uri) : [params.rootUri];
  state.workspaceFolders = folderUris.map(filePathOf).filter((f): f is string => f !== undefined);
  // Read once initialized: refusing a path shows a warning, which must not come before the answer.
  state.initialSection = sectionOf(params.initializationOptions, true);
  state.canPullConfiguration = params.capabilities.workspace?.configuration === true;
  state.canRegisterConfiguration = params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
  state.documentChanges = params.capabilities.workspace?.workspaceEdit?.documentChanges === true;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      codeLensProvider: { resolveProvider: true },
      codeActionProvider: { codeActionKinds: ['quickfix', FIX_ALL_KIND, FILL_KIND] },
      documentSymbolProvider: true,
      foldingRangeProvider: true,
      documentFormattingProvider: true,
      completionProvider: { triggerCharacters: ['#', '>', ' '] },
      inlayHintProvider: true,
      renameProvider: { prepareProvider: true },
      semanticTokensProvider: { legend: SEMANTIC_LEGEND, full: true },
      documentLinkProvider: { resolveProvider: false },
      workspaceSymbolProvider: true,
      documentHighlightProvider: true,
      ...(commands.length > 0 ? { executeCommandProvider: { commands } } : {}),
    },
    serverInfo: { name: 'planilla' },
  };
}

/**
 * Once initialized: reads the initial settings and starts the host (analyses wait for it).
 * Answers whether to register for configuration changes (asked only of clients that say they
 * take it: Eglot warns about a registration it does not know).
 */
export function initialized(state: ServerState, connection: Connection): boolean {
  state.host.timing?.('initialized');
  if (state.initialSection) state.pushedSettings = state.settingsFromRaw(state.initialSection);
  if (state.host.initialized)
    state.ready = state.host.initialized(connection).catch((error: unknown) => state.logError('initialized', error));
  return state.canPullConfiguration && state.canRegisterConfiguration;
}
