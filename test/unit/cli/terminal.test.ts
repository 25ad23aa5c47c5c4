/**
 * Terminal output cannot be forged: a record whose player names and racks
 * hold ANSI escapes (erase line, cursor up, colours), an OSC window title, a carriage return and
 * a bidi override, in a file whose own name holds a line break, is checked by the real command
 * (`bin/planilla.js`, a child process); what reaches the terminal holds no control character but
 * line breaks, every finding is still there, one per line, and the JSON gives back the names
 * exactly. Also the escaping functions themselves (cli/shared/terminal.ts).
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { jsonForTerminal, terminalLines, terminalText } from '../../../server/src/cli/shared/terminal';
import { removeTempDir, repoRoot, tempDir } from '../../support/fixtures';

const bin = path.join(repoRoot, 'bin', 'planilla.js');

/** Erase the line, move up, erase again: would wipe the findings printed before it. */
const WIPE = '\x1b[2K\x1b[1A\x1b[2K\x1b[1A\x1b[2K';
const EVIL_NICK = `Ana${WIPE}`;
const OSC_TITLE = '\x1b]0;pwned\x07';
const RECORD = [
  '#character-encoding UTF-8',
  `#player1 ${EVIL_NICK} Ana ${OSC_TITLE} García`,
  '#player2 Beto\u202eotoB Alberto\r Ruiz',
  `>${EVIL_NICK}: ABILORS 8D LIBRO +99 99`,
  '>Beto\u202eotoB: ADEIMNT 7G IDEA +13 13',
  '',
].join('\n');

/** Anything that drives a terminal: C0 but \n, DEL, C1, bidi controls. */
const FORBIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

function run(args: string[]): { status: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [bin, '--lang', 'en', ...args], { encoding: 'utf8', env: { ...process.env, PLANILLA_LANG: 'en' } });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

describe('cli/terminal: output cannot be forged', () => {
  let dir: string;
  let file: string;
  before(() => {
    dir = tempDir('term');
    file = path.join(dir, 'ok.gcg\nfake.gcg:1:1: error \x1b[32mall good\u202e.gcg');
    fs.writeFileSync(file, RECORD);
  });
  after(() => removeTempDir(dir));

  it('check: no control character reaches the terminal, and every finding keeps its own line', () => {
    const r = run(['check', dir]);
    assert.equal(r.status, 1, r.err);
    assert.doesNotMatch(r.out, FORBIDDEN, JSON.stringify(r.out));
    assert.doesNotMatch(r.err, FORBIDDEN, JSON.stringify(r.err));
    const lines = r.out.trimEnd().split('\n');
    const findings = lines.filter((l) => /: error /.test(l));
    assert.ok(findings.length >= 1, r.out);
    // Each line names the whole escaped file name: the line break in it forged no line of its own.
    for (const l of lines) assert.ok(l.startsWith(`${dir}/ok.gcg\\nfake.gcg:1:1: error \\x1b[32mall good\\u202e.gcg`), l);
    assert.match(r.out, /Ana\\x1b\[2K\\x1b\[1A/);
  });

  it('check --json: the names come back exactly, with nothing raw for a terminal', () => {
    const r = run(['check', '--json', file]);
    assert.doesNotMatch(r.out, FORBIDDEN);
    const doc = JSON.parse(r.out) as { files: { path: string; players: { nick: string }[] }[] };
    assert.equal(doc.files[0].path, file);
    assert.deepEqual(
      doc.files[0].players.map((p) => p.nick),
      [EVIL_NICK, 'Beto\u202eotoB'],
    );
  });

  it('board and report to the terminal are escaped too; a missing file name is escaped', () => {
    for (const args of [
      ['board', file],
      ['report', file, '--format', 'md'],
      ['check', `${file}\x1b[2Jmissing`],
    ]) {
      const r = run(args);
      assert.doesNotMatch(r.out, FORBIDDEN, `${args[0]}: ${JSON.stringify(r.out.slice(0, 200))}`);
      assert.doesNotMatch(r.err, FORBIDDEN, `${args[0]}: ${JSON.stringify(r.err)}`);
    }
  });

  it('format to stdout is the record itself (data, not escaped)', () => {
    const r = run(['format', file]);
    assert.ok(r.out.includes(EVIL_NICK));
  });

  it('terminalText, terminalLines, jsonForTerminal', () => {
    assert.equal(terminalText('Ana\x1b[2J\r\n\t\u202e\u0085é ñ 🎲'), 'Ana\\x1b[2J\\r\\n\\t\\u202e\\x85é ñ 🎲');
    assert.equal(terminalLines('a\x07b\nc\td\re'), 'a\\x07b\nc\td\\re');
    const json = JSON.stringify({ s: 'x\u202e\u009b\u2028y\x1b' });
    const safe = jsonForTerminal(json);
    assert.doesNotMatch(safe, FORBIDDEN);
    assert.deepEqual(JSON.parse(safe), { s: 'x\u202e\u009b\u2028y\x1b' });
  });
});
