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
 * Every turn where the sheets differ is listed (`disagreements`, in turn order; `firstDisagreement`
 * is the first of them), each with what the board says (the reference turn's words, each as its
 * letter sum × word multiplier, and the bingo bonus) and which sheet is right there; `summary`
 * counts them and names the turns that changed the result (where the gap between the two sheets'
 * totals for the mover changed, rather than carrying an earlier gap along).
 *
 * Two files that are not records of one game are told apart (`problems`): a sheet with no turn
 * (empty, or bytes that are not a record) is `empty` and the CLI refuses the pair; players who
 * match by neither nick nor name (`players`), or placements that differ on most turns both sheets
 * play out (`plays`), are warned about. Players matched by name or by turn order whose nicks differ
 * are warned about too (`nicks`): B's nicks are shown beside A's, never silently replaced.
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

/**
 * The parts of a turn the comparison reads (an engine `TurnState` is one; so is the plain copy an
 * event's worker thread sends back, service/event-sheet.ts).
 */
export interface ComparableTurn {
  readonly player: number;
  readonly kind: TurnState['kind'];
  readonly declaredScore?: number;
  readonly declaredTotal?: number;
  readonly computedScore: number;
  readonly computedTotal: number;
  readonly words: readonly Pick<TurnState['words'][number], 'word' | 'letterSum' | 'wordMultiplier' | 'score'>[];
  readonly bingo: number;
  readonly playNotChecked?: true;
  readonly event: {
    readonly line: number;
    readonly nick: { readonly text: string };
    readonly coord?: { readonly text: string };
    readonly play?: { readonly text: string };
  };
}

/** The parts of a sheet's analysis the comparison reads (an `Analysis` is one). */
export interface ComparableAnalysis {
  readonly replay: {
    readonly players: readonly [{ readonly nick: string; readonly name: string }, { readonly nick: string; readonly name: string }];
    readonly turns: readonly ComparableTurn[];
    readonly declaredFinal: Replay['declaredFinal'];
    readonly result: Replay['result'];
    readonly playsNotChecked?: { readonly count: number };
    /** How the game ended (the article an end-of-game line rests on). */
    readonly gameEnd?: Replay['gameEnd'];
  };
  readonly findings: readonly { readonly severity: string }[];
}

type ComparableReplay = ComparableAnalysis['replay'];

export interface Sheet<A extends ComparableAnalysis = Analysis> {
  /** How the sheet is named in the output (its path). */
  readonly name: string;
  readonly analysis: A;
}

/** What one sheet wrote on a line: its score and total (null when it wrote none). */
export interface SheetNumbers {
  readonly score: number | null;
  readonly total: number | null;
}

interface ComparedTurn {
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
interface SheetAtTurn extends SheetNumbers {
  /** 1-based line in that sheet (null: no such line). */
  readonly line: number | null;
  /** The sheet's total for this player before this line. */
  readonly previous: number;
  /** Its own addition is right: total = previous + score. */
  readonly arithmetic: boolean;
}

/** One word of the board's reading of a turn: its letters' sum, the word multiplier, the score. */
interface WordScore {
  readonly word: string;
  readonly letters: number;
  readonly multiplier: number;
  readonly score: number;
}

export interface Disagreement {
  readonly n: number;
  readonly player: string;
  readonly a: SheetAtTurn;
  readonly b: SheetAtTurn;
  /** The true score and total of that turn (from the reference sheet's replay). */
  readonly true: { readonly score: number; readonly total: number } | null;
  /** What the board says the play scores, word by word (empty: not a placement, or not checked). */
  readonly words: readonly WordScore[];
  /** The bingo bonus of that play (art. 19), 0 when none. */
  readonly bingo: number;
  /** The reference turn's play was not checked (a score-only line): the truth is that sheet's number. */
  readonly unchecked: boolean;
  /** Which sheet writes the true score and total there. */
  readonly right: 'a' | 'b' | 'both' | 'neither';
  /** The gap between the sheets' totals for the mover changed here (false: an earlier gap carried). */
  readonly changesResult: boolean;
  /** The article of the game's end when this turn is an end-of-game line (`(RACK) +N`, `RACK (RACK) -N`), else undefined. */
  readonly ending?: string;
}

/** Whether a turn is an end-of-game line (an adjustment for the racks, 37.1–37.4 / 40.1–40.3). */
const endLine = (t: ComparableTurn | undefined): boolean => t?.kind === 'end-rack' || t?.kind === 'rack-deduction';

/** Why two files may not be records of one game (see the module header). */
type ComparisonProblem = 'empty' | 'players' | 'plays' | 'nicks';

export interface Comparison {
  readonly a: string;
  readonly b: string;
  readonly turns: readonly ComparedTurn[];
  readonly firstDisagreement: Disagreement | null;
  /** Every turn where the sheets differ, in turn order. */
  readonly disagreements: readonly Disagreement[];
  /** How many turns differ, and those that changed the result. */
  readonly summary: { readonly differing: number; readonly changedResult: readonly number[] };
  /** Reasons to doubt that the two files record one game (empty: none). */
  readonly problems: readonly ComparisonProblem[];
  /** B's nicks in A's order of players, when they differ from A's (shown beside them). */
  readonly nicksB?: readonly [string, string];
  /** Final scores by nick: what each sheet implies (its last totals) and the true result. */
  readonly result: {
    readonly a: Readonly<Record<string, number | null>>;
    readonly b: Readonly<Record<string, number | null>>;
    readonly true: Readonly<Record<string, number>>;
  };
}

/** For each player index of `b`, the index of the same player in `a`, and how they were matched. */
function playerMap(a: ComparableReplay, b: ComparableReplay): { map: [number, number]; by: 'nick' | 'name' | 'order' } {
  const byKey = (key: (r: ComparableReplay, i: number) => string): [number, number] | undefined => {
    const ka = [key(a, 0), key(a, 1)];
    const kb = [key(b, 0), key(b, 1)];
    if (ka[0] === '' || ka[1] === '' || ka[0] === ka[1]) return undefined;
    if (kb[0] === ka[0] && kb[1] === ka[1]) return [0, 1];
    if (kb[0] === ka[1] && kb[1] === ka[0]) return [1, 0];
    return undefined;
  };
  const nick = byKey((r, i) => r.players[i]?.nick ?? '');
  if (nick) return { map: nick, by: 'nick' };
  const name = byKey((r, i) => (r.players[i]?.name ?? '').trim().toLowerCase());
  if (name) return { map: name, by: 'name' };
  const firstA = a.turns.find((t) => t.player >= 0)?.player ?? 0;
  const firstB = b.turns.find((t) => t.player >= 0)?.player ?? 0;
  return { map: firstA === firstB ? [0, 1] : [1, 0], by: 'order' };
}

/** A placement as written, for telling two records of different games apart. */
const playOf = (t: ComparableTurn): string | undefined =>
  t.kind === 'placement' && t.event.coord && t.event.play ? `${t.event.coord.text} ${t.event.play.text}`.toUpperCase() : undefined;

/** Placements both sheets write on the same turn, and how many of them differ. */
/** Turns on which both sheets write a placement, and how many of those differ. */
function playCounts(a: ComparableReplay, b: ComparableReplay): { both: number; differ: number } {
  let both = 0;
  let differ = 0;
  for (let i = 0; i < Math.min(a.turns.length, b.turns.length); i++) {
    const pa = playOf(a.turns[i]);
    const pb = playOf(b.turns[i]);
    if (pa === undefined || pb === undefined) continue;
    both++;
    if (pa !== pb) differ++;
  }
  return { both, differ };
}

function differentPlays(a: ComparableReplay, b: ComparableReplay): boolean {
  const { both, differ } = playCounts(a, b);
  return both > 0 && differ * 2 > both;
}

/**
 * Whether two sheets write the plays of one game: undefined when no turn has a placement on both
 * (score-only sheets: the plays cannot tell), else whether they agree on most turns both write.
 */
export function samePlays(a: ComparableAnalysis, b: ComparableAnalysis): boolean | undefined {
  const { both, differ } = playCounts(a.replay, b.replay);
  return both === 0 ? undefined : differ * 2 <= both;
}

const wordScores = (t: ComparableTurn | undefined): WordScore[] =>
  (t?.words ?? []).map((w) => ({ word: w.word, letters: w.letterSum, multiplier: w.wordMultiplier, score: w.score }));

const numbersOf = (t: ComparableTurn | undefined): SheetNumbers | null =>
  t ? { score: t.declaredScore ?? null, total: t.declaredTotal ?? null } : null;

/** Each turn's declared total of the mover before the line, per sheet (players in the sheet's own order). */
function previousTotals(r: ComparableReplay): number[] {
  const last = [0, 0];
  return r.turns.map((t) => {
    const p = t.player;
    const before = p >= 0 ? last[p] : 0;
    if (p >= 0 && t.declaredTotal !== undefined) last[p] = t.declaredTotal;
    return before;
  });
}

/** The sheet whose numbers stand for the truth: plays checked, then fewer errors, then the first. */
function referenceOf(a: ComparableAnalysis, b: ComparableAnalysis): 'a' | 'b' {
  const unchecked = (x: ComparableAnalysis): number => x.replay.playsNotChecked?.count ?? 0;
  if (unchecked(a) !== unchecked(b)) return unchecked(a) < unchecked(b) ? 'a' : 'b';
  const errors = (x: ComparableAnalysis): number => x.findings.filter((f) => f.severity === 'error').length;
  return errors(b) < errors(a) ? 'b' : 'a';
}

export function compareSheets(sheetA: Sheet<ComparableAnalysis>, sheetB: Sheet<ComparableAnalysis>): Comparison {
  const ra = sheetA.analysis.replay;
  const rb = sheetB.analysis.replay;
  const matched = playerMap(ra, rb);
  const map = matched.map; // b's player index → a's
  const toA = (p: number): number => (p >= 0 ? map[p] : -1);
  const nickA = (p: number): string => ra.players[p]?.nick ?? '';
  const prevA = previousTotals(ra);
  const prevB = previousTotals(rb);
  const reference = referenceOf(sheetA.analysis, sheetB.analysis);
  const ref = reference === 'a' ? ra : rb;

  const turns: ComparedTurn[] = [];
  const disagreements: Disagreement[] = [];
  const gap = [0, 0]; // A's total minus B's, per player of A, as the sheets write them
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
    const mover = pa >= 0 ? pa : pb;
    const lastGap = mover >= 0 ? gap[mover] : 0;
    if (mover >= 0 && a?.total != null && b?.total != null && pa === pb) gap[mover] = a.total - b.total;
    if (!agree) {
      const at = (t: ComparableTurn | undefined, prev: number[]): SheetAtTurn => {
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
      const truth = rt ? { score: rt.computedScore, total: rt.computedTotal } : null;
      const isRight = (x: SheetNumbers | null): boolean => !!x && !!truth && x.score === truth.score && x.total === truth.total;
      const ra_ = isRight(a);
      const rb_ = isRight(b);
      disagreements.push({
        n: i + 1,
        player,
        a: at(ta, prevA),
        b: at(tb, prevB),
        true: truth,
        words: rt?.playNotChecked ? [] : wordScores(rt),
        bingo: rt?.playNotChecked ? 0 : (rt?.bingo ?? 0),
        unchecked: !!rt?.playNotChecked,
        right: ra_ && rb_ ? 'both' : ra_ ? 'a' : rb_ ? 'b' : 'neither',
        changesResult: mover < 0 || pa !== pb || a?.total == null || b?.total == null || gap[mover] !== lastGap,
        ...(endLine(rt) && ref.gameEnd?.article ? { ending: ref.gameEnd.article } : {}),
      });
    }
  }
  const problems: ComparisonProblem[] = [];
  if (ra.turns.length === 0 || rb.turns.length === 0) problems.push('empty');
  else {
    if (matched.by === 'order' && (ra.players[0]?.nick || ra.players[1]?.nick) && (rb.players[0]?.nick || rb.players[1]?.nick)) {
      problems.push('players');
    }
    if (differentPlays(ra, rb)) problems.push('plays');
  }
  // B's nicks in A's order: shown beside A's when they differ (never silently replaced).
  const nickB = (ia: number): string => rb.players[map[0] === ia ? 0 : 1]?.nick ?? '';
  const nicksB: [string, string] = [nickB(0), nickB(1)];
  const nicksDiffer = problems.length === 0 && (nicksB[0] !== nickA(0) || nicksB[1] !== nickA(1));
  if (nicksDiffer) problems.push('nicks');

  // In the first sheet's order of players.
  const implied = (r: ComparableReplay, toIndexA: (p: number) => number): Record<string, number | null> => {
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
    firstDisagreement: disagreements[0] ?? null,
    disagreements,
    summary: { differing: disagreements.length, changedResult: disagreements.filter((d) => d.changesResult).map((d) => d.n) },
    problems,
    ...(nicksDiffer || problems.includes('players') ? { nicksB } : {}),
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

/** What one sheet's addition says at a disagreement, as a sentence. */
function arithmeticText(sheet: 'A' | 'B', s: SheetAtTurn, lang: Language): string {
  if (s.line === null) return formatMessage('compare.no-line', { sheet }, lang);
  if (s.score === null || s.total === null) return formatMessage('compare.no-numbers', { sheet, line: s.line }, lang);
  const args = { sheet, line: s.line, previous: s.previous, score: signedOrDash(s.score), total: s.total, sum: s.previous + s.score };
  return formatMessage(s.arithmetic ? 'compare.adds-up' : 'compare.misadds', args, lang);
}

/** What the board says the turn scores, word by word ('ZARPEMOS 11 × 3 = 33 + 50 …'), or why it cannot. */
function boardText(d: Disagreement, lang: Language, name: (s: string) => string): string | undefined {
  if (!d.true) return undefined;
  const score = signedOrDash(d.true.score);
  if (d.unchecked) return formatMessage('compare.board.unchecked', { score, total: d.true.total }, lang);
  if (d.words.length === 0) return formatMessage('compare.truth', { score, total: d.true.total }, lang);
  const words = d.words
    .map((w) => (w.multiplier === 1 ? `${name(w.word)} ${w.score}` : `${name(w.word)} ${w.letters} × ${w.multiplier} = ${w.score}`))
    .join(', ');
  return d.bingo > 0
    ? formatMessage('compare.board.bingo', { score, total: d.true.total, words, bingo: d.bingo }, lang)
    : formatMessage('compare.board', { score, total: d.true.total, words }, lang);
}

/** One differing turn as sentences: the heading, each sheet's addition, the board, who is right. */
function disagreementLines(d: Disagreement, lang: Language, name: (s: string) => string): string[] {
  const board = boardText(d, lang, name);
  return [
    formatMessage(d.changesResult ? 'compare.turn' : 'compare.turn-carried', { n: d.n, player: name(d.player) }, lang),
    arithmeticText('A', d.a, lang),
    arithmeticText('B', d.b, lang),
    ...(board ? [board] : []),
    formatMessage(`compare.right.${d.right}`, {}, lang),
  ];
}

/** The warnings about two files that may not record one game (see the module header). */
function problemLines(c: Comparison, lang: Language, name: (s: string) => string): string[] {
  return c.problems
    .filter((p) => p !== 'empty')
    .map((p) => {
      const nicks = c.nicksB ?? ['', ''];
      const nickA = Object.keys(c.result.a);
      return formatMessage(
        `compare.problem.${p}`,
        { a1: name(nickA[0] ?? ''), a2: name(nickA[1] ?? ''), b1: name(nicks[0]), b2: name(nicks[1]) },
        lang,
      );
    });
}

/** How many turns differ and which of them changed the result, as one sentence. */
function summaryText(c: Comparison, lang: Language): string {
  const changed = c.summary.changedResult;
  const rest =
    changed.length === 0
      ? formatMessage('compare.summary.none', {}, lang)
      : formatMessage('compare.summary.changed', { count: changed.length, turns: changed.join(', ') }, lang);
  return formatMessage('compare.summary', { n: c.summary.differing, changed: rest }, lang);
}

/**
 * The comparison as lines for a reader: the warnings (files that may not record one game), the
 * two sheets, a table of the turns (✓ where they agree, ✗ where not), every differing turn with
 * each sheet's addition, what the board says word by word and which sheet is right, how many turns
 * differ and which changed the result, and the results. `name` is applied to every name taken from
 * the sheets or the command line (paths, nicks, words): the CLI passes its terminal escape.
 */
export function comparisonLines(c: Comparison, lang: Language, name: (s: string) => string = (s) => s): string[] {
  const lines = [...problemLines(c, lang, name), formatMessage('compare.title', { a: name(c.a), b: name(c.b) }, lang), ''];
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
  if (c.disagreements.length === 0) {
    lines.push(formatMessage('compare.agree', {}, lang));
  } else {
    for (const d of c.disagreements) {
      const [heading, ...rest] = disagreementLines(d, lang, name);
      lines.push(heading, ...rest.map((l) => `  ${l}`));
    }
    lines.push(summaryText(c, lang));
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

/** The differing turns as sentences, one per turn (the ruling sheet lists them so). */
export function disagreementSentences(c: Comparison, lang: Language, name: (s: string) => string = (s) => s): string[] {
  if (c.disagreements.length === 0) return [...problemLines(c, lang, name), formatMessage('compare.agree', {}, lang)];
  return [
    ...problemLines(c, lang, name),
    ...c.disagreements.map((d) => {
      const [heading, ...rest] = disagreementLines(d, lang, name);
      return `${heading} ${rest.map((l) => l.replace(/\.$/, '')).join('; ')}.`;
    }),
    summaryText(c, lang),
  ];
}

/** One sentence for a notice: the first disagreement, or that the sheets agree, and the true result. */
export function comparisonSummary(c: Comparison, lang: Language): string {
  const d = c.firstDisagreement;
  const first = d
    ? `${formatMessage('compare.first', { n: d.n, player: d.player }, lang)} ${arithmeticText('A', d.a, lang)}; ${arithmeticText('B', d.b, lang)}. ${summaryText(c, lang)}`
    : formatMessage('compare.agree', {}, lang);
  const same = (x: string): string => x;
  return `${[...problemLines(c, lang, same), first].join(' ')} ${formatMessage('compare.result', { a: resultText(c.result.a, same), b: resultText(c.result.b, same), true: resultText(c.result.true, same) }, lang)}`;
}
