// Polling with a deadline, shared by the code-server harness (plain Node) and the suites inside
// VS Code's extension host (suite/support.js): no wait in the e2e runs sleeps for a fixed time.
// Has no dependency, so both sides can load it.
'use strict';

/** Calls `probe` (sync or async) every 100 ms until it gives a truthy value (returned) or `ms` have passed (throws). */
async function waitFor(probe, what, ms = 30000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

module.exports = { waitFor };
