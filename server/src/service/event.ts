/**
 * The tournament desk: a whole event audited from its records (NOTATION.md, "Events"). Input: every
 * sheet of the event, already checked one by one (service/event-sheet.ts), and optionally the
 * director's typed cards (`round,player1,score1,player2,score2`). Output: the games with their
 * replayed results, the standings computed from them, and one finding per discrepancy, each naming
 * its round and players.
 *
 * How a game is found: sheets with the same round and the same two players (full names, compared
 * without accents, case or extra spaces) are one game. Then, before anything is counted:
 * - a sheet filed under another round (a player would be paired twice there) whose players and
 *   scores equal a game of another round is that game: counted once, where it was played;
 * - two sheets of one round that share a player and the scores but name the other player
 *   differently are one game under two names: the name the cards (else the rest of the event) use
 *   is kept;
 * - a card matches the game of its round and players; failing that, the game of its round with one
 *   of its players and its scores (the other name is unknown), or the game of its players and
 *   scores in another round; a card with no game counts as the card says.
 * The result of a game is the replayed result of its reference sheet: the one whose plays the
 * replay checked further (fewer score-only turns), then the one with fewer errors, then the first
 * by path (as service/compare.ts chooses). The card's numbers never replace it.
 *
 * Standings: wins (a draw counts ½), then spread, then the name (the rulebook names no tie-break;
 * docs/arbiter.md says why), ranks 1…n.
 *
 * Invariants: pure and deterministic (sheets are taken in path order); never throws; a clean event
 * (two agreeing sheets per game, cards equal to them) gives no error and no warning; nothing
 * flagged is dropped from the standings.
 *
 * Example:
 *   const audit = auditEvent(sheets, parseCards(csv, 'cards.csv', 'en').cards, 'en');
 *   audit.standings[0];   // { rank: 1, player: 'Ana Pérez', wins: 7, … }
 */
import { compareSheets, samePlays, type Comparison } from './compare';
import { roundLine, type EventSheet, type SideFigures } from './event-sheet';
import { formatMessage } from '../rules/messages';
import type { Language, MessageArgs } from '../rules/types';

// ------------------------------------------------------------------------------------------------
// Cards

/** One typed result card. */
interface Card {
  readonly round: number;
  readonly names: readonly [string, string];
  readonly scores: readonly [number, number];
  /** 1-based line of the CSV. */
  readonly line: number;
}

export interface CardsFile {
  readonly path: string;
  readonly cards: readonly Card[];
  /** Lines that are not a card, as findings' messages with their line. */
  readonly problems: readonly { readonly line: number; readonly message: string }[];
  /** The header is missing or wrong: the file was not read as cards. */
  readonly badHeader: boolean;
}

const CARD_HEADER = ['round', 'player1', 'score1', 'player2', 'score2'];

/** The cells of one CSV line (commas, double quotes as in RFC 4180). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

const WHOLE = /^-?\d{1,6}$/;

/** Reads the director's cards (see the module header); never throws. */
export function parseCards(text: string, path: string, lang: Language): CardsFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const header = csvCells(lines[0] ?? '').map((c) => c.toLowerCase());
  if (CARD_HEADER.some((h, i) => header[i] !== h)) return { path, cards: [], problems: [], badHeader: true };
  const cards: Card[] = [];
  const problems: { line: number; message: string }[] = [];
  for (let i = 1; i < lines.length && i <= 100_000; i++) {
    if (lines[i].trim() === '') continue;
    const [round, name1, score1, name2, score2] = csvCells(lines[i]);
    const ok =
      round !== undefined &&
      /^\d{1,4}$/.test(round) &&
      !!name1 &&
      !!name2 &&
      score1 !== undefined &&
      WHOLE.test(score1) &&
      score2 !== undefined &&
      WHOLE.test(score2);
    if (!ok) {
      problems.push({ line: i + 1, message: formatMessage('event.card.bad-line', { line: i + 1 }, lang) });
      continue;
    }
    cards.push({
      round: Number(round),
      names: [name1.slice(0, 200), name2.slice(0, 200)],
      scores: [Number(score1), Number(score2)],
      line: i + 1,
    });
  }
  return { path, cards, problems, badHeader: false };
}

// ------------------------------------------------------------------------------------------------
// Output

type EventSeverity = 'error' | 'warning' | 'information';

type EventFindingCode =
  | 'unreadable'
  | 'not-a-record'
  | 'other-event'
  | 'no-round'
  | 'sheet-misadds'
  | 'sheet-finding'
  | 'sheets-disagree'
  | 'sheets-not-one-game'
  | 'sheet-owner'
  | 'extra-sheet'
  | 'one-sheet'
  | 'unfinished'
  | 'card-differs'
  | 'card-without-sheet'
  | 'game-without-card'
  | 'card-twice'
  | 'bad-card'
  | 'paired-twice'
  | 'wrong-round'
  | 'name-spelling'
  | 'unknown-player';

interface EventFileRef {
  readonly path: string;
  /** 1-based line, when the finding is about one line. */
  readonly line?: number;
}

export interface EventFinding {
  readonly code: EventFindingCode;
  readonly severity: EventSeverity;
  /** The round (null: not known). */
  readonly round: number | null;
  /** The players of the game (or the player) concerned, by the name the standings use. */
  readonly players: readonly string[];
  readonly files: readonly EventFileRef[];
  readonly message: string;
  /** For `sheet-finding` and `sheet-misadds`: the check's own finding code. */
  readonly check?: string;
}

export interface EventGame {
  readonly round: number | null;
  readonly players: readonly [string, string];
  /** The counted result (replayed, or the card's when no sheet exists), in `players` order. */
  readonly scores: readonly [number, number];
  /** The sheets of this game, by path (the reference first). */
  readonly sheets: readonly string[];
  /** 'sheets': the replayed result of `sheets[0]`; 'card': no sheet, counted as the card says. */
  readonly source: 'sheets' | 'card';
}

interface Standing {
  readonly rank: number;
  readonly player: string;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Wins plus half the draws. */
  readonly points: number;
  readonly spread: number;
  readonly scored: number;
  readonly against: number;
  readonly averageScore: number;
  readonly averageAgainst: number;
  /** Bingos on the sheets whose plays were checked. */
  readonly bingos: number;
  /** The highest play: its score, its word when known, its round (score 0: none known). */
  readonly highest: { readonly score: number; readonly word: string; readonly round: number | null };
  /** Static equity lost per turn over the full records analysed (`--equity`); null when none. */
  readonly equityLostPerTurn: number | null;
}

export interface EventAudit {
  /** The `#event` most sheets carry ('' when none). */
  readonly event: string;
  readonly standings: readonly Standing[];
  readonly findings: readonly EventFinding[];
  readonly games: readonly EventGame[];
  readonly counts: { readonly sheets: number; readonly errors: number; readonly warnings: number; readonly information: number };
}

// ------------------------------------------------------------------------------------------------
// The audit

/** A full name as it identifies a player: without accents, case or runs of spaces. */
function playerKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

interface Entry {
  readonly sheet: EventSheet;
  /** The players' keys, in the sheet's order (renamed when a name is taken for another). */
  keys: [string, string];
  round: number | null;
}

interface Group {
  round: number | null;
  entries: Entry[];
  card?: Card;
  /** A game known only from its card. */
  cardOnly?: readonly [string, string];
}

const pairKey = (round: number | null, a: string, b: string): string => `${round ?? '?'}\u0000${[a, b].sort().join('\u0000')}`;

class Desk {
  readonly findings: EventFinding[] = [];
  /** Spellings of each key: spelling → sheets (and cards) using it. */
  readonly spellings = new Map<string, Map<string, number>>();
  readonly cardSpelling = new Map<string, string>();
  readonly roster: Set<string> | undefined;
  readonly aliased = new Set<string>();

  constructor(
    readonly lang: Language,
    readonly cards: CardsFile | undefined,
  ) {
    this.roster = cards && !cards.badHeader ? new Set(cards.cards.flatMap((c) => c.names.map(playerKey))) : undefined;
  }

  spell(name: string): void {
    const key = playerKey(name);
    let m = this.spellings.get(key);
    if (!m) this.spellings.set(key, (m = new Map<string, number>()));
    m.set(name, (m.get(name) ?? 0) + 1);
  }

  /** The name shown for a key: the cards' spelling, else the most used one, else the first in order. */
  name(key: string): string {
    const card = this.cardSpelling.get(key);
    if (card !== undefined) return card;
    const m = this.spellings.get(key);
    if (!m) return key;
    let best = '';
    let count = -1;
    for (const [s, c] of [...m].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))) {
      if (c > count) {
        best = s;
        count = c;
      }
    }
    return best;
  }

  add(
    code: EventFindingCode,
    severity: EventSeverity,
    round: number | null,
    keys: readonly string[],
    files: readonly EventFileRef[],
    args: MessageArgs,
    check?: string,
    variant?: string,
  ): void {
    this.findings.push({
      code,
      severity,
      round,
      players: keys.map((k) => this.name(k)),
      files,
      message: formatMessage(variant ? `event.finding.${code}.${variant}` : `event.finding.${code}`, args, this.lang),
      ...(check ? { check } : {}),
    });
  }
}

/** A sheet's score pairs (replayed, and the sheet's own last totals) by player key. */
function scorePairs(e: Entry): Map<string, number>[] {
  const out: Map<string, number>[] = [];
  const { result, declaredFinal } = e.sheet;
  out.push(
    new Map([
      [e.keys[0], result[0]],
      [e.keys[1], result[1]],
    ]),
  );
  if (declaredFinal[0] !== null && declaredFinal[1] !== null) {
    out.push(
      new Map([
        [e.keys[0], declaredFinal[0]],
        [e.keys[1], declaredFinal[1]],
      ]),
    );
  }
  return out;
}

/** Two sheets that agree on the scores of `key` and of its opponent (replayed or written). */
function sameScores(a: Entry, b: Entry, key: string): boolean {
  const oa = a.keys[0] === key ? a.keys[1] : a.keys[0];
  const ob = b.keys[0] === key ? b.keys[1] : b.keys[0];
  for (const x of scorePairs(a)) {
    for (const y of scorePairs(b)) if (x.get(key) === y.get(key) && x.get(oa) === y.get(ob)) return true;
  }
  return false;
}

function sameGroupScores(g: Group, h: Group, key: string): boolean {
  return g.entries.some((a) => h.entries.some((b) => sameScores(a, b, key)));
}

/**
 * Two sheets of the same players, neither placed in a round, that record one game: their plays
 * agree on most turns both write; score-only sheets, their result (replayed or written) agrees.
 */
function oneGame(a: Entry, b: Entry, key: string): boolean {
  return samePlays(a.sheet.comparable, b.sheet.comparable) ?? sameScores(a, b, key);
}

/** Card scores matching a sheet's result, for the card's players (in card order). */
function cardMatches(card: Card, keys: readonly [string, string], g: Group): boolean {
  return g.entries.some((e) =>
    scorePairs(e).some((m) => {
      const known = keys.filter((k) => m.has(k));
      if (known.length === 0) return false;
      return (
        keys.every((k, i) => !m.has(k) || m.get(k) === card.scores[i]) && [...m.values()].sort().join() === [...card.scores].sort().join()
      );
    }),
  );
}

const groupKeys = (g: Group): [string, string] => (g.cardOnly ? [g.cardOnly[0], g.cardOnly[1]] : g.entries[0].keys);

/** The sheet whose replay decides the game (see the module header). */
function referenceOf(entries: readonly Entry[]): Entry {
  const errors = (e: Entry): number => e.sheet.findings.filter((f) => f.severity === 'error').length;
  return [...entries].sort(
    (a, b) => a.sheet.unchecked - b.sheet.unchecked || errors(a) - errors(b) || (a.sheet.path < b.sheet.path ? -1 : 1),
  )[0];
}

const signed = (n: number | null): string => (n === null ? '—' : n >= 0 ? `+${n}` : String(n));

export function auditEvent(sheets: readonly EventSheet[], cards: CardsFile | undefined, lang: Language): EventAudit {
  const desk = new Desk(lang, cards);
  const sorted = [...sheets].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  // Sheets that cannot take part.
  const entries: Entry[] = [];
  for (const s of sorted) {
    if (s.error !== undefined) {
      desk.add('unreadable', 'error', null, [], [{ path: s.path }], { path: s.path, reason: s.error });
      continue;
    }
    const names = s.players.map((p) => p.name || p.nick);
    if (s.turns === 0 || !names[0] || !names[1] || playerKey(names[0]) === playerKey(names[1])) {
      desk.add('not-a-record', 'error', roundLine(s.round).round, [], [{ path: s.path }], { path: s.path });
      continue;
    }
    entries.push({ sheet: s, keys: [playerKey(names[0]), playerKey(names[1])], round: roundLine(s.round).round });
  }
  if (cards) {
    for (const c of cards.cards) {
      for (const n of c.names) {
        if (!desk.cardSpelling.has(playerKey(n))) desk.cardSpelling.set(playerKey(n), n);
      }
    }
  }
  for (const e of entries) for (const p of e.sheet.players) desk.spell(p.name || p.nick);

  // The event's name: the one most sheets carry.
  const eventCounts = new Map<string, number>();
  for (const e of entries) if (e.sheet.event) eventCounts.set(e.sheet.event, (eventCounts.get(e.sheet.event) ?? 0) + 1);
  const eventName = [...eventCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '';
  for (const e of entries) {
    if (e.sheet.event && e.sheet.event !== eventName) {
      desk.add('other-event', 'warning', e.round, e.keys, [{ path: e.sheet.path }], {
        path: e.sheet.path,
        written: e.sheet.event,
        event: eventName,
      });
    }
  }

  // Games: same round, same two players.
  const groups = new Map<string, Group>();
  for (const e of entries) {
    const k = pairKey(e.round, e.keys[0], e.keys[1]);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { round: e.round, entries: [] }));
    g.entries.push(e);
  }
  const live = (): Group[] => [...groups.values()].filter((g) => g.entries.length > 0 || g.cardOnly);
  const inRound = (round: number | null, key: string): Group[] => live().filter((g) => g.round === round && groupKeys(g).includes(key));
  const doubled = (g: Group): boolean => groupKeys(g).some((k) => inRound(g.round, k).length > 1);
  const moveInto = (from: Group, to: Group): void => {
    to.entries.push(...from.entries);
    from.entries = [];
  };

  // A sheet without a round: the game of its players and scores, if there is one. Sheets of the
  // same players left without a round are one game only when they write its plays (or, score-only,
  // its result): two meetings of the same players are never counted as one game.
  let roundless = 0;
  for (const g of live().filter((x) => x.round === null && x.entries.length > 0)) {
    const games: Group[] = [];
    for (const e of g.entries) {
      const [k0, k1] = e.keys;
      const target = live().find(
        (h) => h.round !== null && groupKeys(h).includes(k0) && groupKeys(h).includes(k1) && h.entries.some((b) => sameScores(e, b, k0)),
      );
      desk.add(
        'no-round',
        'error',
        target?.round ?? null,
        e.keys,
        [{ path: e.sheet.path }],
        { path: e.sheet.path, written: e.sheet.round || '—', round: target?.round ?? '—' },
        undefined,
        target ? undefined : 'nowhere',
      );
      if (target) {
        target.entries.push(e);
        continue;
      }
      const same = games.find((h) => h.entries.some((b) => oneGame(e, b, k0)));
      if (same) same.entries.push(e);
      else games.push({ round: null, entries: [e] });
    }
    g.entries = games[0]?.entries ?? [];
    for (const other of games.slice(1)) groups.set(`?\u0000${roundless++}`, other);
  }

  // A sheet filed under the wrong round: the same players and scores in another round.
  for (const g of live()) {
    if (g.entries.length === 0 || g.round === null) continue;
    const [k0, k1] = groupKeys(g);
    for (const h of live()) {
      if (h === g || h.entries.length === 0 || h.round === null || h.round === g.round) continue;
      if (!groupKeys(h).includes(k0) || !groupKeys(h).includes(k1) || !sameGroupScores(g, h, k0)) continue;
      const dg = doubled(g);
      const dh = doubled(h);
      if (!dg && !dh) continue;
      const [from, to] = dg && !dh ? [g, h] : dh && !dg ? [h, g] : g.entries.length < h.entries.length ? [g, h] : [h, g];
      for (const e of from.entries) {
        desk.add('wrong-round', 'warning', to.round, e.keys, [{ path: e.sheet.path }], {
          path: e.sheet.path,
          written: e.sheet.round,
          round: to.round ?? '—',
        });
        e.round = to.round;
      }
      moveInto(from, to);
      break;
    }
  }

  // One game under two names in one round (a player's name miswritten on one sheet).
  const games = (key: string): number => live().filter((g) => groupKeys(g).includes(key)).length;
  const better = (a: string, b: string): boolean => {
    const ra = desk.roster?.has(a) ?? false;
    const rb = desk.roster?.has(b) ?? false;
    if (ra !== rb) return ra;
    return games(a) !== games(b) ? games(a) > games(b) : a < b;
  };
  const rename = (g: Group, from: string, to: string): void => {
    for (const e of g.entries) e.keys = e.keys.map((k) => (k === from ? to : k)) as [string, string];
  };
  for (const g of live()) {
    if (g.entries.length === 0) continue;
    for (const shared of groupKeys(g)) {
      const other = groupKeys(g).find((k) => k !== shared)!;
      const h = inRound(g.round, shared).find((x) => x !== g && x.entries.length > 0 && sameGroupScores(g, x, shared));
      if (!h) continue;
      const hOther = groupKeys(h).find((k) => k !== shared)!;
      const [keep, drop, loser] = better(other, hOther) ? [other, hOther, h] : [hOther, other, g];
      const winner = loser === g ? h : g;
      desk.aliased.add(drop);
      for (const e of loser.entries) {
        desk.add(
          'unknown-player',
          desk.roster && !desk.roster.has(drop) ? 'error' : 'warning',
          winner.round,
          [shared, keep],
          [{ path: e.sheet.path }],
          {
            path: e.sheet.path,
            written: desk.name(drop),
            player: desk.name(keep),
          },
          undefined,
          'alias',
        );
      }
      rename(loser, drop, keep);
      moveInto(loser, winner);
      break;
    }
  }

  // The cards.
  if (cards) {
    if (cards.badHeader) {
      desk.add('bad-card', 'error', null, [], [{ path: cards.path, line: 1 }], { path: cards.path, header: CARD_HEADER.join(',') });
    }
    for (const p of cards.problems)
      desk.add('bad-card', 'error', null, [], [{ path: cards.path, line: p.line }], {
        path: cards.path,
        line: p.line,
        header: CARD_HEADER.join(','),
      });
    for (const card of cards.cards) {
      const keys: [string, string] = [playerKey(card.names[0]), playerKey(card.names[1])];
      const ref: EventFileRef[] = [{ path: cards.path, line: card.line }];
      const exact = groups.get(pairKey(card.round, keys[0], keys[1]));
      let g = exact && (exact.entries.length > 0 || exact.cardOnly) ? exact : undefined;
      if (g?.card) {
        desk.add('card-twice', 'warning', card.round, keys, ref, { path: cards.path, line: card.line, other: g.card.line });
        continue;
      }
      if (!g) {
        // The game of its round with one of its players and its scores: the other name is unknown.
        for (const k of keys) {
          const h = inRound(card.round, k).find((x) => !x.card && x.entries.length > 0 && cardMatches(card, keys, x));
          if (!h) continue;
          const theirs = groupKeys(h).find((x) => x !== k)!;
          const ours = keys.find((x) => x !== k)!;
          desk.aliased.add(theirs);
          for (const e of h.entries) {
            desk.add(
              'unknown-player',
              desk.roster?.has(theirs) ? 'warning' : 'error',
              card.round,
              [k, ours],
              [{ path: e.sheet.path }, ...ref],
              {
                path: e.sheet.path,
                written: desk.name(theirs),
                player: desk.name(ours),
              },
              undefined,
              'alias',
            );
          }
          rename(h, theirs, ours);
          g = h;
          break;
        }
      }
      if (!g) {
        // The same players and scores in another round: the sheets' round is wrong.
        const h = live().find(
          (x) =>
            !x.card &&
            x.entries.length > 0 &&
            x.round !== card.round &&
            groupKeys(x).includes(keys[0]) &&
            groupKeys(x).includes(keys[1]) &&
            cardMatches(card, keys, x),
        );
        if (h && (doubled(h) || !cards.cards.some((c) => c.round === h.round && keys.every((k) => c.names.map(playerKey).includes(k))))) {
          for (const e of h.entries) {
            desk.add('wrong-round', 'warning', card.round, keys, [{ path: e.sheet.path }, ...ref], {
              path: e.sheet.path,
              written: e.sheet.round,
              round: card.round,
            });
            e.round = card.round;
          }
          h.round = card.round;
          g = h;
        }
      }
      if (!g) {
        g = { round: card.round, entries: [], cardOnly: keys };
        groups.set(`card\u0000${card.line}`, g);
        desk.add('card-without-sheet', 'warning', card.round, keys, ref, {
          line: card.line,
          a: desk.name(keys[0]),
          b: desk.name(keys[1]),
          sa: card.scores[0],
          sb: card.scores[1],
        });
      }
      g.card = card;
    }
  }

  // Name spellings: every spelling that is not the name shown, per round it is used in.
  const variants = new Map<
    string,
    { key: string; spelling: string; round: number | null; keys: [string, string]; files: EventFileRef[] }
  >();
  for (const g of live()) {
    for (const e of g.entries) {
      e.sheet.players.forEach((p, i) => {
        const spelling = p.name || p.nick;
        const key = e.keys[i];
        if (playerKey(spelling) !== key) return; // taken for another name: said above
        if (spelling === desk.name(key)) return;
        const id = `${key}\u0000${spelling}\u0000${g.round}`;
        let v = variants.get(id);
        if (!v) variants.set(id, (v = { key, spelling, round: g.round, keys: e.keys, files: [] }));
        v.files.push({ path: e.sheet.path });
      });
    }
  }
  for (const v of variants.values()) {
    desk.add('name-spelling', 'warning', v.round, v.keys, v.files, {
      written: v.spelling,
      player: desk.name(v.key),
      files: v.files.map((f) => f.path).join(', '),
    });
  }

  // Players the cards do not know (or, without cards, a name met once in a long event).
  const all = live();
  const gamesOf = new Map<string, Group[]>();
  for (const g of all) for (const k of groupKeys(g)) gamesOf.set(k, [...(gamesOf.get(k) ?? []), g]);
  const counts = [...gamesOf.values()].map((x) => x.length).sort((a, b) => a - b);
  const median = counts.length > 0 ? counts[Math.floor(counts.length / 2)] : 0;
  for (const [key, gs] of [...gamesOf].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (desk.aliased.has(key)) continue;
    const unknown = desk.roster ? !desk.roster.has(key) : median >= 3 && gs.length === 1;
    if (!unknown) continue;
    const first = gs[0];
    desk.add(
      'unknown-player',
      desk.roster ? 'error' : 'warning',
      first.round,
      [key],
      gs.flatMap((g) => g.entries.map((e) => ({ path: e.sheet.path }))),
      { player: desk.name(key), games: gs.length },
      undefined,
      desk.roster ? 'roster' : 'once',
    );
  }

  // A player paired twice in a round.
  const rounds = [...new Set(all.map((g) => g.round))].sort((a, b) => (a ?? 1e9) - (b ?? 1e9));
  for (const round of rounds) {
    if (round === null) continue; // games of no known round: said once each (no-round)
    const inThis = all.filter((g) => g.round === round);
    const seen = new Map<string, Group[]>();
    for (const g of inThis) for (const k of groupKeys(g)) seen.set(k, [...(seen.get(k) ?? []), g]);
    for (const [key, gs] of [...seen].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (gs.length < 2) continue;
      const opponents = gs.map((g) => desk.name(groupKeys(g).find((k) => k !== key)!));
      const files = gs.flatMap((g) =>
        g.entries.length > 0
          ? g.entries.map((e) => ({ path: e.sheet.path }))
          : g.card && cards
            ? [{ path: cards.path, line: g.card.line }]
            : [],
      );
      desk.add('paired-twice', 'error', round, [key], files, {
        player: desk.name(key),
        round: round ?? '—',
        opponents: opponents.join(', '),
      });
    }
  }

  // Each game: its sheets checked and compared, its result, its card.
  const gameList: EventGame[] = [];
  const perGame: { game: EventGame; figures?: Map<string, SideFigures> }[] = [];
  for (const g of [...all].sort((a, b) => (a.round ?? 1e9) - (b.round ?? 1e9))) {
    if (g.entries.length === 0) {
      const [k0, k1] = g.cardOnly!;
      const game: EventGame = {
        round: g.round,
        players: [desk.name(k0), desk.name(k1)],
        scores: [g.card!.scores[0], g.card!.scores[1]],
        sheets: [],
        source: 'card',
      };
      perGame.push({ game });
      continue;
    }
    const ref = referenceOf(g.entries);
    const others = g.entries.filter((e) => e !== ref).sort((a, b) => (a.sheet.path < b.sheet.path ? -1 : 1));
    const keys = ref.keys;
    const names = [desk.name(keys[0]), desk.name(keys[1])] as const;
    const game: EventGame = {
      round: g.round,
      players: names,
      scores: [ref.sheet.result[0], ref.sheet.result[1]],
      sheets: [ref.sheet.path, ...others.map((e) => e.sheet.path)],
      source: 'sheets',
    };
    const resultText = `${names[0]} ${game.scores[0]} – ${names[1]} ${game.scores[1]}`;

    // The sheets' own findings, one per finding.
    for (const e of [ref, ...others]) {
      for (const f of e.sheet.findings) {
        const misadd = f.code === 'cumulative-mismatch';
        desk.add(
          misadd ? 'sheet-misadds' : 'sheet-finding',
          f.severity,
          g.round,
          keys,
          [{ path: e.sheet.path, line: f.line }],
          { path: e.sheet.path, line: f.line, code: f.code, detail: f.message },
          f.code,
        );
      }
    }
    // Whose sheet is whose.
    const owners = new Map<string, Entry[]>();
    for (const e of g.entries) {
      const owner = e.sheet.sheetOf;
      if (!owner) continue;
      const i = e.sheet.players.findIndex((p) => p.nick.toLowerCase() === owner.toLowerCase());
      if (i < 0) {
        desk.add('sheet-owner', 'warning', g.round, keys, [{ path: e.sheet.path }], { path: e.sheet.path, nick: owner });
        continue;
      }
      const k = e.keys[i];
      owners.set(k, [...(owners.get(k) ?? []), e]);
    }
    if (g.entries.length > 2 || [...owners.values()].some((x) => x.length > 1)) {
      desk.add(
        'extra-sheet',
        'warning',
        g.round,
        keys,
        g.entries.map((e) => ({ path: e.sheet.path })),
        { count: g.entries.length, files: g.entries.map((e) => e.sheet.path).join(', ') },
      );
    }
    if (!ref.sheet.complete) {
      desk.add('unfinished', 'warning', g.round, keys, [{ path: ref.sheet.path }], { path: ref.sheet.path, result: resultText });
    }
    if (g.entries.length === 1) {
      desk.add('one-sheet', 'information', g.round, keys, [{ path: ref.sheet.path }], { path: ref.sheet.path });
    }
    // The other sheets against the reference.
    for (const o of others) compareWith(desk, g, ref, o, resultText);

    // The card against the replayed result.
    if (g.card) {
      const card = g.card;
      const cardKeys = card.names.map(playerKey);
      const cardScore = (k: string): number | undefined => {
        const i = cardKeys.indexOf(k);
        return i >= 0 ? card.scores[i] : undefined;
      };
      const equal =
        keys.every((k, i) => cardScore(k) === undefined || cardScore(k) === game.scores[i]) &&
        [...card.scores].sort().join() === [...game.scores].sort().join();
      if (!equal) {
        const cardWinner = Math.sign(card.scores[0] - card.scores[1]);
        const i0 = keys.indexOf(cardKeys[0]);
        const sheetWinner = i0 >= 0 ? Math.sign(game.scores[i0] - game.scores[1 - i0]) : cardWinner;
        desk.add('card-differs', 'error', g.round, keys, [{ path: cards!.path, line: card.line }, { path: ref.sheet.path }], {
          line: card.line,
          card: `${desk.name(cardKeys[0])} ${card.scores[0]} – ${desk.name(cardKeys[1])} ${card.scores[1]}`,
          result: resultText,
          path: ref.sheet.path,
          winner: cardWinner !== sheetWinner ? 1 : 0,
        });
      }
    } else if (cards && !cards.badHeader) {
      desk.add(
        'game-without-card',
        'warning',
        g.round,
        keys,
        g.entries.map((e) => ({ path: e.sheet.path })),
        { result: resultText },
      );
    }
    const figures = new Map<string, SideFigures>([
      [keys[0], ref.sheet.figures[0]],
      [keys[1], ref.sheet.figures[1]],
    ]);
    perGame.push({ game, figures });
  }
  for (const p of perGame) gameList.push(p.game);

  const standings = standingsOf(perGame);
  const findings = desk.findings.sort((a, b) => (a.round ?? -1) - (b.round ?? -1));
  const count = (s: EventSeverity): number => findings.filter((f) => f.severity === s).length;
  return {
    event: eventName,
    standings,
    findings,
    games: gameList,
    counts: { sheets: sheets.length, errors: count('error'), warnings: count('warning'), information: count('information') },
  };
}

/** One sheet against the game's reference sheet: a finding per turn where they differ for a reason of their own. */
function compareWith(desk: Desk, g: Group, ref: Entry, other: Entry, resultText: string): void {
  const c: Comparison = compareSheets(
    { name: ref.sheet.path, analysis: ref.sheet.comparable },
    { name: other.sheet.path, analysis: other.sheet.comparable },
  );
  const keys = ref.keys;
  if (c.problems.includes('players') || c.problems.includes('plays')) {
    desk.add('sheets-not-one-game', 'warning', g.round, keys, [{ path: ref.sheet.path }, { path: other.sheet.path }], {
      a: ref.sheet.path,
      b: other.sheet.path,
    });
    return;
  }
  const linesWithFindings = (e: Entry): Set<number> => new Set(e.sheet.findings.map((f) => f.line));
  const refLines = linesWithFindings(ref);
  const otherLines = linesWithFindings(other);
  for (const d of c.disagreements) {
    if (!d.changesResult) continue; // a gap carried from an earlier turn
    const explained =
      (d.a.line !== null && refLines.has(d.a.line)) ||
      (d.b.line !== null && otherLines.has(d.b.line)) ||
      (d.a.line !== null && d.b.line !== null && (!d.a.arithmetic || !d.b.arithmetic));
    if (explained) continue;
    const files: EventFileRef[] = [];
    if (d.a.line !== null) files.push({ path: ref.sheet.path, line: d.a.line });
    if (d.b.line !== null) files.push({ path: other.sheet.path, line: d.b.line });
    if (files.length === 0) files.push({ path: ref.sheet.path }, { path: other.sheet.path });
    desk.add('sheets-disagree', 'error', g.round, keys, files, {
      n: d.n,
      player: d.player,
      a: ref.sheet.path,
      sa: d.a.line === null ? '—' : `${signed(d.a.score)} ${d.a.total ?? '—'}`,
      b: other.sheet.path,
      sb: d.b.line === null ? '—' : `${signed(d.b.score)} ${d.b.total ?? '—'}`,
      result: resultText,
    });
  }
}

/** The standings from the counted games (see the module header for the order). */
function standingsOf(perGame: readonly { game: EventGame; figures?: Map<string, SideFigures> }[]): Standing[] {
  interface Row {
    player: string;
    games: number;
    wins: number;
    losses: number;
    draws: number;
    scored: number;
    against: number;
    bingos: number;
    highest: { score: number; word: string; round: number | null };
    lost: number;
    analysed: number;
  }
  const rows = new Map<string, Row>();
  const row = (player: string): Row => {
    let r = rows.get(player);
    if (!r)
      rows.set(
        player,
        (r = {
          player,
          games: 0,
          wins: 0,
          losses: 0,
          draws: 0,
          scored: 0,
          against: 0,
          bingos: 0,
          highest: { score: 0, word: '', round: null },
          lost: 0,
          analysed: 0,
        }),
      );
    return r;
  };
  for (const { game, figures } of perGame) {
    for (const i of [0, 1]) {
      const r = row(game.players[i]);
      const mine = game.scores[i];
      const theirs = game.scores[1 - i];
      r.games++;
      r.scored += mine;
      r.against += theirs;
      if (mine > theirs) r.wins++;
      else if (mine < theirs) r.losses++;
      else r.draws++;
      const f = figures?.get(playerKey(game.players[i]));
      if (f) {
        r.bingos += f.bingos;
        if (f.best > r.highest.score) r.highest = { score: f.best, word: f.bestWord, round: game.round };
        r.lost += f.equityLost ?? 0;
        r.analysed += f.equityTurns ?? 0;
      }
    }
  }
  const list = [...rows.values()].map((r) => ({ ...r, points: r.wins + r.draws / 2, spread: r.scored - r.against }));
  list.sort(
    (a, b) => b.points - a.points || b.spread - a.spread || a.player.localeCompare(b.player, 'es') || (a.player < b.player ? -1 : 1),
  );
  return list.map((r, i) => ({
    rank: i + 1,
    player: r.player,
    games: r.games,
    wins: r.wins,
    losses: r.losses,
    draws: r.draws,
    points: r.points,
    spread: r.spread,
    scored: r.scored,
    against: r.against,
    averageScore: r.games > 0 ? Math.round((r.scored / r.games) * 10) / 10 : 0,
    averageAgainst: r.games > 0 ? Math.round((r.against / r.games) * 10) / 10 : 0,
    bingos: r.bingos,
    highest: r.highest,
    equityLostPerTurn: r.analysed > 0 ? Math.round((r.lost / r.analysed) * 100) / 100 : null,
  }));
}
