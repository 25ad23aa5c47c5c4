// Shared pieces of the code-server runs: a free loopback port, a code-server (VS Code 1.100) in
// its own process group with fresh user-data and extensions folders, and Debian's Chromium driven
// by playwright-core with every non-loopback request refused and recorded.
//
// Invariants: everything binds to or talks to 127.0.0.1 only; every wait polls for a condition
// with a deadline (no fixed sleeps); `stop()` ends the whole process group it started.
//
// Example:
//   const cs = await startCodeServer({ root });          // { port, url, stop }
//   const browser = await launchBrowser(root);           // { context, page, external, close }
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
  return { port, url, remote: (p) => `vscode-remote://127.0.0.1:${port}${p}`, stop, logFile: path.join(root, 'code-server.log') };
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

module.exports = { CODE_SERVER, freePort, startCodeServer, launchBrowser, toolsDir };
