/**
 * The two requests the extension adds to the language protocol, shared by the client
 * (client/src/extension.ts) and the server (server/src/server.ts): names and payload shapes only.
 *
 * Invariants: payloads are plain JSON; URIs are strings as the protocol writes them.
 *
 * Example:
 *   const r = await client.sendRequest(CHECK_FILES_REQUEST, { uris: ['file:///w/a.gcg'] });
 *   r.errors;   // number of error findings across those files
 */

/** Check these records and publish their diagnostics, open or not. */
export const CHECK_FILES_REQUEST = 'planilla/checkFiles';
export interface CheckFilesParams {
  readonly uris: readonly string[];
}
export interface CheckFilesResult {
  readonly checked: number;
  readonly errors: number;
  readonly warnings: number;
  /** Information and hint findings. */
  readonly others: number;
  /** URIs that could not be read. */
  readonly unreadable: readonly string[];
}

/** The record rewritten for Woogles/Macondo (only what their GCG reader accepts). */
export const EXPORT_WOOGLES_REQUEST = 'planilla/exportWoogles';
export interface ExportParams {
  readonly uri: string;
}
export type ExportResult = { readonly text: string } | { readonly error: string };
