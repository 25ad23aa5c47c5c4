/**
 * The audit of one record, as data the HTML and Markdown reports render: players, rules edition,
 * tile set, lexicon (name, word count, SHA-256), one row per event (declared vs computed score and
 * total, words formed, findings with their article and its title), findings that belong to no
 * event line, the final result under the selected rules, and the notes of the record.
 *
 * Invariants: pure; never throws for any analysis; every string here is PLAIN text (file text and
 * catalogue text alike), so the renderers escape all of it; labels come from the message
 * catalogues in the chosen language; a finding is listed once, on the event whose line it starts
 * on, or else among `otherFindings`.
 *
 * Example:
 *   const a = buildAudit({ path: 'partida.gcg', analysis: analyze(bytes, { lexicon }), lexicon, lang: 'es' });
 *   a.turns[3].findings[0].citation;   // 'art. 12–19'
 */
import { headlineText } from '../service/headline';
import * as path from 'node:path';
import { articleTitle } from '../rules/articles';
import { citeArticle, editionLabel, formatMessage, renderFinding, severityLabel } from '../rules/messages';
import type { Edition, Finding, Language, Severity } from '../rules/types';
import type { LexiconInfo, Lexicon } from '../lexicon/types';
import type { Analysis } from '../service/document';
import type { EventNode, NoteNode } from '../syntax/types';
import type { Replay, TileSetName } from '../engine/types';
import { turnSummary, type TurnSummary } from '../service/board-model';
import { AnalysisUnsupported } from '../analysis';
import { analyzeGame, LARGE_MISTAKE, MEDIUM_MISTAKE, missingTilesText, type GameAnalysis } from '../analysis/coach';
import type { DeepGame } from '../analysis/deep-game';
import { verdictsOf, type Verdict } from '../analysis/verdict';

export interface AuditFinding {
  /** 1-based line and column. */
  readonly line: number;
  readonly column: number;
  readonly severity: Severity;
  readonly severityLabel: string;
  readonly code: string;
  readonly message: string;
  /** 'art. 37.4', or '' when the finding rests on no article. */
  readonly citation: string;
  /** The article's title in the selected edition, when known. */
  readonly title?: string;
}

/** A row of the audit: the turn's summary (service/board-model.ts) and what the audit adds. */
export interface AuditTurn extends TurnSummary {
  /** Index into Replay.turns. */
  readonly index: number;
  readonly kindLabel: string;
  /** The rack written on the line ('' when none). */
  readonly rack: string;
  /** The move as written ('8D LIBRO', '-UUV', '(C[CH]ÑT?)', …; '' for a pass). */
  readonly move: string;
  readonly scoreDiffers: boolean;
  readonly totalDiffers: boolean;
  readonly findings: readonly AuditFinding[];
  /** Notes attached to this event (Markdown text). */
  readonly notes: readonly string[];
  /**
   * With the coach's analysis (`Audit.coach`): the equity the move played lost against the best
   * move; null for a turn not analysed (rack unknown or partial) or an event that is no move.
   */
  readonly equityLost?: number | null;
  /** With the graded game (`AuditInput.deep`): the turn's one verdict (analysis/verdict.ts). */
  readonly verdict?: Verdict;
  /** The rack audit's caveat of a turn analysed without tiles that no longer exist (TurnAnalysis.missingTiles). */
  readonly caveat?: string;
}

/** One player's line of the coach's summary (analysis/coach.ts `PlayerSummary`). */
export interface AuditCoachPlayer {
  readonly nick: string;
  readonly equityLost: number;
  readonly turns: number;
  readonly perTurn: number;
  readonly small: number;
  readonly medium: number;
  readonly large: number;
}

interface AuditPlayer {
  readonly nick: string;
  readonly name: string;
  /** The player's score under the edition in force (`Replay.result`). */
  readonly final: number;
  /** The sheet's last declared total, or null. */
  readonly declaredFinal: number | null;
}

interface AuditResult {
  /** The scores under the edition in force (`Replay.result`). */
  readonly final: readonly [number, number];
  /** The game reached its end; when false the scores are provisional and nobody has won. */
  readonly complete: boolean;
  /** The record's headline (service/headline.ts), the sheet's numbers beside it when they differ. */
  readonly headline: string;
  /** Winner's player index, or -1 for a draw or an unfinished game. */
  readonly winner: number;
  readonly spread: number;
  /** One sentence: who won and by how much, or the draw. */
  readonly summary: string;
  /** How the game ended, with its article ('' when the record does not reach the end). */
  readonly ending: string;
  readonly endingCitation: string;
  readonly endingTitle?: string;
}

export interface Audit {
  readonly lang: Language;
  readonly path: string;
  /** `#title`, else the file name. */
  readonly title: string;
  readonly players: readonly [AuditPlayer, AuditPlayer];
  readonly edition: Edition;
  readonly editionLabel: string;
  /** Why this edition ('de la planilla (#rules)', …). */
  readonly editionSource: string;
  readonly tileSet: TileSetName;
  readonly tileSetLabel: string;
  readonly lexicon?: LexiconInfo;
  /** What the record's `#lexicon` says, if anything. */
  readonly declaredLexicon?: string;
  readonly counts: Readonly<Record<Severity, number>>;
  readonly turns: readonly AuditTurn[];
  readonly otherFindings: readonly AuditFinding[];
  readonly result: AuditResult;
  /** Notes before the first event (Markdown text). */
  readonly headerNotes: readonly string[];
  /** The coach's analysis (equity lost per turn, per-player summary), when it was run. */
  readonly coach?: { readonly players: readonly [AuditCoachPlayer, AuditCoachPlayer] };
}

export interface AuditInput {
  /** The path as the user gave it (shown as is). */
  readonly path: string;
  readonly analysis: Analysis;
  readonly lexicon?: Lexicon;
  readonly lang: Language;
  /** The coach's analysis of the game (`coachGame`): adds the equity lost column and summary. */
  readonly coach?: GameAnalysis;
  /**
   * The graded game (analysis/deep-game.ts): when given, the equity lost column, the summary and
   * each turn's verdict come from it instead of `coach`, so the report says what `analyze --deep` says.
   */
  readonly deep?: DeepGame;
}

/**
 * The coach's analysis of a whole game for the report (best move only: the report shows the
 * loss, not the alternatives); undefined without a word list or for a tile set the generator does
 * not cover (the report then has no equity column).
 */
export function coachGame(analysis: Analysis, lexicon: Lexicon | undefined): GameAnalysis | undefined {
  if (!lexicon) return undefined;
  try {
    return analyzeGame(analysis.replay, { lexicon, top: 1 });
  } catch (error) {
    if (error instanceof AnalysisUnsupported) return undefined;
    throw error;
  }
}

const t = (lang: Language, id: string, args: Record<string, string | number> = {}): string => formatMessage(id, args, lang);

export function auditFinding(f: Finding, edition: Edition, lang: Language): AuditFinding {
  const title = f.article ? articleTitle(edition, f.article, lang) : undefined;
  return {
    line: f.span.start.line + 1,
    column: f.span.start.column + 1,
    severity: f.severity,
    severityLabel: severityLabel(f.severity, lang),
    code: f.code,
    message: renderFinding(f, lang),
    citation: citeArticle(f.article, lang),
    ...(title !== undefined ? { title } : {}),
  };
}

/** The move part of an event line, as written. */
function moveText(e: EventNode): string {
  switch (e.kind) {
    case 'placement':
      return [e.coord?.text, e.play?.text].filter((s) => s !== undefined && s !== '').join(' ');
    case 'exchange':
      return e.exchanged ? `-${e.exchanged.text}` : (e.exchangedCount?.text ?? '');
    case 'pass':
      return '';
    case 'withdrawn':
      return '--';
    case 'end-rack':
    case 'rack-deduction':
      return e.endRack ? `(${e.endRack.text})` : '';
    default:
      return e.keyword ? `(${e.keyword.text})` : '';
  }
}

function noteTexts(notes: readonly NoteNode[]): string[] {
  return notes.map((n) => n.text);
}

function resultOf(replay: Replay, lang: Language): AuditResult {
  const [a, b] = replay.result;
  const headline = headlineText(replay, lang);
  const end = replay.gameEnd;
  if (!replay.complete || !end) {
    // A provisional score: no result, no winner.
    return {
      final: replay.result,
      complete: false,
      headline,
      winner: -1,
      spread: Math.abs(a - b),
      summary: t(lang, 'report.result.unfinished'),
      ending: '',
      endingCitation: '',
    };
  }
  const winner: -1 | 0 | 1 = a === b ? -1 : a > b ? 0 : 1;
  const spread = Math.abs(a - b);
  const summary =
    winner === -1
      ? t(lang, 'report.result.draw', { score: a })
      : t(lang, 'report.result.winner', { nick: replay.players[winner].nick, spread });
  const title = end.article ? articleTitle(replay.rules, end.article, lang) : undefined;
  return {
    final: replay.result,
    complete: true,
    headline,
    winner,
    spread,
    summary,
    ending: t(lang, `end.${end.reason}`),
    endingCitation: citeArticle(end.article, lang),
    ...(title !== undefined ? { endingTitle: title } : {}),
  };
}

export function buildAudit(input: AuditInput): Audit {
  const { analysis, lang } = input;
  const { replay } = analysis;
  const edition = replay.rules;
  const byLine = new Map<number, AuditFinding[]>();
  const eventLines = new Set(replay.turns.map((turn) => turn.event.line));
  const otherFindings: AuditFinding[] = [];
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const f of analysis.findings) {
    counts[f.severity]++;
    const item = auditFinding(f, edition, lang);
    if (eventLines.has(f.span.start.line)) {
      const list = byLine.get(f.span.start.line) ?? [];
      list.push(item);
      byLine.set(f.span.start.line, list);
    } else {
      otherFindings.push(item);
    }
  }
  const lost = new Map<number, number>();
  const verdicts = new Map<number, Verdict>();
  if (input.deep) for (const v of verdictsOf(replay, input.deep.turns)) verdicts.set(v.index, v);
  if (input.deep) for (const v of verdicts.values()) lost.set(v.index, v.loss);
  else for (const c of input.coach?.turns ?? []) if (c.equityLost !== undefined) lost.set(c.index, c.equityLost);
  const coached = input.coach !== undefined || input.deep !== undefined;
  const caveats = new Map<number, string>();
  for (const c of input.deep ? input.deep.turns.map((x) => x.coach) : (input.coach?.turns ?? [])) {
    const caveat = missingTilesText(c.missingTiles, lang);
    if (caveat !== undefined) caveats.set(c.index, caveat);
  }
  const turns: AuditTurn[] = replay.turns.map((turn) => {
    const e = turn.event;
    const summary = turnSummary(replay, turn);
    return {
      index: turn.index,
      ...summary,
      kindLabel: t(lang, `report.kind.${turn.kind}`),
      rack: e.rack?.text ?? '',
      move: moveText(e),
      scoreDiffers: summary.declaredScore !== null && summary.declaredScore !== summary.computedScore,
      totalDiffers: summary.declaredTotal !== null && summary.declaredTotal !== summary.computedTotal,
      findings: byLine.get(e.line) ?? [],
      notes: noteTexts(e.notes),
      ...(coached ? { equityLost: lost.get(turn.index) ?? null } : {}),
      ...(verdicts.has(turn.index) ? { verdict: verdicts.get(turn.index)! } : {}),
      ...(caveats.has(turn.index) ? { caveat: caveats.get(turn.index)! } : {}),
    };
  });
  const last = replay.turns.at(-1);
  const players = [0, 1].map((p) => ({
    nick: replay.players[p].nick,
    name: replay.players[p].name,
    final: replay.result[p],
    declaredFinal: last ? last.declaredTotals[p] : null,
  })) as [AuditPlayer, AuditPlayer];
  const titlePragma = replay.file.pragmas.find((p) => p.name === 'title');
  const lexiconPragma = replay.file.pragmas.find((p) => p.name === 'lexicon');
  return {
    lang,
    path: input.path,
    title: titlePragma && titlePragma.args.value.trim() !== '' ? titlePragma.args.value.trim() : path.basename(input.path),
    players,
    edition,
    editionLabel: editionLabel(edition, lang),
    editionSource: t(lang, `report.rules-source.${replay.rulesSource}`),
    tileSet: replay.tileSet,
    tileSetLabel: t(lang, `report.tile-set.${replay.tileSet}`),
    // The list named is the one that judged the words: none for another tile set (docs/decisions.md).
    ...(input.lexicon && replay.tileSet === 'spanish' ? { lexicon: input.lexicon.info } : {}),
    ...(lexiconPragma && lexiconPragma.args.value.trim() !== '' ? { declaredLexicon: lexiconPragma.args.value.trim() } : {}),
    counts,
    turns,
    otherFindings,
    result: resultOf(replay, lang),
    headerNotes: noteTexts(replay.file.headerNotes),
    ...(input.deep
      ? { coach: { players: verdictPlayers([...verdicts.values()], replay) } }
      : input.coach
        ? { coach: { players: coachPlayers(input.coach, replay) } }
        : {}),
  };
}

function coachPlayers(game: GameAnalysis, replay: Replay): [AuditCoachPlayer, AuditCoachPlayer] {
  const one = (p: 0 | 1): AuditCoachPlayer => {
    const s = game.summary[p];
    return { nick: replay.players[p].nick, equityLost: s.equityLost, turns: s.turns, perTurn: s.perTurn, ...s.mistakes };
  };
  return [one(0), one(1)];
}

/** The coach's summary from the verdicts: the losses they give, graded as analysis/coach.ts grades them. */
function verdictPlayers(verdicts: readonly Verdict[], replay: Replay): [AuditCoachPlayer, AuditCoachPlayer] {
  const one = (p: 0 | 1): AuditCoachPlayer => {
    const mine = verdicts.filter((v) => v.player === p);
    const total = mine.reduce((sum, v) => sum + v.loss, 0);
    const grade = (lo: number, hi: number): number => mine.filter((v) => v.loss > lo && v.loss <= hi).length;
    return {
      nick: replay.players[p].nick,
      equityLost: Math.round(total * 100) / 100,
      turns: mine.length,
      perTurn: mine.length > 0 ? Math.round((total / mine.length) * 100) / 100 : 0,
      small: grade(0, MEDIUM_MISTAKE),
      medium: grade(MEDIUM_MISTAKE, LARGE_MISTAKE),
      large: grade(LARGE_MISTAKE, Infinity),
    };
  };
  return [one(0), one(1)];
}

/** 'sin problemas' or '2 error(es), 1 aviso(s)'. */
export function countsText(counts: Readonly<Record<Severity, number>>, lang: Language): string {
  const parts = (['error', 'warning', 'information', 'hint'] as const)
    .filter((s) => counts[s] > 0)
    .map((s) => t(lang, `cli.count.${s}`, { n: counts[s] }));
  return parts.length > 0 ? parts.join(', ') : t(lang, 'cli.summary.clean');
}
