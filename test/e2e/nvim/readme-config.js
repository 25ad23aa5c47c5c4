#!/usr/bin/env node
// The README's Neovim configuration, run as written: takes the Lua block that follows the marker
// `<!-- e2e: nvim-init -->` in README.md, makes it the init.lua of a headless Neovim with a fresh
// HOME (holding ~/planilla/extra.txt, the user list the configuration names) and a `planilla`
// command on PATH (what `npm install -g .` gives: bin/planilla.js), then runs readme_e2e.lua, which
// opens records and checks that the configuration's settings took effect: English messages, the
// user's word accepted, and `:PlanillaSet` changing both without a restart.
// Usage: node test/e2e/nvim/readme-config.js   (prints "nvim-readme: N passed, N failed")
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../../..');

/** The fenced block after `<!-- e2e: NAME -->` in the README. */
function readmeBlock(name) {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const marker = `<!-- e2e: ${name} -->`;
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`README.md has no ${marker}`);
  const m = /```[a-z]*\n([\s\S]*?)\n```/.exec(readme.slice(at));
  if (!m) throw new Error(`no code block after ${marker}`);
  return m[1];
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'planilla-nvim-readme-'));
let code = 1;
try {
  const home = path.join(scratch, 'home');
  const bin = path.join(scratch, 'bin');
  const work = path.join(scratch, 'partidas');
  for (const d of [path.join(home, 'planilla'), bin, work]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(home, 'planilla', 'extra.txt'), 'birol\n');
  fs.writeFileSync(path.join(bin, 'planilla'), `#!/bin/sh\nexec "${process.execPath}" "${path.join(root, 'bin', 'planilla.js')}" "$@"\n`, {
    mode: 0o755,
  });
  fs.copyFileSync(path.join(root, 'test/e2e/workspace/score-error.gcg'), path.join(work, 'score-error.gcg'));
  fs.copyFileSync(path.join(__dirname, 'palabra-propia.gcg'), path.join(work, 'palabra-propia.gcg'));
  const init = path.join(scratch, 'init.lua');
  fs.writeFileSync(init, readmeBlock('nvim-init') + '\n');
  const run = spawnSync('nvim', ['--headless', '-u', init, '-i', 'NONE', '-c', `luafile ${path.join(__dirname, 'readme_e2e.lua')}`], {
    cwd: work,
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_DATA_HOME: path.join(home, '.local/share'),
      XDG_STATE_HOME: path.join(home, '.local/state'),
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
      PLANILLA_WORK: work,
    },
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
