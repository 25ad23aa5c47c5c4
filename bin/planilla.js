#!/usr/bin/env node
// The `planilla` command: runs the compiled CLI (built by `npm install` / `npm run build`).
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const cli = path.join(__dirname, '..', 'out', 'server', 'src', 'cli.js');
if (!fs.existsSync(cli)) {
  process.stderr.write('planilla: no está compilado; ejecute «npm run build» · not built; run "npm run build"\n');
  process.exit(2);
}
const planilla = require(cli);
// A closed pipe (`| head -1`) or a full disk (`> /dev/full`) ends quietly or in one line, never a stack trace.
if (typeof planilla.guardStreams === "function") planilla.guardStreams(process.argv.slice(2));
planilla.main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
