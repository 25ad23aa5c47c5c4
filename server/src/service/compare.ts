/**
 * Two score sheets of one game side by side (art. 5.1: each player keeps a sheet and both are
 * checked against each other). The sheets may be full or score-only and may list the players in
 * either order; they are aligned line by line (event i of one against event i of the other), each
 * player known by nick (else by full name, else as the player who moved first).
 *
 * What it gives: for every turn both sheets' numbers and whether they agree; the first turn where
 * they disagree, with whether each sheet's own addition is right there (its total = its previous
 * total for that player + its score) and the true numbers; the result each sheet implies (its last
 * totals) against the true one. The true numbers come from the sheet whose plays were checked
 * (fewer score-only turns; then fewer errors; then the first sheet): its replay's computed scores
 * and totals, and its result under the edition in force.
 *
 * Invariants: pure; never throws; `turns` has one row per line of the longer sheet.
 *
 * Example:
 *   const c = compareSheets({ name: 'ana.gcg', analysis: analyze(a) }, { name: 'beto.gcg', analysis: analyze(b) });
 *   c.firstDisagreement?.n;   // 8
 *   c.result.true;            // { Ana: 364, Beto: 322 }
 */
import type { Analysis } from './document';
import type { Replay, TurnState } from '../engine/types';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';

export interface Sheet {
  /** How the sheet is named in the output (its path). */
  readonly name: string;
  readonly analysis: Analysis;
}

/** What one sheet wrote on a line: its score and total (null when it wrote none). */
export interface SheetNumbers {
  readonly score: number | null;
  readonly total: number | null;
}

export interface ComparedTurn {
  /** 1-based turn (line of events) number. */
  readonly n: number;
  /** The mover's nick as the first sheet writes it. */
  readonly player: string;
  /** Null when the sheet has no such line. */
  readonly a: SheetNumbers | null;
  readonly b: SheetNumbers | null;
  readonly agree: boolean;
}

/** One sheet at the first disagreement. */
export interface SheetAtTurn extends SheetNumbers {
  /** 1-based line in that sheet (null: no such line). */
  readonly line: number | null;
  /** The sheet's total for this player before this line. */
  readonly previous: number;
  /** Its own addition is right: total = previous + score. */
  readonly arithmetic: boolean;
}

export interface Disagreement {
  readonly n: number;
  readonly player: string;
  readonly a: SheetAtTurn;
  readonly b: SheetAtTurn;
  /** The true score and total of that turn (from the reference sheet's replay). */
  readonly true: { readonly score: number; readonly total: number } | null;
}

export interface Comparison {
  readonly a: string;
  readonly b: string;
  readonly turns: readonly ComparedTurn[];
  readonly firstDisagreement: Disagreement | null;
  /** Final scores by nick: what each sheet implies (its last totals) and the true result. */
  readonly result: {
    readonly a: Readonly<Record<string, number | null>>;
    readonly b: Readonly<Record<string, number | null>>;
    readonly true: Readonly<Record<string, number>>;
  };
}

/** For each player index of `b`, the index of the same player in `a` (see the module header). */
function playerMap(a: Replay, b: Replay): [number, number] {
  const byKey = (key: (r: Replay, i: number) => string): [number, number] | undefined => {
    const ka = [key(a, 0), key(a, 1)];
    const kb = [key(b, 0), key(b, 1)];
    if (ka[0] === '' || ka[1] === '' || ka[0] === ka[1]) return undefined;
    if (kb[0] === ka[0] && kb[1] === ka[1]) return [0, 1];
    if (kb[0] === ka[1] && kb[1] === ka[0]) return [1, 0];
    return undefined;
  };
  const nick = byKey((r, i) => r.players[i]?.nick ?? '');
  if (nick) return nick;
  const name = byKey((r, i) => (r.players[i]?.name ?? '').trim().toLowerCase());
  if (name) return name;
  const firstA = a.turns.find((t) => t.player >= 0)?.player ?? 0;
  const firstB = b.turns.find((t) => t.player >= 0)?.player ?? 0;
  return firstA === firstB ? [0, 1] : [1, 0];
}

const numbersOf = (t: TurnState | undefined): SheetNumbers | null =>
  t ? { score: t.declaredScore ?? null, total: t.declaredTotal ?? null } : null;

/** Each turn's declared total of the mover before the line, per sheet (players in the sheet's own order). */
function previousTotals(r: Replay): number[] {
  const last = [0, 0];
  return r.turns.map((t) => {
    const p = t.player;
    const before = p >= 0 ? last[p] : 0;
    if (p >= 0 && t.declaredTotal !== undefined) last[p] = t.declaredTotal;
    return before;
  });
}

/** The sheet whose numbers stand for the truth: plays checked, then fewer errors, then the first. */
function referenceOf(a: Analysis, b: Analysis): 'a' | 'b' {
  const unchecked = (x: Analysis): number => x.replay.playsNotChecked?.count ?? 0;
  if (unchecked(a) !== unchecked(b)) return unchecked(a) < unchecked(b) ? 'a' : 'b';
  const errors = (x: Analysis): number => x.findings.filter((f) => f.severity === 'error').length;
  return errors(b) < errors(a) ? 'b' : 'a';
}

export function compareSheets(sheetA: Sheet, sheetB: Sheet): Comparison {
  const ra = sheetA.analysis.replay;
  const rb = sheetB.analysis.replay;
  const map = playerMap(ra, rb); // b's player index → a's
  const toA = (p: number): number => (p >= 0 ? map[p] : -1);
  const nickA = (p: number): string => ra.players[p]?.nick ?? '';
  const prevA = previousTotals(ra);
  const prevB = previousTotals(rb);
  const reference = referenceOf(sheetA.analysis, sheetB.analysis);
  const ref = reference === 'a' ? ra : rb;

  const turns: ComparedTurn[] = [];
  let firstDisagreement: Disagreement | null = null;
  const count = Math.max(ra.turns.length, rb.turns.length);
  for (let i = 0; i < count; i++) {
    const ta = ra.turns[i];
    const tb = rb.turns[i];
    const pa = ta ? ta.player : -1;
    const pb = tb ? toA(tb.player) : -1;
    const player = nickA(pa >= 0 ? pa : pb) || ta?.event.nick.text || tb?.event.nick.text || '';
    const a = numbersOf(ta);
    const b = numbersOf(tb);
    const agree = !!a && !!b && pa === pb && a.score === b.score && a.total === b.total;
    turns.push({ n: i + 1, player, a, b, agree });
    if (!agree && !firstDisagreement) {
      const at = (t: TurnState | undefined, prev: number[]): SheetAtTurn => {
        const score = t?.declaredScore ?? null;
        const total = t?.declaredTotal ?? null;
        const previous = t ? prev[i] : 0;
        return {
          line: t ? t.event.line + 1 : null,
          score,
          total,
          previous,
          arithmetic: score !== null && total !== null && previous + score === total,
        };
      };
      const rt = ref.turns[i];
      firstDisagreement = {
        n: i + 1,
        player,
        a: at(ta, prevA),
        b: at(tb, prevB),
        true: rt ? { score: rt.computedScore, total: rt.computedTotal } : null,
      };
    }
  }

  // In the first sheet's order of players.
  const implied = (r: Replay, toIndexA: (p: number) => number): Record<string, number | null> => {
    const out: Record<string, number | null> = {};
    for (const ia of [0, 1]) {
      const p = toIndexA(0) === ia ? 0 : 1;
      out[nickA(ia) || r.players[p].nick] = r.declaredFinal[p] ?? null;
    }
    return out;
  };
  const truth: Record<string, number> = {};
  for (const ia of [0, 1]) {
    const p = reference === 'a' ? ia : toA(0) === ia ? 0 : 1;
    truth[nickA(ia) || ref.players[p].nick] = ref.result[p]!;
  }
  return {
    a: sheetA.name,
    b: sheetB.name,
    turns,
    firstDisagreement,
    result: { a: implied(ra, (p) => p), b: implied(rb, toA), true: truth },
  };
}

const signedOrDash = (n: number | null): string => (n === null ? '—' : n >= 0 ? `+${n}` : String(n));
const numberOrDash = (n: number | null): string => (n === null ? '—' : String(n));

function resultText(r: Readonly<Record<string, number | null>>, name: (s: string) => string): string {
  return Object.entries(r)
    .map(([nick, n]) => `${name(nick)} ${numberOrDash(n)}`)
    .join(' – ');
}

/** What one sheet's addition says at the first disagreement, as a sentence. */
function arithmeticText(sheet: 'A' | 'B', s: SheetAtTurn, lang: Language): string {
  if (s.line === null) return formatMessage('compare.no-line', { sheet }, lang);
  if (s.score === null || s.total === null) return formatMessage('compare.no-numbers', { sheet, line: s.line }, lang);
  const args = { sheet, line: s.line, previous: s.previous, score: signedOrDash(s.score), total: s.total, sum: s.previous + s.score };
  return formatMessage(s.arithmetic ? 'compare.adds-up' : 'compare.misadds', args, lang);
}

/**
 * The comparison as lines for a reader: the two sheets, a table of the turns (✓ where they agree,
 * ✗ where not), the first disagreement with each sheet's addition and the true numbers, and the
 * results. `name` is applied to every name taken from the sheets or the command line (paths,
 * nicks): the CLI passes its terminal escape (`terminalText`).
 */
export function comparisonLines(c: Comparison, lang: Language, name: (s: string) => string = (s) => s): string[] {
  const lines = [formatMessage('compare.title', { a: name(c.a), b: name(c.b) }, lang), ''];
  const head = [formatMessage('compare.col.turn', {}, lang), formatMessage('compare.col.player', {}, lang), 'A', 'B'];
  const rows = c.turns.map((t) => [
    String(t.n),
    name(t.player),
    t.a ? `${signedOrDash(t.a.score)} ${numberOrDash(t.a.total)}` : '—',
    t.b ? `${signedOrDash(t.b.score)} ${numberOrDash(t.b.total)}` : '—',
    t.agree ? '✓' : '✗',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const row = (cells: string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padStart(widths[0]) : i < head.length ? cell.padEnd(widths[i]) : cell))
      .join('  ')
      .trimEnd();
  lines.push(row(head), ...rows.map(row), '');
  const d = c.firstDisagreement;
  if (!d) {
    lines.push(formatMessage('compare.agree', {}, lang));
  } else {
    lines.push(formatMessage('compare.first', { n: d.n, player: name(d.player) }, lang));
    lines.push(`  ${arithmeticText('A', d.a, lang)}`);
    lines.push(`  ${arithmeticText('B', d.b, lang)}`);
    if (d.true) lines.push(`  ${formatMessage('compare.truth', { score: signedOrDash(d.true.score), total: d.true.total }, lang)}`);
  }
  lines.push(
    formatMessage(
      'compare.result',
      { a: resultText(c.result.a, name), b: resultText(c.result.b, name), true: resultText(c.result.true, name) },
      lang,
    ),
  );
  return lines;
}

/** One sentence for a notice: the first disagreement, or that the sheets agree, and the true result. */
export function comparisonSummary(c: Comparison, lang: Language): string {
  const d = c.firstDisagreement;
  const first = d
    ? `${formatMessage('compare.first', { n: d.n, player: d.player }, lang)} ${arithmeticText('A', d.a, lang)}; ${arithmeticText('B', d.b, lang)}.`
    : formatMessage('compare.agree', {}, lang);
  const same = (x: string): string => x;
  return `${first} ${formatMessage('compare.result', { a: resultText(c.result.a, same), b: resultText(c.result.b, same), true: resultText(c.result.true, same) }, lang)}`;
}
