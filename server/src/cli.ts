/**
 * The `planilla` command: checks, shows, formats and exports game records from a terminal,
 * with the same engine and messages as the editor. Subcommands live in `cli/`.
 *
 * Invariants: `main` never throws and never prints a stack trace; it resolves to the exit code
 * (0 fine, 1 findings with errors / rejected words, 2 bad usage or unreadable input).
 *
 * Example:
 *   planilla check samples/
 *   planilla --lang en board partida.gcg --turn 12
 */
import { consoleIo, detectLanguage, t, type CliIo } from './cli/io';
import { runCheck } from './cli/check';
import { runBoard } from './cli/board';
import { runReport } from './cli/report';
import { runFormat, runExport } from './cli/format';
import { runLexiconCommand } from './cli/lexicon';
import { runLsp } from './cli/lsp';
import type { Language } from './rules/types';

const VERSION: string = (() => {
  try {
    return (require('../../../package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
})();

export async function main(argv: readonly string[], io?: CliIo): Promise<number> {
  const args = [...argv];
  let lang: Language = io?.lang ?? detectLanguage(process.env);
  const langIndex = args.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  if (langIndex >= 0) {
    const value = args[langIndex].includes('=') ? args[langIndex].split('=')[1] : args[langIndex + 1];
    args.splice(langIndex, args[langIndex].includes('=') ? 1 : 2);
    if (value === 'es' || value === 'en') lang = value;
    else {
      (io ?? consoleIo(lang)).err(t(lang, 'cli.bad-value', { option: '--lang', value: value ?? '', allowed: 'es, en' }));
      return 2;
    }
  }
  const out: CliIo = io && io.lang === lang ? io : { ...(io ?? consoleIo(lang)), lang };
  const [command, ...rest] = args;
  try {
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        out.out(t(lang, 'cli.usage'));
        return command === undefined ? 2 : 0;
      case '--version':
      case '-v':
        out.out(VERSION);
        return 0;
      case 'check':
        return await runCheck(rest, out);
      case 'board':
        return await runBoard(rest, out);
      case 'report':
        return await runReport(rest, out);
      case 'format':
        return await runFormat(rest, out);
      case 'export':
        return await runExport(rest, out);
      case 'lexicon':
        return await runLexiconCommand(rest, out);
      case 'lsp':
        return await runLsp(rest, out);
      default:
        out.err(t(lang, 'cli.unknown-command', { command }));
        return 2;
    }
  } catch (e) {
    out.err(t(lang, 'cli.internal-error', { path: command ?? '', detail: e instanceof Error ? e.message : String(e) }));
    return 2;
  }
}
