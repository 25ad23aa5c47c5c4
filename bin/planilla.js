#!/usr/bin/env node
// The `planilla` command: runs the bundled CLI (dist/cli.js, made by `npm run build`) through a V8
// code cache (compile-cache.js: the build's cache of the command the arguments name, else the
// user's), or the compiled modules (out/) when the bundle is missing or older than them (a
// `--no-bundle` build).
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const root = path.join(__dirname, '..');
const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};
const bundled = path.join(root, 'dist', 'cli.js');
const compiled = path.join(root, 'out', 'server', 'src', 'cli.js');
const bundleTime = mtime(bundled);
const compiledTime = mtime(compiled);
if (bundleTime < 0 && compiledTime < 0) {
  process.stderr.write('planilla: no está compilado; ejecute «npm run build» · not built; run "npm run build"\n');
  process.exit(2);
}
/** The command's name as main reads it: the first argument that is neither an option nor `--lang`'s value. */
function commandName(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--lang') i++;
    else if (!argv[i].startsWith('-')) return argv[i];
  }
  return undefined;
}
const argv = process.argv.slice(2);
const loaded =
  bundleTime >= compiledTime
    ? require('./compile-cache.js').loadBundle(bundled, process.env, commandName(argv))
    : { exports: require(compiled), saveCache() {} };
const planilla = loaded.exports;
// A closed pipe (`| head -1`) or a full disk (`> /dev/full`) ends quietly or in one line, never a stack trace.
if (typeof planilla.guardStreams === 'function') planilla.guardStreams(argv);
planilla.main(argv).then((code) => {
  process.exitCode = code;
  loaded.saveCache(planilla.commandRun);
});
