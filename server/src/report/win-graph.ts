/**
 * The commented game's deep figures (docs/deep-analysis.md "analyze --deep"): the better move of
 * every turn that lost more than a threshold, with the win % it lost, and the graph of the first
 * player's win % and spread over the whole game as an inline SVG.
 *
 * The graph: one point per analysed turn, before it (the win % of the table, win-pct.ts, and the
 * spread, both for the first player of the record), and a last point at the end of the game (the
 * result: 100, 50 or 0 %, and the final spread). The win % is drawn against the left axis
 * (0–100 %), the spread against the right one (symmetric around 0, to the largest spread seen).
 *
 * Invariants: pure; the SVG is inline (no XML declaration, no namespace, no id, no style sheet,
 * no script, no link); every text from the record goes through `escapeXml`; with fewer than two
 * points there is no graph (empty string).
 *
 * Example:
 *   const deep = deepAnalyzeGameStatic(replay, { lexicon, top: 5 });
 *   winGraphSvg(gamePoints(deep, replay), ['Ana', 'Luis'], 'es');   // '<svg …>…</svg>'
 *   betterMoves(deep, replay);                                     // [{ index: 14, equityLost: 12.5, verdict, … }]
 */
import type { DeepGame } from '../analysis/deep-game';
import { verdictMethodText, verdictOf, type Verdict } from '../analysis/verdict';
import type { Move } from '../analysis/move';
import { movePosition, moveWord } from '../analysis/moves';
import type { Replay } from '../engine/types';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import { escapeXml } from './escape';

/** A turn is shown with its better move when it lost more than this many points of equity. */
export const BETTER_MOVE_THRESHOLD = 7;

interface GamePoint {
  /** 1-based turn number; the last point is the end of the game. */
  readonly turn: number;
  /** The first player's win probability (0..1) and spread. */
  readonly win: number;
  readonly spread: number;
}

/** The points of the graph (module header). */
export function gamePoints(deep: DeepGame, replay: Replay): GamePoint[] {
  const out: GamePoint[] = [];
  for (const t of deep.turns) {
    if (t.winBefore === undefined || t.spreadBefore === undefined || t.player < 0) continue;
    const first = t.player === 0;
    out.push({ turn: out.length + 1, win: first ? t.winBefore : 1 - t.winBefore, spread: first ? t.spreadBefore : -t.spreadBefore });
  }
  const last = replay.turns[replay.turns.length - 1];
  if (last && out.length > 0) {
    const spread = last.totals[0] - last.totals[1];
    out.push({ turn: out.length + 1, win: spread > 0 ? 1 : spread < 0 ? 0 : 0.5, spread });
  }
  return out;
}

interface BetterMove {
  readonly index: number;
  readonly player: number;
  readonly best: Move;
  readonly equityLost: number;
  readonly winLost: number;
  /** The turn's one verdict (analysis/verdict.ts), whose figures these are. */
  readonly verdict: Verdict;
  /** The move played. */
  readonly played: Move;
}

/** Every turn whose verdict lost more than `threshold` points, with the move named best. */
export function betterMoves(deep: DeepGame, replay: Replay, threshold = BETTER_MOVE_THRESHOLD): BetterMove[] {
  const out: BetterMove[] = [];
  for (const t of deep.turns) {
    const v = verdictOf(replay, t);
    if (!v || !t.coach.played || v.loss <= threshold) continue;
    out.push({
      index: t.index,
      player: t.player,
      best: v.best,
      equityLost: v.loss,
      winLost: v.winLost,
      verdict: v,
      played: t.coach.played,
    });
  }
  return out;
}

/** A move as the reports write it: '8H CASA', 'cambio ABC', 'pasa'. */
function moveLabel(m: Move, lang: Language): string {
  if (m.kind === 'pass') return formatMessage('analysis.pass', {}, lang);
  if (m.kind === 'exchange') return formatMessage('analysis.exchange', { tiles: moveWord(m) }, lang);
  return `${movePosition(m)} ${moveWord(m)}`;
}

const signedScore = (n: number): string => (n >= 0 ? `+${n}` : String(n));

/** A move played, readable: 'Daniel: 5E ACUESTA +36' (escaped by the caller for its format). */
export function playedMoveText(nick: string, m: Move, lang: Language): string {
  return `${nick}: ${moveLabel(m, lang)} ${signedScore(m.score)}`;
}

/** The sentence of a better move, with how it was found (escaped by the caller for its format). */
export function betterMoveText(b: BetterMove, lang: Language): string {
  return formatMessage(
    'winpct.report.better',
    {
      best: moveLabel(b.best, lang),
      bestScore: signedScore(b.best.score),
      how: verdictMethodText(b.verdict, lang),
      lost: b.equityLost,
      winLost: Math.round(b.winLost * 1000) / 10,
    },
    lang,
  );
}

const W = 640;
const H = 240;
const LEFT = 44;
const RIGHT = 52;
const TOP = 28;
const BOTTOM = 34;

/** The graph (module header); '' with fewer than two points. */
export function winGraphSvg(points: readonly GamePoint[], players: readonly [string, string], lang: Language): string {
  if (points.length < 2) return '';
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const maxSpread = Math.max(50, ...points.map((p) => Math.abs(p.spread)));
  const x = (i: number): string => (LEFT + (plotW * i) / (points.length - 1)).toFixed(1);
  const yWin = (p: number): string => (TOP + plotH * (1 - p)).toFixed(1);
  const ySpread = (s: number): string => (TOP + (plotH * (1 - s / maxSpread)) / 2).toFixed(1);
  const win = points.map((p, i) => `${i ? 'L' : 'M'}${x(i)} ${yWin(p.win)}`).join(' ');
  const spread = points.map((p, i) => `${i ? 'L' : 'M'}${x(i)} ${ySpread(p.spread)}`).join(' ');
  const winLabel = escapeXml(formatMessage('winpct.graph.win', { player: players[0] }, lang));
  const spreadLabel = escapeXml(formatMessage('winpct.graph.spread', { player: players[0] }, lang));
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((t) => `<text x="${LEFT - 4}" y="${(Number(yWin(t)) + 3).toFixed(1)}" text-anchor="end">${100 * t}</text>`)
    .join('');
  const spreadTicks = [-maxSpread, 0, maxSpread]
    .map((s) => `<text x="${W - RIGHT + 4}" y="${(Number(ySpread(s)) + 3).toFixed(1)}">${s > 0 ? '+' : ''}${s}</text>`)
    .join('');
  const dots = points
    .map((p, i) => {
      const title = escapeXml(
        formatMessage(
          'winpct.graph.point',
          {
            turn: p.turn,
            player: players[0],
            win: Math.round(p.win * 1000) / 10,
            spread: p.spread > 0 ? `+${p.spread}` : String(p.spread),
          },
          lang,
        ),
      );
      return `<circle cx="${x(i)}" cy="${yWin(p.win)}" r="2.5" fill="#1f6feb"><title>${title}</title></circle>`;
    })
    .join('');
  const title = escapeXml(formatMessage('winpct.graph.title', {}, lang));
  return [
    `<svg class="win-graph" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${title}" font-family="sans-serif" font-size="10">`,
    `<title>${title}</title>`,
    `<rect x="${LEFT}" y="${TOP}" width="${plotW}" height="${plotH}" fill="#ffffff" stroke="#999999"/>`,
    `<line x1="${LEFT}" y1="${yWin(0.5)}" x2="${W - RIGHT}" y2="${yWin(0.5)}" stroke="#cccccc" stroke-dasharray="3 3"/>`,
    `<path d="${spread}" fill="none" stroke="#d1242f" stroke-width="1.2"/>`,
    `<path d="${win}" fill="none" stroke="#1f6feb" stroke-width="1.8"/>`,
    dots,
    ticks,
    spreadTicks,
    `<text x="${LEFT}" y="${TOP - 10}" fill="#1f6feb">${winLabel} (%)</text>`,
    `<text x="${W - RIGHT}" y="${TOP - 10}" fill="#d1242f" text-anchor="end">${spreadLabel}</text>`,
    `<text x="${LEFT + plotW / 2}" y="${H - 8}" text-anchor="middle">${escapeXml(formatMessage('winpct.graph.turn', {}, lang))}</text>`,
    '</svg>',
  ].join('\n');
}
