/**
 * What a replay settles before the first move: the tile set, the rules edition and the two
 * players (RULES.md "Tile sets"; NOTATION.md "Pragmas").
 *
 * - Tile set: the option, else `#tile-distribution`, else `#lexicon` (names starting FILE or FISE → spanish;
 *   NWL, TWL, CSW, ENABLE → english), else a valid `#rules` (fise* → spanish, naspa → english),
 *   else english when a rack or play holds K or W (no Spanish tile has them), else spanish. A record
 *   declared Spanish stays Spanish whatever its letters (a blank written `k` is then `blank-k-w`).
 * - Edition: the option, else a valid `#rules`, else `fise` for spanish and `naspa` for english.
 * - Players: the nicks of `#player1`/`#player2`, else the first two nicks seen on event lines.
 *
 * Invariants: pure; never throws; the first pragma of a kind wins.
 *
 * Example:
 *   const s = settle(parse(text).file, {});
 *   s.tileSet;   // 'spanish'
 *   s.rules;     // 'fise'
 */
import { EDITIONS, type Edition } from '../rules/types';
import type { EventNode, GcgFile, PragmaNode, TileRef } from '../syntax/types';
import type { PlayerInfo, Replay, ReplayOptions, TileSetName } from './types';

export interface Settled {
  readonly tileSet: TileSetName;
  readonly tileSetSource: Replay['tileSetSource'];
  readonly rules: Edition;
  readonly rulesSource: Replay['rulesSource'];
  readonly players: readonly [PlayerInfo, PlayerInfo];
  readonly incomplete: boolean;
  /** Seconds left on each player's clock at the end (`#clock`), when given. */
  readonly clocks: readonly [number | undefined, number | undefined];
}

function pragmaNamed(file: GcgFile, name: PragmaNode['name']): PragmaNode | undefined {
  return file.pragmas.find((p) => p.name === name);
}

/** Tile set named by `#tile-distribution` (Macondo/Woogles names), if recognised. */
function tileSetFromDistribution(name: string): TileSetName | undefined {
  const n = name.trim().toLowerCase();
  if (/^(spanish|espa\u00f1ol|espanol|es\b|fise|file)/.test(n)) return 'spanish';
  if (/^(english|en\b|naspa|nwl|twl|csw)/.test(n)) return 'english';
  return undefined;
}

/** Tile set implied by a lexicon name, if any. */
function tileSetFromLexicon(name: string): TileSetName | undefined {
  const n = name.trim().toUpperCase();
  if (/^(FILE|FISE)/.test(n)) return 'spanish';
  if (/^(NWL|TWL|CSW|ENABLE)/.test(n)) return 'english';
  return undefined;
}

function hasKOrW(tiles: readonly TileRef[] | undefined): boolean {
  if (!tiles) return false;
  for (let i = 0; i < tiles.length; i++) {
    const letter = tiles[i].letter;
    if (letter === 'K' || letter === 'W') return true;
  }
  return false;
}

function eventHasKOrW(e: EventNode): boolean {
  return hasKOrW(e.rack?.singles) || hasKOrW(e.play?.singles) || hasKOrW(e.exchanged?.singles) || hasKOrW(e.endRack?.singles);
}

export function settle(file: GcgFile, options: ReplayOptions): Settled {
  let tileSet: TileSetName = 'spanish';
  let tileSetSource: Replay['tileSetSource'] = 'default';
  const distribution = pragmaNamed(file, 'tile-distribution');
  const lexicon = pragmaNamed(file, 'lexicon');
  const fromDistribution = distribution ? tileSetFromDistribution(distribution.args.text) : undefined;
  const fromLexicon = lexicon ? tileSetFromLexicon(lexicon.args.text) : undefined;
  const rulesPragma = file.pragmas.find((p) => p.name === 'rules');
  const writtenRules = rulesPragma?.name === 'rules' ? rulesPragma.edition.value.trim().toLowerCase() : undefined;
  if (options.tileSet) {
    tileSet = options.tileSet;
    tileSetSource = 'option';
  } else if (fromDistribution) {
    tileSet = fromDistribution;
    tileSetSource = 'tile-distribution';
  } else if (fromLexicon) {
    tileSet = fromLexicon;
    tileSetSource = 'lexicon';
  } else if (writtenRules && (EDITIONS as readonly string[]).includes(writtenRules)) {
    // A record that names its rulebook names its tiles: letters never switch it (RULES.md).
    tileSet = writtenRules === 'naspa' ? 'english' : 'spanish';
    tileSetSource = 'rules';
  } else if (file.events.some(eventHasKOrW)) {
    tileSet = 'english';
    tileSetSource = 'k-w';
  }

  let rules: Edition = tileSet === 'english' ? 'naspa' : 'fise';
  let rulesSource: Replay['rulesSource'] = 'default';
  const written = writtenRules;
  if (options.rules) {
    rules = options.rules;
    rulesSource = 'option';
  } else if (written && (EDITIONS as readonly string[]).includes(written)) {
    rules = written as Edition;
    rulesSource = 'pragma';
  }

  const declared: (PlayerInfo | undefined)[] = [undefined, undefined];
  for (const p of file.pragmas) {
    if ((p.name === 'player1' || p.name === 'player2') && p.nick.text !== '') {
      const i = p.name === 'player1' ? 0 : 1;
      declared[i] ??= { nick: p.nick.text, name: p.fullName || p.nick.text, nickSpan: p.nick.span };
    }
  }
  for (const e of file.events) {
    const nick = e.nick.text;
    if (declared[0]?.nick === nick || declared[1]?.nick === nick) continue;
    const free = declared.findIndex((d) => d === undefined);
    if (free < 0) break;
    declared[free] = { nick, name: nick, nickSpan: e.nick.span };
  }
  const players: [PlayerInfo, PlayerInfo] = [declared[0] ?? { nick: '', name: '' }, declared[1] ?? { nick: '', name: '' }];

  const clocks: [number | undefined, number | undefined] = [undefined, undefined];
  for (const p of file.pragmas) {
    if (p.name !== 'clock') continue;
    const i = players.findIndex((pl) => pl.nick === p.nick.text);
    if (i >= 0) clocks[i] ??= p.seconds.value;
  }

  return {
    tileSet,
    tileSetSource,
    rules,
    rulesSource,
    players,
    incomplete: file.pragmas.some((p) => p.name === 'incomplete'),
    clocks,
  };
}
