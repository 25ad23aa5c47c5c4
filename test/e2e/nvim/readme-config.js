#!/usr/bin/env node
// The Neovim configuration of docs/editors.md, run as written: the Lua block after `<!-- e2e: nvim-init -->`
// becomes the init.lua of a headless Neovim with a scratch HOME (holding ~/planilla/extra.txt, the
// user list the configuration names) and a `planilla` command on PATH, then readme_e2e.lua opens
// records and checks that the settings took effect (English messages, the user's word accepted)
// and that `:PlanillaSet` changes both without a restart.
// Usage: node test/e2e/nvim/readme-config.js   (prints "nvim-readme: N passed, N failed")
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readmeBlock, scratchSetup } = require('../readme-block');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'planilla-nvim-readme-'));
let code = 1;
try {
  const { work, env } = scratchSetup(scratch);
  const init = path.join(scratch, 'init.lua');
  fs.writeFileSync(init, readmeBlock('nvim-init') + '\n');
  const run = spawnSync('nvim', ['--headless', '-u', init, '-i', 'NONE', '-c', `luafile ${path.join(__dirname, 'readme_e2e.lua')}`], {
    cwd: work,
    env,
    encoding: 'utf8',
    timeout: 240000,
  });
  process.stdout.write(run.stdout);
  if (run.stderr.trim()) process.stderr.write(run.stderr.slice(-4000));
  code = run.status === 0 ? 0 : 1;
  if (!/^nvim-readme: \d+ passed, \d+ failed$/m.test(run.stdout)) console.log('nvim-readme: 0 passed, 1 failed');
} catch (e) {
  console.error(String((e && e.stack) || e));
  console.log('nvim-readme: 0 passed, 1 failed');
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
process.exit(code);
