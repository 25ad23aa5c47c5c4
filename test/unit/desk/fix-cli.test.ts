/**
 * `planilla fix FILE [--write]`: the fixed record on stdout (changes on stderr), or the file
 * replaced atomically in its own encoding; exit 0 when no score or total finding is left, 2 for a
 * record it will not touch. Temporary folders only.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../../server/src/cli';
import type { CliIo } from '../../../server/src/cli/shared/io';
import { analyze } from '../../../server/src/service/document';
import { numberFindings } from '../../../server/src/service/fix-all';
import { removeTempDir, tempDir } from '../../support/fixtures';

async function run(args: string[], lang: 'es' | 'en' = 'es'): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => (out += t), data: (t) => (out += t), err: (t) => (err += `${t}\n`), lang, tty: false };
  const code = await main(args, io);
  return { code, out, err };
}

const SHEET = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana García',
  '#player2 Beto Alberto Ruiz',
  '>Ana: ABEFNNQ 8F BEFAN +21 21',
  '>Beto: AHOOORZ F6 ZA.RO +38 38',
  '>Ana: ENNQUX? 9H aX +37 58',
  '',
].join('\n');

describe('desk: planilla fix', () => {
  let dir = '';
  beforeEach(() => {
    dir = tempDir('fix');
  });
  afterEach(() => removeTempDir(dir));

  it('prints the fixed record and lists the changes; the file is untouched without --write', async () => {
    const file = path.join(dir, 'a.gcg');
    fs.writeFileSync(file, SHEET);
    const r = await run(['fix', file], 'en');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, />Ana: ABEFNNQ 8F BEFAN \+20 20\n/);
    assert.match(r.out, />Ana: ENNQUX\? 9H aX \+37 57\n/);
    assert.match(r.err, /line 4: score \+21 → \+20/);
    assert.match(r.err, /1 score and 2 totals corrected/);
    assert.equal(fs.readFileSync(file, 'utf8'), SHEET);
  });

  it('--write replaces the file with no score or total finding left, and says so', async () => {
    const file = path.join(dir, 'a.gcg');
    fs.writeFileSync(file, SHEET);
    const r = await run(['fix', file, '--write']);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, '');
    const fixed = fs.readFileSync(file, 'utf8');
    assert.deepEqual(numberFindings(analyze(fixed)), []);
    assert.deepEqual(fs.readdirSync(dir), ['a.gcg'], 'no temporary file left beside it');
    const again = await run(['fix', file, '--write']);
    assert.equal(again.code, 0);
    assert.match(again.err, /nada que corregir/);
  });

  it('keeps a Latin-1 record in Latin-1 (only the numbers change)', async () => {
    const file = path.join(dir, 'l.gcg');
    const latin = Buffer.from(SHEET.replace('#character-encoding UTF-8\n', ''), 'latin1');
    fs.writeFileSync(file, latin);
    const r = await run(['fix', file, '--write']);
    assert.equal(r.code, 0, r.err);
    const bytes = fs.readFileSync(file);
    assert.ok(bytes.includes(Buffer.from('Garc\xeda', 'latin1')));
    assert.equal(bytes.length, latin.length); // 21→20, 58→57, 38 kept: as many bytes
    assert.ok(bytes.includes(Buffer.from('+20 20')) && bytes.includes(Buffer.from('+37 57')));
  });

  it('keeps a UTF-16 record in UTF-16, in its byte order and with its byte-order mark', async () => {
    for (const order of ['le', 'be'] as const) {
      const file = path.join(dir, `u16${order}.gcg`);
      const little = Buffer.from(`\ufeff${SHEET.replace('#character-encoding UTF-8\n', '')}`, 'utf16le');
      const original = order === 'le' ? little : Buffer.from(little).swap16();
      fs.writeFileSync(file, original);
      const r = await run(['fix', file, '--write']);
      assert.equal(r.code, 0, r.err);
      const bytes = fs.readFileSync(file);
      assert.deepEqual([...bytes.subarray(0, 2)], order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]);
      const text = (order === 'le' ? bytes : Buffer.from(bytes).swap16()).toString('utf16le');
      assert.ok(text.includes('García') && text.includes('+20 20') && text.includes('+37 57'), text);
    }
  });

  it('refuses a record with an unreadable line (exit 2, one line) and leaves it as it was', async () => {
    const file = path.join(dir, 'b.gcg');
    const text = `${SHEET}esto no es gcg\n`;
    fs.writeFileSync(file, text);
    const r = await run(['fix', file, '--write']);
    assert.equal(r.code, 2);
    assert.equal(r.err.trim().split('\n').length, 1);
    assert.equal(fs.readFileSync(file, 'utf8'), text);
    const missing = await run(['fix', path.join(dir, 'no.gcg')]);
    assert.equal(missing.code, 2);
  });
});
