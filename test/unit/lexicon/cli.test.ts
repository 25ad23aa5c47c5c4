/**
 * `planilla lexicon info|check|compile`: output, JSON shape, exit codes, languages.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runLexiconCommand } from '../../../server/src/cli/commands/lexicon';
import { placeholdersOf } from '../../../server/src/rules/messages';
import { LEXICON_MESSAGES } from '../../../server/src/text/lexicon';
import { defaultLexicon, tempDir } from '../../support/fixtures';

async function run(args: string[], lang: 'es' | 'en' = 'es'): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLexiconCommand(args, { out: (s) => out.push(s), err: (s) => err.push(s), lang });
  return { code, out, err };
}

describe('lexicon: planilla lexicon', function () {
  this.timeout(30000);
  before(() => defaultLexicon());

  it('check --json prints exactly the lexicon and the verdicts', async () => {
    const r = await run(['check', '--json', 'dame', 'Casa', 'comíamos']);
    assert.equal(r.code, 1);
    assert.equal(r.out.length, 1);
    const parsed = JSON.parse(r.out[0]);
    assert.deepEqual(Object.keys(parsed), ['lexicon', 'words']);
    assert.deepEqual(Object.keys(parsed.lexicon), ['name', 'words', 'sha256']);
    assert.equal(parsed.lexicon.sha256, defaultLexicon().info.sha256);
    assert.deepEqual(
      parsed.words.map((w: { word: string; accepted: boolean }) => [w.word, w.accepted]),
      [
        ['dame', false],
        ['Casa', true],
        ['comíamos', true],
      ],
    );
    assert.deepEqual(Object.keys(parsed.words[0]), ['word', 'accepted', 'hint']);
    assert.match(parsed.words[0].hint, /parece un verbo con pronombres enclíticos \(da \+ me\).*anexo XII §17\.5/);
    assert.deepEqual(Object.keys(parsed.words[1]), ['word', 'accepted']);
  });

  it('exits 0 when every word is accepted and speaks English when asked', async () => {
    const ok = await run(['check', 'casa', 'llave'], 'en');
    assert.equal(ok.code, 0);
    assert.deepEqual(ok.out, ['casa: accepted', 'llave: accepted']);
    const no = await run(['check', '--rules', 'fise-2004', 'casita'], 'en');
    assert.equal(no.code, 1);
    assert.match(no.out[0], /^casita: not in the lexicon — "casita" looks like a diminutive of "casa".*art\. 39\.4/);
  });

  it('exits 2 on bad usage or an unreadable lexicon', async () => {
    const dir = tempDir('lexicon');
    for (const args of [
      [],
      ['bogus'],
      ['check'],
      ['check', '--rules', 'xx', 'casa'],
      ['check', '--nope', 'casa'],
      ['check', '--lexicon'],
      ['compile', 'a'],
      ['check', '--lexicon', path.join(dir, 'missing.txt'), 'casa'],
      ['info', dir],
    ]) {
      const r = await run(args);
      assert.equal(r.code, 2, JSON.stringify(args));
      assert.ok(r.err.length > 0 && r.err.every((line) => !line.includes('{')), `${JSON.stringify(args)}: ${r.err.join('|')}`);
    }
    const help = await run(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.out[0], /^Uso: planilla lexicon/);
  });

  it('info reports the list read, what was dropped, and the cache', async () => {
    const dir = tempDir('lexicon');
    const file = path.join(dir, 'lista.txt');
    fs.writeFileSync(file, 'casa\nperro\nMadrid\nkiwi\n');
    const r = await run(['info', file, '--cache-dir', path.join(dir, 'cache')]);
    assert.equal(r.code, 0);
    const text = r.out.join('\n');
    assert.match(text, /léxico: lista\.txt/);
    assert.match(text, /palabras: 2/);
    assert.match(text, /descartadas 1 \(mayúsculas: nombres propios o símbolos\), p\. ej\.: Madrid/);
    assert.match(text, /descartadas 1 \(con K o W\), p\. ej\.: kiwi/);
    assert.match(text, /caché: compilado ahora y guardado/);
  });

  it('compile writes a .dawg that loads back with the same words and hash', async () => {
    const dir = tempDir('lexicon');
    const input = path.join(dir, 'FILE.txt');
    fs.writeFileSync(input, '[CH]ULETA\nCASA\nPE[RR]O\n');
    const output = path.join(dir, 'FILE.dawg');
    const c = await run(['compile', input, output], 'en');
    assert.equal(c.code, 0);
    assert.match(c.out.join('\n'), /written .*FILE\.dawg: 3 words/);
    const i = await run(['info', output], 'en');
    assert.match(i.out.join('\n'), /lexicon: FILE\.txt/);
    const check = await run(['check', '--json', '--lexicon', output, 'chuleta', 'perros']);
    const parsed = JSON.parse(check.out[0]);
    assert.equal(parsed.lexicon.words, 3);
    assert.deepEqual(
      parsed.words.map((w: { accepted: boolean }) => w.accepted),
      [true, false],
    );
    assert.equal((await run(['compile', input, dir])).code, 2);
    // A .kwg name is refused (the file would be read back as a Woogles graph), and nothing is written.
    const kwg = path.join(dir, 'FILE.kwg');
    const refused = await run(['compile', input, kwg], 'en');
    assert.equal(refused.code, 2);
    assert.match(refused.err.join('\n'), /not a Woogles \.kwg: give .*FILE\.kwg the \.dawg extension/);
    assert.equal(fs.existsSync(kwg), false);
  });

  it('has every message in Spanish and English with the same placeholders', () => {
    for (const [id, text] of Object.entries(LEXICON_MESSAGES)) {
      assert.ok(id.startsWith('lexicon.'), id);
      assert.ok(text.es.trim() && text.en.trim(), id);
      assert.deepEqual(placeholdersOf(text.es).sort(), placeholdersOf(text.en).sort(), id);
    }
  });
});
