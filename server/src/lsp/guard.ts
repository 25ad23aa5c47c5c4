/**
 * The request guard: every handler runs inside `guarded`, so an exception is caught, logged (with
 * the handler's name, in the user's language) and answered with the handler's empty result; one
 * bad request never takes the server down. A cancellation is not a failure: it answers the LSP
 * error RequestCancelled; nor is a request refused on its parameters (a rename to a name that
 * cannot be a nick): it answers InvalidParams with the reason.
 *
 * Example:
 *   connection.onHover((params, token) => guarded(state, 'textDocument/hover', null, () => hover(state, params, token)));
 */
import { ErrorCodes, LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';

/** Where a guarded failure is logged (the server state). */
interface FailureLog {
  logError(handler: string, error: unknown): void;
}

/** The answer to a request its client cancelled (LSP: the error RequestCancelled). */
export function cancelledError(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
}

/** Throws RequestCancelled when the request's client has cancelled it. */
export function stopIfCancelled(token: CancellationToken): void {
  if (token.isCancellationRequested) throw cancelledError();
}

/** Runs a handler; on any exception logs it and answers `fallback` (a cancellation answers as such). */
export async function guarded<T>(log: FailureLog, handler: string, fallback: T, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ResponseError && (error.code === LSPErrorCodes.RequestCancelled || error.code === ErrorCodes.InvalidParams))
      throw error;
    log.logError(handler, error);
    return fallback;
  }
}
