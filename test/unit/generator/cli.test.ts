/**
 * The generate command (test/support/generate-cli.ts): writes K seeded games that replay with no
 * finding, the same text as generateGame for each seed, and answers bad arguments with the usage
 * (exit 2) in the locale's language.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze } from '../../../server/src/service/document';
import { GENERATE_CLI_MESSAGES, main } from '../../support/generate-cli';
import { generateGame } from '../../support/generator';
import { defaultLexicon, removeTempDir, tempDir } from '../../support/fixtures';

const lexicon = defaultLexicon();

function capture(locale = 'es_ES.UTF-8'): {
  io: { out: (t: string) => void; err: (t: string) => void; locale: string };
  out: string[];
  err: string[];
} {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t) => out.push(t), err: (t) => err.push(t), locale }, out, err };
}

describe('generator: generate command', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('generate');
  });
  afterEach(() => {
    removeTempDir(dir);
  });

  it('writes K games, seeds N to N+K-1, as generateGame would', () => {
    const out = path.join(dir, 'games');
    const c = capture();
    assert.equal(main(['--seed', '7', '--count', '3', '--out', out, '--notation', 'plain', '--ending', 'gcg'], c.io), 0);
    assert.deepEqual(fs.readdirSync(out).sort(), ['game-7.gcg', 'game-8.gcg', 'game-9.gcg']);
    for (const seed of [7, 8, 9]) {
      const text = fs.readFileSync(path.join(out, `game-${seed}.gcg`), 'utf8');
      assert.equal(text, generateGame({ seed, notation: 'plain', ending: 'gcg', lexicon }).text);
      assert.deepEqual(
        analyze(text, { lexicon }).findings.filter((f) => f.code !== 'end-rack-gcg-convention'),
        [],
      );
    }
    assert.deepEqual(c.out, ['3 partidas escritas en ' + out + '\n']);
    assert.deepEqual(c.err, []);
  });

  const BAD: readonly [string[], string][] = [
    [['--count', '1', '--out', 'x'], 'missing option --seed'],
    [['--seed', '1', '--out', 'x'], 'missing option --count'],
    [['--seed', '1', '--count', '1'], 'missing option --out'],
    [['--seed', '-1', '--count', '1', '--out', 'x'], 'invalid value for --seed: -1'],
    [['--seed', '1', '--count', '0', '--out', 'x'], 'invalid value for --count: 0'],
    [['--seed', 'uno', '--count', '1', '--out', 'x'], 'invalid value for --seed: uno'],
    [['--seed', '1', '--count', '1', '--out', 'x', '--notation', 'digits'], 'invalid value for --notation: digits'],
    [['--seed', '1', '--count', '1', '--out', 'x', '--ending', 'naspa'], 'invalid value for --ending: naspa'],
    [['--seed', '1', '--count', '1', '--out', 'x', '--jobs', '2'], 'unknown option or option without a value: --jobs'],
    [['--seed', '1', '--count', '1', '--out'], 'unknown option or option without a value: --out'],
  ];
  for (const [argv, message] of BAD) {
    it(`exits 2 with the usage for: ${argv.join(' ')}`, () => {
      const c = capture('en_US.UTF-8');
      assert.equal(main(argv, c.io), 2);
      assert.deepEqual(c.err, [`${message}\n${GENERATE_CLI_MESSAGES.usage.en}\n`]);
      assert.deepEqual(c.out, []);
    });
  }

  it('speaks Spanish outside an English locale', () => {
    const c = capture('C');
    assert.equal(main([], c.io), 2);
    assert.equal(c.err.join(''), `falta la opción --seed\n${GENERATE_CLI_MESSAGES.usage.es}\n`);
  });

  it('exits 1 naming the path when the folder cannot be made', () => {
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    const c = capture('en');
    assert.equal(main(['--seed', '1', '--count', '1', '--out', path.join(file, 'sub')], c.io), 1);
    assert.match(c.err.join(''), /^cannot write to .*a-file.sub: ENOTDIR\n$/);
  });

  it('has every message in Spanish and English with the same placeholders', () => {
    for (const [id, text] of Object.entries(GENERATE_CLI_MESSAGES)) {
      const names = (t: string): string[] => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      assert.ok(text.es && text.en, id);
      assert.deepEqual(names(text.es), names(text.en), id);
    }
  });
});
