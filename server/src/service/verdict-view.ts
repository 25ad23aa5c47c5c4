/**
 * The shared verdict of a turn in the editor (docs/deep-analysis.md "In the editor"): the hover,
 * the lens and the board view show, for a turn graded deeply, the verdict every other surface
 * shows (analysis/verdict.ts, from deep-game.ts `gradeTurn`): the move named best, the loss, the
 * win % lost and the method. Verdicts are kept per document version (`VerdictCache`), filled by
 * "Analizar a fondo" on one move (lsp/handlers/deep-analysis.ts) and by the commented game
 * exported with the deep analysis (lsp/handlers/audit-report.ts: every turn of the game).
 *
 * Invariants: pure apart from the cache; every text from the catalogues (`ui.verdict.*`, the
 * method from `winpct.how.*`), numbers written for the language; a verdict is shown only for the
 * version it was computed on.
 *
 * Example:
 *   verdictLensTitle(v, 'es');   // 'a fondo (simulada ± 3,5, 100 iteraciones): mejor 8D CAMINO +26; la jugada hecha pierde 4,5 y 2,1 % de victoria'
 */
import { missingTilesText } from '../analysis/coach';
import { deepAnalyzeTurn, type DeepSimulate, type SimulatedMove } from '../analysis/deep-game';
import { verdictMethodText, verdictOf, type Verdict } from '../analysis/verdict';
import type { Replay } from '../engine/types';
import type { Lexicon } from '../lexicon/types';
import { formatNumber } from '../rules/template';
import type { Language } from '../rules/types';
import type { VerdictFigures } from '../shared/protocol';
import type { CodeLens } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { equityText, moveName, sameMove } from './coach';
import { uiText } from './i18n';
import { md } from './hover';

/** A verdict kept for the editor, with the simulated moves it was reached from (method `sim`). */
export interface HeldVerdict {
  readonly verdict: Verdict;
  /** Whether the static best moves were close (the method's text says "reñida" for a static one). */
  readonly close?: boolean;
  readonly sims?: readonly SimulatedMove[];
  /** The rack audit's caveat: tiles of the sheet's rack that no longer exist (TurnAnalysis.missingTiles). */
  readonly missingTiles?: readonly string[];
}

/** A turn graded for the editor: its verdict, or that it has none (`skipped`: the coach's reason, or no legal move). */
export type VerdictAnswer = { readonly held: HeldVerdict } | { readonly skipped: string };

/**
 * The verdict of turn `index`, graded as `analyze --deep` and the commented game grade it
 * (deep-game.ts `deepAnalyzeTurn`, `top` 5, the built-in leave values, `simulate` running the
 * close turns' simulation as `simulateHere` does), with the moves simulated kept beside it.
 */
export async function turnVerdict(
  replay: Replay,
  index: number,
  lexicon: Lexicon,
  simulate: DeepSimulate,
  timeLimitMs?: number,
): Promise<VerdictAnswer> {
  let sims: readonly SimulatedMove[] | undefined;
  const keep: DeepSimulate = async (position, moves, passes, limit) => {
    sims = await simulate(position, moves, passes, limit);
    return sims;
  };
  const t = await deepAnalyzeTurn(replay, index, { lexicon, top: 5, simulate: keep }, timeLimitMs);
  const verdict = t && verdictOf(replay, t);
  if (!t || !verdict) return { skipped: t?.reason ?? 'none' };
  const simulated = t.method === 'sim' ? sims?.filter((x) => x.iterations > 0).sort((a, b) => b.equity - a.equity) : undefined;
  return {
    held: {
      verdict,
      ...(t.close !== undefined ? { close: t.close } : {}),
      ...(simulated ? { sims: simulated } : {}),
      ...(t.coach.missingTiles ? { missingTiles: t.coach.missingTiles } : {}),
    },
  };
}

const pct = (p: number, lang: Language): string => formatNumber(Math.round(p * 1000) / 10, lang, 1);

/** The method in words: 'estática', 'simulada ± 3,5, 100 iteraciones', 'prefinal, …', 'final exacto'. */
export function verdictHow(h: HeldVerdict, lang: Language): string {
  return verdictMethodText(h.verdict, lang, h.close === true);
}

/** What the verdict says of the move played, without the method. */
function verdictClause(v: Verdict, lang: Language): string {
  if (v.playedIsBest) return uiText('ui.verdict.playedBest', lang, { move: moveName(v.best, lang) });
  return uiText('ui.verdict.loses', lang, {
    move: moveName(v.best, lang),
    loss: equityText(v.loss, lang),
    win: pct(v.winLost, lang),
  });
}

/** The lens of a turn with a verdict: 'a fondo (simulada …): mejor 8D CAMINO +26; la jugada hecha pierde 4,5 y 2,1 % de victoria'. */
export function verdictLensTitle(h: HeldVerdict, lang: Language): string {
  const title = uiText('ui.verdict.lens', lang, { how: verdictHow(h, lang), verdict: verdictClause(h.verdict, lang) });
  const caveat = missingTilesText(h.missingTiles, lang);
  return caveat ? `${title} (${caveat})` : title;
}

/** The hover's paragraph (at its top): the verdict, then the simulated moves it was reached from. */
export function verdictHoverMarkdown(h: HeldVerdict, lang: Language): string {
  const lines = [`**${uiText('ui.verdict.heading', lang, { how: verdictHow(h, lang) })}** ${verdictClause(h.verdict, lang)}`];
  const caveat = missingTilesText(h.missingTiles, lang);
  if (caveat) lines.push(`*${md(caveat)}*`);
  for (const s of h.sims ?? []) lines.push(`- ${simLine(s, lang)}`);
  return lines.join('  \n');
}

/** One simulated move: '8D CAMINO +26: equidad simulada 12,3 ± 1,2 · gana 54,1 %'. */
export function simLine(s: SimulatedMove, lang: Language): string {
  return uiText('ui.verdict.simMove', lang, {
    move: moveName(s.move, lang),
    equity: equityText(Math.round(s.equity * 100) / 100, lang),
    half: equityText(Math.round((s.margin ?? 0) * 100) / 100, lang),
    win: s.winPct === undefined ? '—' : pct(s.winPct, lang),
  });
}

/** The verdict as the protocol carries it (figures unrounded, the move named as a coach names it). */
export function verdictFigures(h: HeldVerdict, lang: Language): VerdictFigures {
  const v = h.verdict;
  return {
    method: v.method,
    how: verdictHow(h, lang),
    best: moveName(v.best, lang),
    code: v.code,
    playedIsBest: v.playedIsBest,
    loss: v.loss,
    winLost: v.winLost,
    ...(v.margin !== undefined ? { margin: v.margin } : {}),
    ...(v.exact !== undefined ? { exact: v.exact } : {}),
  };
}

/** The one-line notice when a move's verdict is reached. */
export function verdictSummaryText(h: HeldVerdict, lang: Language): string {
  return verdictLensTitle(h, lang);
}

/** Whether a simulated move is the move named best (the board view marks it). */
export function isNamedBest(h: HeldVerdict, s: SimulatedMove): boolean {
  return sameMove(s.move, h.verdict.best);
}

/** The client command a deep lens runs (client/src/deep.ts), with the record's URI and the move's line. */
export const DEEP_COMMAND = 'planilla.deepAnalysis';

/**
 * One lens per move the coach can analyse (`lines`: the 0-based lines of its lenses): "Analizar
 * a fondo", or, once the turn has a verdict for this version, the verdict; either way it runs the
 * analysis (again) when clicked. None without a word list or with a tile set other than the
 * Spanish (the analysis could not run).
 */
export function verdictLenses(
  analysis: Analysis,
  lines: readonly number[],
  where: { readonly uri: string; readonly version: number },
  cache: VerdictCache,
  lang: Language,
  lexicon: Lexicon | undefined,
): CodeLens[] {
  if (!lexicon || analysis.replay.tileSet !== 'spanish') return [];
  return lines.map((line) => {
    const held = cache.atLine(where.uri, where.version, line);
    const title = held ? verdictLensTitle(held, lang) : uiText('ui.deep.lensAction', lang);
    return {
      range: { start: { line, character: 0 }, end: { line, character: 0 } },
      command: { title, command: DEEP_COMMAND, arguments: [where.uri, line] },
    };
  });
}

/** Verdicts per document: only those of one version are kept (a change makes them stale). */
export class VerdictCache {
  private readonly byUri = new Map<string, { version: number; byIndex: Map<number, HeldVerdict> }>();

  /** Keeps verdicts of `version` (an older version than the one held is ignored). */
  set(uri: string, version: number, verdicts: Iterable<HeldVerdict>): void {
    let held = this.byUri.get(uri);
    if (!held || held.version !== version) {
      if (held && held.version > version) return;
      held = { version, byIndex: new Map() };
      this.byUri.set(uri, held);
    }
    for (const h of verdicts) held.byIndex.set(h.verdict.index, h);
  }

  /** The verdict of turn `index` of exactly this version. */
  get(uri: string, version: number, index: number): HeldVerdict | undefined {
    const held = this.byUri.get(uri);
    return held && held.version === version ? held.byIndex.get(index) : undefined;
  }

  /** The verdict of the turn whose event is on `line` (0-based) of exactly this version. */
  atLine(uri: string, version: number, line: number): HeldVerdict | undefined {
    const held = this.byUri.get(uri);
    if (!held || held.version !== version) return undefined;
    for (const h of held.byIndex.values()) if (h.verdict.line === line + 1) return h;
    return undefined;
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  clear(): void {
    this.byUri.clear();
  }
}
