/**
 * A generated event for the tournament desk's tests and benchmark: 24 players × 8 rounds (96 games
 * from self-play, seeded), two sheets per game (`#sheet-of NICK`, `#event`, `#round N`, players by
 * full name), a third of the sheets full records and the rest score-only, and the director's cards
 * (`round,player1,score1,player2,score2`). `plantDiscrepancies` then plants at least 40
 * discrepancies of eleven kinds, each on a game of its own, and says what it planted (kind, round,
 * players, file) so a test can require each one to be found.
 *
 * Invariants: the same seed gives the same event and the same plants; no plant changes what the
 * standings should be (a planted sheet is never the one whose replay decides, a card never
 * decides, a game left with no sheet counts as its card, which is true).
 *
 * Example:
 *   const event = generateEvent({ seed: 7, lexicon });
 *   const planted = plantDiscrepancies(event, 7, lexicon);
 *   writeEvent(dir, planted.event);
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Lexicon } from '../../server/src/lexicon/types';
import { builtinLeaves } from '../../server/src/analysis/leave-files';
import { mulberry32 } from '../../server/src/analysis/seeded-bag';
import { playGame, toGcg } from '../../server/src/training/selfplay';
import { chooserFor } from '../../server/src/training/strategies';
import { analyze } from '../../server/src/service/document';
import { TILE_SETS } from '../../server/src/engine/tilesets';

const SPANISH = TILE_SETS.spanish;

const FIRST = ['Ana', 'Beñat', 'Carmen', 'Dámaso', 'Elena', 'Fermín', 'Gloria', 'Héctor', 'Inés', 'Jesús', 'Lucía', 'Martín'];
const LAST = ['Pérez', 'Gómez', 'Ruiz', 'Núñez', 'Sáez', 'Ortega', 'Ibáñez', 'Vidal', 'Peña', 'León', 'Muñoz', 'Serrano'];

export interface GeneratedGame {
  readonly round: number;
  readonly table: number;
  /** Full names and nicks, player 1 first. */
  readonly players: readonly [string, string];
  readonly nicks: readonly [string, string];
  /** The true final scores (the self-play's). */
  readonly final: readonly [number, number];
  /** The sheets' paths (player 1's, player 2's); a sheet may be removed by a plant. */
  readonly sheets: readonly [string, string];
  /** Which sheets are full records. */
  readonly full: readonly [boolean, boolean];
}

export interface GeneratedEvent {
  readonly name: string;
  readonly players: readonly string[];
  games: GeneratedGame[];
  /** Path inside the folder → the record's text. */
  readonly files: Map<string, string>;
  /** The cards' CSV. */
  cards: string;
}

export interface EventOptions {
  readonly seed: number;
  readonly lexicon: Lexicon;
  readonly players?: number;
  readonly rounds?: number;
}

/** Round-robin pairings by the circle method: rounds of [i, j] pairs of player indices. */
function pairings(players: number, rounds: number): [number, number][][] {
  const ids = Array.from({ length: players }, (_, i) => i);
  const out: [number, number][][] = [];
  for (let r = 0; r < rounds; r++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < players / 2; i++) pairs.push(r % 2 === 0 ? [ids[i], ids[players - 1 - i]] : [ids[players - 1 - i], ids[i]]);
    out.push(pairs);
    ids.splice(1, 0, ids.pop()!);
  }
  return out;
}

function header(name: string, round: number, nicks: readonly [string, string], names: readonly [string, string], owner: string): string[] {
  return [
    '#character-encoding UTF-8',
    `#event ${name}`,
    `#round ${round}`,
    `#player1 ${nicks[0]} ${names[0]}`,
    `#player2 ${nicks[1]} ${names[1]}`,
    `#sheet-of ${owner}`,
    '#rules fise',
    '#tile-notation brackets',
  ];
}

/**
 * What a paper sheet holds: each placement as its score and total (`>Ana: +26 26`), a pass as a
 * pass and an exchange as the number of tiles changed (`>Ana: -3 +0 26`) without the racks; the
 * end-of-game lines as they are.
 */
function scoresOnly(text: string): string {
  return text
    .split('\n')
    .map((l) => {
      const pass = /^(>\S+: )\S+ - (\+0 -?\d+)$/.exec(l);
      if (pass) return `${pass[1]}- ${pass[2]}`;
      const exchange = /^(>\S+: )\S+ -(\S+) (\+0 -?\d+)$/.exec(l);
      if (exchange) return `${exchange[1]}-${exchange[2].replace(/\[[^\]]*\]/g, 'X').length} ${exchange[3]}`;
      const placement = /^(>\S+: )\S+ \S+ \S+ (\+\d+ -?\d+)$/.exec(l);
      return placement ? `${placement[1]}${placement[2]}` : l;
    })
    .join('\n');
}

/** The event (see the module header). */
export function generateEvent(options: EventOptions): GeneratedEvent {
  const count = options.players ?? 24;
  const rounds = options.rounds ?? 8;
  const rand = mulberry32(options.seed);
  const names: string[] = [];
  const nicks: string[] = [];
  for (let i = 0; i < count; i++) {
    names.push(`${FIRST[i % FIRST.length]} ${LAST[(i * 5 + Math.floor(i / FIRST.length)) % LAST.length]}`);
    nicks.push(`J${String(i + 1).padStart(2, '0')}`);
  }
  // Shuffled seats, so that the pairing is not the order of the names.
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [names[i], names[j]] = [names[j], names[i]];
  }
  const lexicon = options.lexicon;
  const greedy = chooserFor('greedy', { lexicon, leaves: builtinLeaves().leaves });
  const event: GeneratedEvent = { name: `Open de prueba ${options.seed}`, players: names, games: [], files: new Map(), cards: '' };
  const games: GeneratedGame[] = [];
  const cards = ['round,player1,score1,player2,score2'];
  let index = 0;
  pairings(count, rounds).forEach((pairs, r) => {
    pairs.forEach(([i, j], t) => {
      const round = r + 1;
      const gameNicks = [nicks[i], nicks[j]] as const;
      const gameNames = [names[i], names[j]] as const;
      // A deal whose record replays with no finding (self-play scores a digraph left on a rack
      // at the end otherwise than the rulebook does; such a deal is skipped).
      let game = playGame(options.seed * 10_000 + round * 100 + t, [greedy, greedy], { nicks: [gameNicks[0], gameNicks[1]] });
      for (
        let k = 1;
        k < 50 && analyze(toGcg(game), { lexicon }).findings.some((f) => f.severity === 'error' || f.severity === 'warning');
        k++
      ) {
        game = playGame(options.seed * 10_000 + round * 100 + t + k * 1_000_000, [greedy, greedy], { nicks: [gameNicks[0], gameNicks[1]] });
      }
      const body = toGcg(game)
        .split('\n')
        .filter((l) => l.startsWith('>'));
      const full: [boolean, boolean] = [index % 3 === 0, index % 3 === 1];
      const sheets: [string, string] = ['', ''];
      for (const side of [0, 1]) {
        const full = index % 3 === side;
        const text = `${[...header(event.name, round, gameNicks, gameNames, gameNicks[side]), ...body].join('\n')}\n`;
        const file = `ronda-${round}/mesa-${String(t + 1).padStart(2, '0')}-${gameNicks[side]}.gcg`;
        event.files.set(file, full ? text : scoresOnly(text));
        sheets[side] = file;
      }
      games.push({ round, table: t + 1, players: gameNames, nicks: gameNicks, final: [game.final[0], game.final[1]], sheets, full });
      cards.push(`${round},${gameNames[0]},${game.final[0]},${gameNames[1]},${game.final[1]}`);
      index++;
    });
  });
  event.games = games;
  event.cards = `${cards.join('\n')}\n`;
  return event;
}

/** Writes the event's records under `dir` and its cards to `dir/../cards.csv`-like `cardsPath`. */
export function writeEvent(dir: string, event: GeneratedEvent, cardsPath: string): void {
  for (const [file, text] of event.files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  fs.writeFileSync(cardsPath, event.cards);
}

export const PLANT_KINDS = [
  'sheets-disagree',
  'misadd',
  'card-score',
  'card-winner',
  'card-without-sheet',
  'wrong-round',
  'name-accent',
  'name-case',
  'unknown-player',
  'wrong-score',
  'unaccepted-word',
] as const;
export type PlantKind = (typeof PLANT_KINDS)[number];

export interface Plant {
  readonly kind: PlantKind;
  readonly round: number;
  readonly players: readonly [string, string];
  /** The sheet changed (path in the folder), or the cards. */
  readonly file: string;
}

export interface Planted {
  readonly event: GeneratedEvent;
  readonly plants: readonly Plant[];
}

const copyEvent = (e: GeneratedEvent): GeneratedEvent => ({ ...e, files: new Map(e.files), games: e.games.map((g) => ({ ...g })) });

/** Adds `delta` to the last number (the total) of every line of `nick` from line `from` on. */
function shiftTotals(lines: string[], nick: string, from: number, delta: number): void {
  for (let i = from; i < lines.length; i++) {
    if (!lines[i].startsWith(`>${nick}:`)) continue;
    lines[i] = lines[i].replace(/(-?\d+)\s*$/, (n) => String(Number(n) + delta));
  }
}

/** Lines of `nick` that score points (a placement, or its score-only copy), by index. */
function scoringLines(lines: string[], nick: string): number[] {
  const out: number[] = [];
  lines.forEach((l, i) => {
    if (l.startsWith(`>${nick}:`) && /\+([1-9]\d*) -?\d+$/.test(l) && !/\(/.test(l)) out.push(i);
  });
  return out;
}

const stripAccents = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * Plants `perKind` discrepancies of each kind (default 4: 44 in all), each on a game of its own
 * chosen by the seed (see the module header).
 */
export function plantDiscrepancies(source: GeneratedEvent, seed: number, lexicon: Lexicon, perKind = 4): Planted {
  const event = copyEvent(source);
  const rand = mulberry32(seed ^ 0x5eed);
  const order = event.games.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const used = new Set<number>();
  const plants: Plant[] = [];
  const cardLines = event.cards.trimEnd().split('\n');
  const cardLineOf = (g: GeneratedGame): number => 1 + event.games.indexOf(g);
  const edit = (file: string, change: (lines: string[]) => boolean): boolean => {
    const lines = event.files.get(file)!.split('\n');
    if (!change(lines)) return false;
    event.files.set(file, lines.join('\n'));
    return true;
  };
  /** A game not used yet that `fits`, marked used. */
  const take = (fits: (g: GeneratedGame) => boolean): GeneratedGame | undefined => {
    for (const i of order) {
      if (used.has(i) || !fits(event.games[i])) continue;
      used.add(i);
      return event.games[i];
    }
    return undefined;
  };
  const scoreOnlyBesideFull = (g: GeneratedGame): number => (g.full[0] ? 1 : g.full[1] ? 0 : -1);
  const pick = (n: number): number => Math.floor(rand() * n);

  for (const kind of PLANT_KINDS) {
    for (let k = 0; k < perKind; k++) {
      let plant: Plant | undefined;
      for (let attempt = 0; attempt < 20 && !plant; attempt++) {
        const g = take((x) => {
          if (kind === 'sheets-disagree' || kind === 'misadd') return scoreOnlyBesideFull(x) >= 0;
          if (kind === 'wrong-score' || kind === 'unaccepted-word') return x.full[0] || x.full[1];
          if (kind === 'name-accent') return stripAccents(x.players[0]) !== x.players[0];
          if (kind === 'card-winner') return x.final[0] !== x.final[1];
          return true;
        });
        if (!g) break;
        const side =
          kind === 'sheets-disagree' || kind === 'misadd'
            ? scoreOnlyBesideFull(g)
            : kind === 'wrong-score' || kind === 'unaccepted-word'
              ? g.full[0]
                ? 0
                : 1
              : pick(2);
        const file = g.sheets[side];
        const nick = g.nicks[pick(2)];
        let ok = true;
        switch (kind) {
          case 'sheets-disagree':
          case 'misadd':
          case 'wrong-score':
            ok = edit(file, (lines) => {
              const candidates = scoringLines(lines, nick);
              if (candidates.length < 3) return false;
              const at = candidates[1 + pick(candidates.length - 2)];
              const delta = 10;
              if (kind !== 'misadd')
                lines[at] = lines[at].replace(/\+(\d+) (-?\d+)$/, (_, s: string, t: string) => `+${Number(s) + delta} ${t}`);
              shiftTotals(lines, nick, at, delta);
              return true;
            });
            break;
          case 'unaccepted-word':
            ok = edit(file, (lines) => swapLetters(lines, lexicon));
            break;
          case 'card-score':
          case 'card-winner': {
            const line = cardLineOf(g);
            const [r, p1, s1, p2, s2] = cardLines[line].split(',');
            cardLines[line] = kind === 'card-score' ? `${r},${p1},${Number(s1) + 7},${p2},${s2}` : `${r},${p1},${s2},${p2},${s1}`;
            break;
          }
          case 'card-without-sheet':
            event.files.delete(g.sheets[0]);
            event.files.delete(g.sheets[1]);
            break;
          case 'wrong-round':
            ok = edit(file, (lines) => {
              const i = lines.findIndex((l) => l.startsWith('#round '));
              lines[i] = `#round ${g.round === 8 ? 7 : g.round + 1}`;
              return true;
            });
            break;
          case 'name-accent':
          case 'name-case':
          case 'unknown-player':
            ok = edit(file, (lines) => {
              const i = lines.findIndex((l) => l.startsWith('#player1 '));
              const written =
                kind === 'name-accent'
                  ? stripAccents(g.players[0])
                  : kind === 'name-case'
                    ? g.players[0].toUpperCase()
                    : 'Xavier Desconocido';
              lines[i] = `#player1 ${g.nicks[0]} ${written}`;
              return true;
            });
            break;
        }
        if (ok)
          plant = {
            kind,
            round: g.round,
            players: g.players,
            file: kind.startsWith('card-') && kind !== 'card-without-sheet' ? 'cards' : file,
          };
      }
      if (!plant) throw new Error(`could not plant ${kind}`);
      plants.push(plant);
    }
  }
  event.cards = `${cardLines.join('\n')}\n`;
  return { event, plants };
}

/**
 * The last placement of a full record with two fresh letters of one value that differ: the two swapped, so
 * that the word is one the list refuses (the rack still holds the tiles). False when none fits.
 */
function swapLetters(lines: string[], lexicon: Lexicon): boolean {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!/^>\S+: \S+ \S+ \S+ \+\d+ -?\d+$/.test(lines[i])) continue;
    const m = /^(>\S+: \S+ \S+ )(\S+)( \+\d+ -?\d+)$/.exec(lines[i]);
    // Only the last placement: a later play through its tiles would read other letters.
    if (!m || /[[\]?a-z.]/.test(m[2])) return false;
    const word = m[2];
    for (let a = 0; a < word.length; a++) {
      for (let b = a + 1; b < word.length; b++) {
        // Letters of one value: every word through them scores as before (only the list refuses it).
        if (word[a] === word[b] || SPANISH.value(word[a]) !== SPANISH.value(word[b])) continue;
        const swapped = word.slice(0, a) + word[b] + word.slice(a + 1, b) + word[a] + word.slice(b + 1);
        if (lexicon.has(swapped)) continue;
        lines[i] = `${m[1]}${swapped}${m[3]}`;
        return true;
      }
    }
  }
  return false;
}
