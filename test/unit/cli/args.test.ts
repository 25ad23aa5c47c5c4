/**
 * The CLI's one argument parser (server/src/cli/shared/args.ts) and main()'s use of it: long and short
 * spellings, `--` and `-`, the three refusals (unknown option, missing or empty value, value given
 * to a flag), `--lang` before or after the command's name, `--help` after any command.
 */
import * as assert from 'node:assert/strict';
import { parseCommandArgs, type OptionSpecs } from '../../../server/src/cli/shared/args';
import { main } from '../../../server/src/cli';
import type { CliIo } from '../../../server/src/cli/shared/io';

const SPECS: OptionSpecs = {
  rules: { type: 'string' },
  output: { type: 'string', short: 'o' },
  jobs: { type: 'string', short: 'j' },
  json: { type: 'boolean' },
};

function capture(lang: 'es' | 'en' = 'en'): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s) => out.push(s), err: (s) => err.push(s), lang, tty: false }, out, err };
}

describe('cli: the argument parser', () => {
  it('reads long, short and inline spellings, flags and positionals in order', () => {
    const r = parseCommandArgs(['a.gcg', '--rules', 'fise', '-o=x.svg', '--json', 'b.gcg', '-j4', '--', '--json'], SPECS);
    assert.ok(r.ok);
    assert.deepEqual(r.args.positionals, ['a.gcg', 'b.gcg', '--json']);
    assert.deepEqual(
      [...r.args.values],
      [
        ['rules', 'fise'],
        ['output', 'x.svg'],
        ['jobs', '4'],
      ],
    );
    assert.deepEqual([...r.args.flags], ['json']);
    assert.equal(r.args.written.get('jobs'), '-j');
    assert.equal(r.args.written.get('output'), '-o');
  });

  it('the last of a repeated option wins; a lone dash is a positional; a value may start with a dash', () => {
    const r = parseCommandArgs(['--rules', 'fise', '--rules=naspa', '-', '--output', '-x'], SPECS);
    assert.ok(r.ok);
    assert.equal(r.args.values.get('rules'), 'naspa');
    assert.equal(r.args.values.get('output'), '-x');
    assert.deepEqual(r.args.positionals, ['-']);
  });

  for (const [argv, messageId, option] of [
    [['--nope'], 'cli.unknown-option', '--nope'],
    [['-q'], 'cli.unknown-option', '-q'],
    [['--rules'], 'cli.missing-value', '--rules'],
    [['--rules='], 'cli.missing-value', '--rules'],
    [['-o'], 'cli.missing-value', '-o'],
    [['--json=yes'], 'cli.flag-value', '--json'],
  ] as const) {
    it(`refuses ${JSON.stringify(argv)}: ${messageId}`, () => {
      const r = parseCommandArgs(argv, SPECS);
      assert.equal(r.ok, false);
      if (!r.ok) assert.deepEqual(r.problem, { messageId, option });
    });
  }

  it('main: --lang before or after the command, --help after a command, exit codes', async () => {
    const a = capture('es');
    assert.equal(await main(['--lang', 'en', 'check', '--nope'], a.io), 2);
    assert.deepEqual(a.err, ['planilla: unknown option "--nope"']);
    const b = capture('es');
    assert.equal(await main(['check', '--nope', '--lang=en'], b.io), 2);
    assert.deepEqual(b.err, ['planilla: unknown option "--nope"']);
    const c = capture();
    assert.equal(await main(['board', '--help'], c.io), 0);
    assert.match(c.out[0] ?? '', /^Usage: planilla board FILE/);
    const d = capture();
    assert.equal(await main(['--turn', '3', 'board'], d.io), 2);
    assert.deepEqual(d.err, ['planilla: unknown option "--turn"']);
    const e = capture();
    assert.equal(await main(['--lang', 'xx', 'check'], e.io), 2);
    assert.match(e.err[0] ?? '', /--lang/);
    const f = capture();
    assert.equal(await main([], f.io), 2);
    assert.equal(await main(['help'], f.io), 0);
    const g = capture();
    assert.equal(await main(['-v'], g.io), 0);
    assert.match(g.out[0] ?? '', /^\d+\.\d+\.\d+$/);
  });

  it('an unknown command is refused in the language asked for after its name', async () => {
    const a = capture('es');
    assert.equal(await main(['foo', '--lang', 'en'], a.io), 2);
    assert.deepEqual(a.err.length, 1);
    assert.match(a.err[0] ?? '', /unknown command/i);
    const b = capture('en');
    assert.equal(await main(['foo', '--lang=es', 'x.gcg'], b.io), 2);
    assert.match(b.err[0] ?? '', /desconocida/);
    const c = capture('en');
    assert.equal(await main(['foo', '--lang', 'xx'], c.io), 2);
    assert.match(c.err[0] ?? '', /--lang/);
  });
});
