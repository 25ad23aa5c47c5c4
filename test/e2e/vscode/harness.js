// Shared pieces of the code-server runs: a free loopback port, a code-server (VS Code 1.100) in
// its own process group with fresh user-data and extensions folders, Debian's Chromium driven
// by playwright-core with every non-loopback request refused and recorded, a text wait on the
// workbench's DOM, and the whole start-up and tear-down of a UI run (`runWorkbench`: package the
// .vsix unless given, start both, open the workspace, report the checks, clean up).
//
// Invariants: everything binds to or talks to 127.0.0.1 only; every wait polls for a condition
// with a deadline (no fixed sleeps); `stop()` ends the whole process group it started.
//
// Example:
//   const cs = await startCodeServer({ root });          // { port, url, stop }
//   const browser = await launchBrowser(root);           // { context, page, external, close }
//   runWorkbench({ suite: 'vscode-ui', workspace: (root) => ws, run: async ({ page, check }) => { … } });
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');
const { waitFor } = require('./wait');

const toolsDir = path.resolve(__dirname, '../tools');
const CODE_SERVER = process.env.CODE_SERVER || path.join(toolsDir, 'node_modules/.bin/code-server');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function httpOk(url) {
  return new Promise((resolve) => {
    http
      .get(url, (res) => {
        res.resume();
        resolve(res.statusCode !== undefined && res.statusCode < 500);
      })
      .on('error', () => resolve(false));
  });
}

const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'editor.hover.delay': 100,
  'editor.codeLens': true,
  'chat.disableAIFeatures': true,
  'chat.sendElementsToChat.enabled': false,
  'workbench.colorTheme': 'Default Light Modern',
};

/**
 * Starts code-server on a free loopback port. Options: root (scratch folder), env (added to the
 * environment: the extension host inherits it), settings (user settings added), vsix (installed
 * first). Resolves once /healthz answers.
 */
async function startCodeServer({ root, env = {}, settings = {}, vsix }) {
  const port = await freePort();
  const dirs = { data: path.join(root, 'data'), ext: path.join(root, 'extensions') };
  fs.mkdirSync(path.join(dirs.data, 'User'), { recursive: true });
  fs.mkdirSync(dirs.ext, { recursive: true });
  fs.writeFileSync(path.join(dirs.data, 'User', 'settings.json'), JSON.stringify({ ...USER_SETTINGS, ...settings }, null, 2));
  const config = path.join(root, 'config.yaml');
  fs.writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const args = ['--config', config, '--user-data-dir', dirs.data, '--extensions-dir', dirs.ext];
  // An empty gallery: code-server never contacts an extension marketplace.
  const fullEnv = { ...process.env, ...env, EXTENSIONS_GALLERY: '{}' };
  if (vsix) execFileSync(CODE_SERVER, [...args, '--install-extension', vsix], { env: fullEnv, stdio: 'pipe' });
  const log = fs.createWriteStream(path.join(root, 'code-server.log'));
  const child = spawn(
    CODE_SERVER,
    [
      ...args,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: fullEnv, detached: true },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (exited) throw new Error(`code-server exited; see ${path.join(root, 'code-server.log')}`);
      return httpOk(`${url}/healthz`);
    },
    'code-server to answer',
    60000,
  );
  const stop = async () => {
    const signal = (sig) => {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // the group is gone already
      }
    };
    signal('SIGTERM');
    try {
      await waitFor(() => exited, 'code-server to stop', 5000);
    } catch {
      signal('SIGKILL');
    }
    log.end();
  };
  return {
    port,
    url,
    pgid: child.pid,
    remote: (p) => `vscode-remote://127.0.0.1:${port}${p}`,
    stop,
    logFile: path.join(root, 'code-server.log'),
  };
}

/** Debian's Chromium through playwright-core; non-loopback requests are aborted and listed in `external`. */
async function launchBrowser(root) {
  const { chromium } = require(path.join(toolsDir, 'node_modules/playwright-core'));
  const context = await chromium.launchPersistentContext(path.join(root, 'chromium'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1500, height: 950 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
  const external = [];
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol) && !['127.0.0.1', 'localhost'].includes(u.hostname)) {
      external.push(u.href);
      return route.abort();
    }
    return route.continue();
  });
  const page = context.pages()[0] || (await context.newPage());
  return { context, page, external, close: () => context.close().catch(() => undefined) };
}

const repoRoot = path.resolve(__dirname, '../../..');
/** Where the runs put their screenshots (not committed; docs/screenshots/ holds the chosen ones). */
const shotsDir = path.join(repoRoot, 'test-output/e2e');
/** Default deadline of one step of a run. */
const STEP_TIMEOUT_MS = Number(process.env.PLANILLA_STEP_TIMEOUT_MS || 60000);

/**
 * Text (non-breaking spaces as spaces) of the first element matching `selector` whose text matches
 * `pattern`, polled until `ms`; in the page or in a frame.
 */
async function waitText(page, selector, pattern, ms = STEP_TIMEOUT_MS) {
  await page.waitForFunction(
    ([sel, src]) => [...document.querySelectorAll(sel)].some((e) => new RegExp(src).test((e.textContent || '').replace(/\u00a0/g, ' '))),
    [selector, pattern.source],
    { timeout: ms, polling: 100 },
  );
  return page.evaluate(
    ([sel, src]) =>
      [...document.querySelectorAll(sel)].map((e) => (e.textContent || '').replace(/\u00a0/g, ' ')).find((t) => new RegExp(src).test(t)),
    [selector, pattern.source],
  );
}

/** The frame of the board view's webview (VS Code nests it in two iframes), polled until `ms`. */
async function boardFrame(page, ms = STEP_TIMEOUT_MS) {
  const end = Date.now() + ms;
  for (;;) {
    for (const frame of page.frames()) {
      const found = await frame
        .evaluate(() => Boolean(document.querySelector('#board-root .planilla-board[data-turn]')))
        .catch(() => false);
      if (found) return frame;
    }
    if (Date.now() > end) throw new Error('timed out waiting for the board view');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One run of the workbench in Chromium, start to finish. Options: suite (the name in the summary
 * line), workspace(root) → the folder to open (made inside the scratch folder), settings (user
 * settings added), viewport ({ width, height }), run({ page, cs, browser, root, ws, check }) (the
 * checks), failureShot (file name in test-output/e2e/). The .vsix is argv[2], or one is packaged
 * into the scratch folder. Prints one JSON line per check and "SUITE: N passed, N failed", then
 * exits (non-zero on a failure); an exception is a failed "harness" check with a screenshot.
 */
async function runWorkbench({ suite, workspace, settings = {}, viewport, run, failureShot = `${suite}-failure.png` }) {
  const results = [];
  const check = (name, ok, detail) => {
    results.push({ name, ok: Boolean(ok) });
    console.log(JSON.stringify({ check: name, ok: Boolean(ok), detail }));
  };
  fs.mkdirSync(shotsDir, { recursive: true });
  const root = fs.mkdtempSync(path.join(require('node:os').tmpdir(), `planilla-${suite}-`));
  let vsix = process.argv[2];
  let cs;
  let browser;
  try {
    if (!vsix) {
      vsix = path.join(root, 'planilla.vsix');
      execFileSync('bash', [path.join(repoRoot, 'test/e2e/tools/package.sh'), vsix], {
        env: { ...process.env, PLANILLA_SKIP_BUILD: '1' },
        stdio: 'pipe',
      });
    }
    const ws = workspace(root);
    cs = await startCodeServer({ root, vsix, settings });
    browser = await launchBrowser(root);
    const { page } = browser;
    if (viewport) await page.setViewportSize(viewport);
    await page.goto(`${cs.url}/?folder=${encodeURIComponent(ws)}`);
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: STEP_TIMEOUT_MS });
    await run({ page, cs, browser, root, ws, check });
  } catch (e) {
    check('harness', false, String((e && e.stack) || e).slice(0, 2000));
    if (browser) await browser.page.screenshot({ path: path.join(shotsDir, failureShot) }).catch(() => undefined);
  } finally {
    if (browser) check('no_request_left_loopback', browser.external.length === 0, browser.external.slice(0, 5));
    if (browser) await browser.close();
    if (cs) await cs.stop();
    if (!process.env.KEEP) fs.rmSync(root, { recursive: true, force: true });
    const failed = results.filter((r) => !r.ok).length;
    console.log(`${suite}: ${results.length - failed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  }
}

module.exports = {
  CODE_SERVER,
  STEP_TIMEOUT_MS,
  boardFrame,
  freePort,
  startCodeServer,
  launchBrowser,
  repoRoot,
  runWorkbench,
  shotsDir,
  toolsDir,
  waitText,
};
