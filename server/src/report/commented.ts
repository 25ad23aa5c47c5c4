/**
 * The audit report and the commented game as one call, for `planilla report` (cli/commands/report.ts) and
 * the editor's export (lsp/handlers/audit-report.ts) alike, so both write the same page for the
 * same record and options: the coach's figures come from the graded game (analysis/deep-game.ts)
 * whenever the commented game is asked for — with `deep`, the close turns simulated by the
 * injected `simulate` (worker threads in the CLI and the Node server, this thread elsewhere: the
 * simulation is seeded, so the figures are the same) — and from the static coach otherwise.
 *
 * Invariants: no word list (or another tile set) gives the report without the coach's figures, as
 * before; `deep` implies the commented game.
 *
 * Example:
 *   const { html } = await commentedReport({ path, analysis, lexicon, lang: 'es' }, { diagrams: true, deep: true, simulate });
 */
import { AnalysisUnsupported } from '../analysis/move';
import {
  deepAnalyzeGame,
  deepAnalyzeGameStatic,
  type DeepGame,
  type DeepOptions,
  type DeepSimulate,
  type DeepTurnRunner,
} from '../analysis/deep-game';
import { buildAudit, coachGame, type Audit, type AuditInput } from './audit';
import { renderHtmlReport } from './html';
import { renderMarkdownReport } from './markdown';

interface CommentedOptions {
  /** The commented game (every note and every large mistake with a diagram, the better moves, the graph). */
  readonly diagrams?: boolean;
  /** The deep analysis: close turns simulated (implies `diagrams`). */
  readonly deep?: boolean;
  /** Runs the simulation of a close turn (needed with `deep`). */
  readonly simulate?: DeepSimulate;
  /** Who grades the turns with `deep` (default this thread, one at a time; cli/shared/deep-threads.ts: worker threads). */
  readonly runner?: (options: DeepOptions) => DeepTurnRunner;
  /** Told after each turn graded (done, total). */
  readonly onTurn?: (done: number, total: number) => void;
  readonly format?: 'html' | 'md';
  /** The coach's figures (default true; the editor's `planilla.analysis.enabled`): none when false. */
  readonly coach?: boolean;
}

/** The graded game for the report, or undefined (no word list, another tile set, nothing asked). */
async function reportGame(input: Omit<AuditInput, 'coach' | 'deep'>, options: CommentedOptions): Promise<DeepGame | undefined> {
  const lexicon = input.lexicon;
  const replay = input.analysis.replay;
  if (options.coach === false || !lexicon || replay.tileSet !== 'spanish' || !(options.diagrams || options.deep)) return undefined;
  try {
    if (options.deep && options.simulate) {
      const deep: DeepOptions = { lexicon, top: 5, simulate: options.simulate };
      return await deepAnalyzeGame(replay, deep, options.onTurn, options.runner?.(deep));
    }
    return deepAnalyzeGameStatic(replay, { lexicon, top: 5 });
  } catch (error) {
    if (error instanceof AnalysisUnsupported) return undefined;
    throw error;
  }
}

/** The page (HTML or Markdown) and the audit it shows. */
export async function commentedReport(
  input: Omit<AuditInput, 'coach' | 'deep'>,
  options: CommentedOptions,
): Promise<{ readonly document: string; readonly audit: Audit; readonly deep?: DeepGame }> {
  const deep = await reportGame(input, options);
  const coach = deep || options.coach === false ? undefined : coachGame(input.analysis, input.lexicon);
  const audit = buildAudit({ ...input, ...(coach ? { coach } : {}), ...(deep ? { deep } : {}) });
  const render = { diagrams: options.diagrams === true || options.deep === true, ...(deep ? { deep } : {}) };
  const replay = input.analysis.replay;
  const document = options.format === 'md' ? renderMarkdownReport(audit, replay, render) : renderHtmlReport(audit, replay, render);
  return { document, audit, ...(deep ? { deep } : {}) };
}
