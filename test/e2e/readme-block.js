// The fenced code block that follows `<!-- e2e: NAME -->` in docs/editors.md: the e2e suites run the
// editor configurations there as written (nvim/readme-config.js, emacs/readme-config.js).
// Usage: const { readmeBlock } = require('../readme-block'); readmeBlock('nvim-init');
'use strict';
const fs = require('node:fs');
const path = require('node:path');

function readmeBlock(name) {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../docs/editors.md'), 'utf8');
  const marker = `<!-- e2e: ${name} -->`;
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`docs/editors.md has no ${marker}`);
  const m = /```[a-z]*\n([\s\S]*?)\n```/.exec(readme.slice(at));
  if (!m) throw new Error(`no code block after ${marker}`);
  return m[1];
}

/**
 * A scratch HOME with ~/planilla/extra.txt (the user list the configurations in docs/editors.md name), a
 * `planilla` command on PATH (what `npm install -g .` gives: bin/planilla.js) and a folder of
 * records (score-error.gcg, palabra-propia.gcg). Returns the folders and the environment.
 */
function scratchSetup(scratch) {
  const root = path.resolve(__dirname, '../..');
  const home = path.join(scratch, 'home');
  const bin = path.join(scratch, 'bin');
  const work = path.join(scratch, 'partidas');
  for (const d of [path.join(home, 'planilla'), bin, work]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(home, 'planilla', 'extra.txt'), 'birol\n');
  fs.writeFileSync(path.join(bin, 'planilla'), `#!/bin/sh\nexec "${process.execPath}" "${path.join(root, 'bin', 'planilla.js')}" "$@"\n`, {
    mode: 0o755,
  });
  fs.copyFileSync(path.join(root, 'test/e2e/workspace/score-error.gcg'), path.join(work, 'score-error.gcg'));
  fs.copyFileSync(path.join(root, 'test/e2e/nvim/palabra-propia.gcg'), path.join(work, 'palabra-propia.gcg'));
  // A record with its coordinates taken out (the words whole), and the record it must give back.
  fs.copyFileSync(path.join(root, 'test/e2e/nvim/palabras.gcg'), path.join(work, 'palabras.gcg'));
  fs.copyFileSync(path.join(root, 'test/e2e/workspace/fise-ending.gcg'), path.join(work, 'fise-ending.gcg'));
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local/share'),
    XDG_STATE_HOME: path.join(home, '.local/state'),
    PATH: `${bin}${path.delimiter}${process.env.PATH}`,
    PLANILLA_WORK: work,
  };
  return { home, bin, work, env };
}

module.exports = { readmeBlock, scratchSetup };
