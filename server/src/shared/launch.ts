/**
 * How the language server process is started: the Node/V8 options the extension passes when it
 * forks `dist/server.js`, shared with the benchmark and the protocol tests so the figures they
 * print are those of the process users get.
 *
 * Invariants: options only (no module path, no transport flag); each one is a documented Node or
 * V8 flag accepted by Node 20 and by the editor's Node runtime.
 *
 * Why: V8 sizes the young generation for throughput (up to 16 MB per semi-space on 64-bit
 * machines); the server allocates in short bursts (one analysis per change), so a small young
 * generation keeps its resident memory close to what it retains without a latency cost.
 *
 * Example:
 *   child_process.fork(serverModule, ['--stdio'], { execArgv: [...SERVER_EXEC_ARGV] });
 */

/** Node options for the server process. */
export const SERVER_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=2'];
