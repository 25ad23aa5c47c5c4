#!/usr/bin/env node
// The Emacs configuration of docs/editors.md, run as written: the Lisp block after `<!-- e2e: emacs-init -->`
// becomes the init.el of a batch Emacs (Debian's Emacs 28 with elpa-eglot) with a scratch HOME
// and a `planilla` command on PATH, then eglot_e2e.el opens records and checks that Eglot starts
// `planilla lsp`, that the settings took effect (English, the user's word accepted), and that a
// change signalled with `eglot-signal-didChangeConfiguration` applies without a restart.
// Usage: node test/e2e/emacs/readme-config.js   (prints "emacs-readme: N passed, N failed")
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readmeBlock, scratchSetup } = require('../readme-block');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'planilla-emacs-readme-'));
let code = 1;
try {
  const { work, env } = scratchSetup(scratch);
  const init = path.join(scratch, 'init.el');
  fs.writeFileSync(init, readmeBlock('emacs-init') + '\n');
  const run = spawnSync('emacs', ['--batch', '-l', init, '-l', path.join(__dirname, 'eglot_e2e.el')], {
    cwd: work,
    env,
    encoding: 'utf8',
    timeout: 240000,
  });
  process.stdout.write(run.stdout);
  const noise = /^(Loading |Eglot|\[eglot\]|Flymake)/;
  const errs = run.stderr.split('\n').filter((l) => l.trim() && !noise.test(l));
  if (errs.length) process.stderr.write(errs.slice(-40).join('\n') + '\n');
  code = run.status === 0 ? 0 : 1;
  if (!/^emacs-readme: \d+ passed, \d+ failed$/m.test(run.stdout)) console.log('emacs-readme: 0 passed, 1 failed');
} catch (e) {
  console.error(String((e && e.stack) || e));
  console.log('emacs-readme: 0 passed, 1 failed');
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
process.exit(code);
