/**
 * The commands of `planilla`, by name: the table main() (cli.ts) reads. Each entry loads its
 * module in `commands/` (`require`, so the bundle keeps it lazy too) only when that command runs,
 * so `planilla format x.gcg` never loads the report renderers or the worker pool.
 *
 * To add a command: write `commands/<name>.ts` exporting a `Command` (shared/args.ts), built on the
 * helpers of `shared/` (never on another command's module), and add one line here; add its usage
 * lines to `cli.usage` (text/cli.ts) and its own help to text/cli-help.ts (both languages).
 *
 * Invariants: names are lower case, without dashes at the start; a loader never throws (a module
 * that fails to load is a broken installation, reported by main() as an internal error).
 *
 * Example:
 *   const command = COMMANDS.check?.();   // the `check` command, loaded now
 */
import type { Command } from './shared/args';

export const COMMANDS: Readonly<Record<string, () => Command>> = {
  check: () => (require('./commands/check') as typeof import('./commands/check')).checkCommand(),
  board: () => (require('./commands/board') as typeof import('./commands/board')).boardCommand,
  report: () => (require('./commands/report') as typeof import('./commands/report')).reportCommand,
  format: () => (require('./commands/format') as typeof import('./commands/format')).formatCommand,
  export: () => (require('./commands/export') as typeof import('./commands/export')).exportCommand,
  fix: () => (require('./commands/fix') as typeof import('./commands/fix')).fixCommand,
  fill: () => (require('./commands/fill') as typeof import('./commands/fill')).fillCommand,
  compare: () => (require('./commands/compare') as typeof import('./commands/compare')).compareCommand,
  event: () => (require('./commands/event') as typeof import('./commands/event')).eventCommand(),
  lexicon: () => (require('./commands/lexicon') as typeof import('./commands/lexicon')).lexiconCommand,
  leaves: () => (require('./commands/leaves') as typeof import('./commands/leaves')).leavesCommand,
  moves: () => (require('./commands/moves') as typeof import('./commands/moves')).movesCommand(),
  endgame: () => (require('./commands/endgame') as typeof import('./commands/endgame')).endgameCommand,
  analyze: () => (require('./commands/analyze') as typeof import('./commands/analyze')).analyzeCommand(),
  reconstruct: () => (require('./commands/reconstruct') as typeof import('./commands/reconstruct')).reconstructCommand,
  lsp: () => (require('./commands/lsp') as typeof import('./commands/lsp')).lspCommand,
};
