/**
 * The commands of `planilla`, by name. Each entry loads its module (`require`, so the bundle keeps it
 * lazy too) only when that command runs,
 * so `planilla format x.gcg` never loads the report renderers or the worker pool.
 *
 * To add a command: export a `Command` (args.ts) from its module and add one line here; add its
 * usage lines to `cli.usage` (text/cli.ts) and its own help to text/cli-help.ts (both languages).
 *
 * Invariants: names are lower case, without dashes at the start; a loader never throws (a module
 * that fails to load is a broken installation, reported by main() as an internal error).
 *
 * Example:
 *   const command = COMMANDS.check?.();   // the `check` command, loaded now
 */
import type { Command } from './args';

export const COMMANDS: Readonly<Record<string, () => Command>> = {
  check: () => (require('./check') as typeof import('./check')).checkCommand(),
  board: () => (require('./board') as typeof import('./board')).boardCommand,
  report: () => (require('./report') as typeof import('./report')).reportCommand,
  format: () => (require('./format') as typeof import('./format')).formatCommand,
  export: () => (require('./format') as typeof import('./format')).exportCommand,
  fix: () => (require('./fix') as typeof import('./fix')).fixCommand,
  fill: () => (require('./fill') as typeof import('./fill')).fillCommand,
  compare: () => (require('./compare') as typeof import('./compare')).compareCommand,
  event: () => (require('./event') as typeof import('./event')).eventCommand(),
  lexicon: () => (require('./lexicon') as typeof import('./lexicon')).lexiconCommand,
  leaves: () => (require('./leaves') as typeof import('./leaves')).leavesCommand,
  moves: () => (require('./moves') as typeof import('./moves')).movesCommand(),
  endgame: () => (require('./endgame') as typeof import('./endgame')).endgameCommand,
  analyze: () => (require('./analyze') as typeof import('./analyze')).analyzeCommand(),
  reconstruct: () => (require('./reconstruct') as typeof import('./reconstruct')).reconstructCommand,
  lsp: () => (require('./lsp') as typeof import('./lsp')).lspCommand,
};
