/**
 * The help of each command: `planilla <command> --help` (and `planilla help <command>`,
 * `planilla --help <command>`) prints that command's own help, not the list of commands, in
 * Spanish and English; every option a command's parser accepts is named in its help, and in the
 * list of commands. The test walks the command table, so a new option without its line fails here.
 */
import * as assert from 'node:assert/strict';
import { main } from '../../../server/src/cli';
import { GLOBAL_OPTIONS } from '../../../server/src/cli/shared/args';
import { COMMANDS } from '../../../server/src/cli/table';
import type { CliIo } from '../../../server/src/cli/shared/io';
import { formatMessage } from '../../../server/src/rules/messages';
import type { Language } from '../../../server/src/rules/types';

const LANGS: readonly Language[] = ['es', 'en'];

async function run(argv: readonly string[], lang: Language): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (s) => out.push(s), err: (s) => err.push(s), lang, tty: false };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** `--name` written as a whole word (not the start of `--name-more`). */
function names(text: string, spelling: string): boolean {
  const escaped = spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s\\[(|,])${escaped}(?![\\w-])`, 'm').test(text);
}

describe('cli: the help of each command', () => {
  for (const name of Object.keys(COMMANDS)) {
    const command = COMMANDS[name]();
    for (const lang of LANGS) {
      it(`${name} --help (${lang}) is its own help and names every option`, async () => {
        const r = await run([name, '--help', '--lang', lang], lang);
        assert.equal(r.code, 0, r.err);
        assert.equal(r.err, '');
        assert.notEqual(r.out, formatMessage('cli.usage', {}, lang), 'the list of commands instead of its help');
        assert.match(r.out, new RegExp(`planilla ${name}\\b`));
        const options = { ...GLOBAL_OPTIONS, ...command.options };
        for (const [option, spec] of Object.entries(options)) {
          assert.ok(names(r.out, `--${option}`), `--${option} is not in the help of ${name} (${lang}):\n${r.out}`);
          if (spec.short) assert.ok(names(r.out, `-${spec.short}`), `-${spec.short} is not in the help of ${name} (${lang})`);
        }
      });
    }
    it(`planilla help ${name} and planilla --help ${name} print the same help`, async () => {
      const own = await run([name, '--help'], 'en');
      assert.deepEqual(await run(['help', name], 'en'), own);
      assert.deepEqual(await run(['--help', name], 'en'), own);
    });
  }

  it('the help is in the language asked for', async () => {
    assert.match((await run(['endgame', '--help', '--lang', 'es'], 'en')).out, /^Uso: planilla endgame/);
    assert.match((await run(['endgame', '--help', '--lang', 'en'], 'es')).out, /^Usage: planilla endgame/);
  });

  it('the list of commands names every option of every command somewhere', () => {
    for (const lang of LANGS) {
      const usage = formatMessage('cli.usage', {}, lang);
      for (const name of Object.keys(COMMANDS)) {
        if (['lexicon', 'leaves', 'lsp'].includes(name)) continue; // "see planilla lexicon --help"
        for (const [option, spec] of Object.entries(COMMANDS[name]().options)) {
          // The list may give an option by its one-letter alias (`-o OUT`).
          const named = names(usage, `--${option}`) || (spec.short !== undefined && names(usage, `-${spec.short}`));
          assert.ok(named, `--${option} (${name}) is not in the list of commands (${lang})`);
        }
      }
    }
  });

  it('planilla help without a command, or with an unknown one, prints the list of commands', async () => {
    assert.equal((await run(['help'], 'en')).out, formatMessage('cli.usage', {}, 'en'));
    assert.equal((await run(['help', 'nope'], 'en')).out, formatMessage('cli.usage', {}, 'en'));
  });
});
