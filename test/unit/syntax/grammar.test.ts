/**
 * The grammar rule by rule, through its start rules (grammar/gcg.peggy): racks, plays,
 * coordinates, numbers, keywords, every event kind, every pragma, the old forms, and the error
 * alternatives with their message ids and the span of the offending token. Whole lines go to the
 * generated parser itself (`grammarLine`), never through the fast line reader.
 */
import * as assert from 'node:assert/strict';
import { grammarLine, parseRule } from '../../../server/src/syntax/grammar';
import type { RawError, RawEvent, RawPragma, RawTiles } from '../../../server/src/syntax/raw';
import type { CoordNode, NumberToken, Token } from '../../../server/src/syntax/types';
import { slice } from './helpers';
import {
  ARGUMENT_PRAGMAS,
  CHALLENGE_RULINGS,
  EDITION_NAMES,
  EVENT_KEYWORDS,
  GAME_END_REASONS,
  SIMPLE_PRAGMAS,
  TILE_NOTATIONS,
} from '../../../server/src/syntax/vocabulary';
import { EDITIONS } from '../../../server/src/rules/types';

function kinds(raw: RawTiles): string {
  return raw.pieces.map((p) => `${p.kind}:${p.text}`).join(' ');
}

describe('grammar: pieces', () => {
  const racks: [string, string][] = [
    ['ABILORS', 'letter:A letter:B letter:I letter:L letter:O letter:R letter:S'],
    ['AC[CH]ORS?', 'letter:A letter:C bracket:[CH] letter:O letter:R letter:S blank:?'],
    ['?DDIORR', 'blank:? letter:D letter:D letter:I letter:O letter:R letter:R'],
    ['AALORVll', 'letter:A letter:A letter:L letter:O letter:R letter:V letter:l letter:l'],
    ['ALMÑOORV', 'letter:A letter:L letter:M letter:Ñ letter:O letter:O letter:R letter:V'],
    ['1A2', 'digit:1 letter:A digit:2'],
    ['ĄKÇ', 'letter:Ą letter:K letter:Ç'],
    ['n\u0303A', 'letter:n\u0303 letter:A'],
    ['[ch]E', 'bracket:[ch] letter:E'],
  ];
  for (const [text, expected] of racks) {
    it(`Rack reads ${JSON.stringify(text)}`, () => {
      const raw = parseRule('Rack', text) as RawTiles;
      assert.equal(kinds(raw), expected);
      assert.equal(raw.text, text);
    });
  }
  for (const bad of ['AB.C', 'A B', '', '[]', 'A+', '8D', 'AB4']) {
    it(`Rack refuses ${JSON.stringify(bad)}`, () => assert.equal(parseRule('Rack', bad), undefined));
  }

  const plays: [string, string][] = [
    ['CO[CH]eS', 'letter:C letter:O bracket:[CH] letter:e letter:S'],
    ['.RDIDORa', 'through:. letter:R letter:D letter:I letter:D letter:O letter:R letter:a'],
    ['llORA', 'letter:l letter:l letter:O letter:R letter:A'],
    ['[ll]AVES', 'bracket:[ll] letter:A letter:V letter:E letter:S'],
    ['JETON', 'letter:J letter:E letter:T letter:O letter:N'],
    ['..GU[RR]AI.', 'through:. through:. letter:G letter:U bracket:[RR] letter:A letter:I through:.'],
  ];
  for (const [text, expected] of plays) {
    it(`Play reads ${JSON.stringify(text)}`, () => assert.equal(kinds(parseRule('Play', text) as RawTiles), expected));
  }
  for (const bad of ['A?B', '', 'A-B', 'CASA+']) {
    it(`Play refuses ${JSON.stringify(bad)}`, () => assert.equal(parseRule('Play', bad), undefined));
  }

  const coords: [string, number, number, CoordNode['direction']][] = [
    ['8D', 7, 3, 'across'],
    ['D8', 7, 3, 'down'],
    ['h2', 1, 7, 'down'],
    ['15a', 14, 0, 'across'],
    ['8d', 7, 3, 'across'],
    ['O15', 14, 14, 'down'],
    ['16P', 15, 15, 'across'],
  ];
  for (const [text, row, col, direction] of coords) {
    it(`Coord reads ${text}`, () => {
      const c = parseRule('Coord', text) as CoordNode;
      assert.deepEqual([c.row, c.col, c.direction, c.text], [row, col, direction, text]);
    });
  }
  for (const bad of ['8', 'DD', '8DD', '123A', 'Ñ8', '']) {
    it(`Coord refuses ${JSON.stringify(bad)}`, () => assert.equal(parseRule('Coord', bad), undefined));
  }

  const numbers: ['Score' | 'Total' | 'Count' | 'ClockTime', string, number | undefined][] = [
    ['Score', '+24', 24],
    ['Score', '-13', -13],
    ['Score', '+0', 0],
    ['Score', '-0', 0],
    ['Score', '24', undefined],
    ['Score', '+2x4', undefined],
    ['Score', '+', undefined],
    ['Score', '++2', undefined],
    ['Score', '+1234567890', undefined],
    ['Total', '443', 443],
    ['Total', '-6', -6],
    ['Total', '+12', 12],
    ['Total', 'x', undefined],
    ['Total', '1.5', undefined],
    ['Count', '4', 4],
    ['Count', '-4', undefined],
    ['ClockTime', '05:30', 330],
    ['ClockTime', '-01:05', -65],
    ['ClockTime', '0:00', 0],
    ['ClockTime', '5:7', undefined],
    ['ClockTime', '1:60', undefined],
  ];
  for (const [rule, text, value] of numbers) {
    it(`${rule} ${value === undefined ? 'refuses' : 'reads'} ${JSON.stringify(text)}`, () => {
      const result = parseRule(rule, text) as NumberToken | undefined;
      assert.equal(result?.value, value);
    });
  }

  const keywords: [string, string | undefined][] = [
    ['(challenge)', 'challenge-bonus'],
    ['(time)', 'time-penalty'],
    ['(penalty)', 'arbiter-penalty'],
    ['(TIME)', undefined],
    ['(time', undefined],
  ];
  for (const [text, value] of keywords) {
    it(`Keyword ${JSON.stringify(text)}`, () => assert.equal((parseRule('Keyword', text) as Token | undefined)?.value, value));
  }

  for (const [text, ok] of [
    ['Player_1', true],
    ['mishu7', true],
    ['césar', true],
    ['a:b', false],
    ['a b', false],
  ] as const) {
    it(`Nick ${ok ? 'reads' : 'refuses'} ${JSON.stringify(text)}`, () => assert.equal(parseRule('Nick', text) !== undefined, ok));
  }
});

function line(text: string): RawEvent | RawPragma | RawError {
  const raw = grammarLine(text, 0, 0);
  assert.notEqual(raw.type, 'blank');
  return raw as RawEvent | RawPragma | RawError;
}

function event(text: string): RawEvent {
  const raw = line(text);
  assert.equal(raw.type, 'event', `not an event: ${JSON.stringify(raw)}`);
  return raw;
}

describe('grammar: events', () => {
  interface Case {
    readonly text: string;
    readonly kind: RawEvent['kind'];
    readonly nick: string;
    readonly rack?: string;
    readonly coord?: string;
    readonly play?: string;
    readonly exchanged?: string;
    readonly count?: number;
    readonly endRack?: string;
    readonly score: number;
    readonly total: number;
    readonly trailing?: string;
  }
  const cases: Case[] = [
    {
      text: '>Ana: AC[CH]ORS? 8D CO[CH]eS +26 26',
      kind: 'placement',
      nick: 'Ana',
      rack: 'AC[CH]ORS?',
      coord: '8D',
      play: 'CO[CH]eS',
      score: 26,
      total: 26,
    },
    { text: '>Ana: 8D LIBRO +16 16', kind: 'placement', nick: 'Ana', coord: '8D', play: 'LIBRO', score: 16, total: 16 },
    { text: '>Ana: A1 CASA +10 10', kind: 'placement', nick: 'Ana', coord: 'A1', play: 'CASA', score: 10, total: 10 },
    { text: '>Luis: EEIOUUA - +0 0', kind: 'pass', nick: 'Luis', rack: 'EEIOUUA', score: 0, total: 0 },
    { text: '>Noah: DEINNOR -  +0 402', kind: 'pass', nick: 'Noah', rack: 'DEINNOR', score: 0, total: 402 },
    { text: '>Luis: EEIOUUA -EIOUU +0 0', kind: 'exchange', nick: 'Luis', rack: 'EEIOUUA', exchanged: 'EIOUU', score: 0, total: 0 },
    { text: '>josh: IIIU -4 +0 349', kind: 'exchange', nick: 'josh', rack: 'IIIU', count: 4, score: 0, total: 349 },
    { text: '>Ana: AC[CH]ORS? -- -26 0', kind: 'withdrawn', nick: 'Ana', rack: 'AC[CH]ORS?', score: -26, total: 0 },
    { text: '>Paula: ?DEENOP --  -74 224', kind: 'withdrawn', nick: 'Paula', rack: '?DEENOP', score: -74, total: 224 },
    { text: '>Ana: ABCDEFG -- +0 10', kind: 'withdrawn', nick: 'Ana', rack: 'ABCDEFG', score: 0, total: 10 },
    { text: '>Joel: DROWNUG (challenge) +5 289', kind: 'challenge-bonus', nick: 'Joel', rack: 'DROWNUG', score: 5, total: 289 },
    { text: '>frentz:  (challenge) +5 534', kind: 'challenge-bonus', nick: 'frentz', score: 5, total: 534 },
    { text: '>Ana: (IR) +2 509', kind: 'end-rack', nick: 'Ana', endRack: 'IR', score: 2, total: 509 },
    { text: '>David:               (DATSXK)        +36  443  ', kind: 'end-rack', nick: 'David', endRack: 'DATSXK', score: 36, total: 443 },
    { text: '>Paul:               (T)              +1  360', kind: 'end-rack', nick: 'Paul', endRack: 'T', score: 1, total: 360 },
    { text: '>Luis: IR (IR) -2 311', kind: 'rack-deduction', nick: 'Luis', rack: 'IR', endRack: 'IR', score: -2, total: 311 },
    {
      text: '>Ganesh: T             (T)              -1  452',
      kind: 'rack-deduction',
      nick: 'Ganesh',
      rack: 'T',
      endRack: 'T',
      score: -1,
      total: 452,
    },
    { text: '>Daniel:  (AAILOTrr) +28 569', kind: 'end-rack', nick: 'Daniel', endRack: 'AAILOTrr', score: 28, total: 569 },
    { text: '>Luis: (time) -20 291', kind: 'time-penalty', nick: 'Luis', score: -20, total: 291 },
    { text: '>Luis: ABC (time) -10 281', kind: 'time-penalty', nick: 'Luis', rack: 'ABC', score: -10, total: 281 },
    { text: '>Luis: (penalty) -30 261', kind: 'arbiter-penalty', nick: 'Luis', score: -30, total: 261 },
    {
      text: '>Quackle: BEDGMNP  7e   BEDIM           +26   66  BE, ET, DO',
      kind: 'placement',
      nick: 'Quackle',
      rack: 'BEDGMNP',
      coord: '7e',
      play: 'BEDIM',
      score: 26,
      total: 66,
      trailing: 'BE, ET, DO',
    },
    {
      text: '>David: ?EDYEIG   h2  rEDYEING        +64   64  ',
      kind: 'placement',
      nick: 'David',
      rack: '?EDYEIG',
      coord: 'h2',
      play: 'rEDYEING',
      score: 64,
      total: 64,
    },
    {
      text: '>Ana: AEIMR[RR]T (AEIMR[RR]T) -16 -6',
      kind: 'rack-deduction',
      nick: 'Ana',
      rack: 'AEIMR[RR]T',
      endRack: 'AEIMR[RR]T',
      score: -16,
      total: -6,
    },
    {
      text: '\t>Ana:\tABILORS\t8D\tLIBRO\t+16\t16  ',
      kind: 'placement',
      nick: 'Ana',
      rack: 'ABILORS',
      coord: '8D',
      play: 'LIBRO',
      score: 16,
      total: 16,
    },
    {
      text: '>Player_1: GMU 8G GUM +12 12',
      kind: 'placement',
      nick: 'Player_1',
      rack: 'GMU',
      coord: '8G',
      play: 'GUM',
      score: 12,
      total: 12,
    },
    { text: '>jvc: UNKNOWN (challenge) +5 477', kind: 'challenge-bonus', nick: 'jvc', rack: 'UNKNOWN', score: 5, total: 477 },
    { text: '>Ana: ĄKÇ 8D ĄKÇ +3 3', kind: 'placement', nick: 'Ana', rack: 'ĄKÇ', coord: '8D', play: 'ĄKÇ', score: 3, total: 3 },
    { text: '>Luis: +26 74', kind: 'score-only', nick: 'Luis', score: 26, total: 74 },
    { text: '>Luis:+0 74  ', kind: 'score-only', nick: 'Luis', score: 0, total: 74 },
    { text: '>Ana: ?ABILOR +16 16', kind: 'score-only', nick: 'Ana', rack: '?ABILOR', score: 16, total: 16 },
    { text: '>Ana: ?A[CH]E +16 -4', kind: 'score-only', nick: 'Ana', rack: '?A[CH]E', score: 16, total: -4 },
  ];
  for (const c of cases) {
    it(`${c.kind}: ${JSON.stringify(c.text)}`, () => {
      const e = event(c.text);
      assert.equal(e.kind, c.kind);
      assert.equal(e.nick.text, c.nick);
      assert.equal(e.rack?.text, c.rack);
      assert.equal(e.coord?.text, c.coord);
      assert.equal(e.play?.text, c.play);
      assert.equal(e.exchanged?.text, c.exchanged);
      assert.equal(e.exchangedCount?.value, c.count);
      assert.equal(e.endRack?.text, c.endRack);
      assert.equal(e.score?.value, c.score);
      assert.equal(e.total?.value, c.total);
      assert.equal(e.trailing?.text, c.trailing);
      assert.equal(e.missing, undefined);
      for (const t of [e.nick, e.score, e.total]) assert.equal(slice(c.text, t.span), t.text);
    });
  }

  // A word without a coordinate (docs/notation.md): one tile string before the numbers is the word,
  // two are the rack and the word; a rack holding `?` or a digit is never a word.
  const words: { text: string; rack?: string; word: string; score?: number; total: number }[] = [
    { text: '>Ana: ?AALMNN LAMiNAN +69 69', rack: '?AALMNN', word: 'LAMiNAN', score: 69, total: 69 },
    { text: '>Ana: LAMiNAN +69 69', word: 'LAMiNAN', score: 69, total: 69 },
    { text: '>Ana: LAMiNAN 69', word: 'LAMiNAN', total: 69 },
    { text: '>Ana: ?AALMNN LAMiNAN 69  ', rack: '?AALMNN', word: 'LAMiNAN', total: 69 },
    { text: '>Ana: AC[CH]ORS? CO[CH]eS +26 26', rack: 'AC[CH]ORS?', word: 'CO[CH]eS', score: 26, total: 26 },
    { text: '>Ana: ABILORS LIBRO +16 16', rack: 'ABILORS', word: 'LIBRO', score: 16, total: 16 },
    { text: '>Ana: ÑANDÚ +20 -4', word: 'ÑANDÚ', score: 20, total: -4 },
  ];
  for (const c of words) {
    it(`word: ${JSON.stringify(c.text)}`, () => {
      const e = event(c.text);
      assert.equal(e.kind, 'word');
      assert.equal(e.rack?.text, c.rack);
      assert.equal(e.word?.text, c.word);
      assert.equal(e.coord, undefined);
      assert.equal(e.score?.value, c.score);
      assert.equal(e.total?.value, c.total);
      assert.equal(slice(c.text, e.word.span), c.word);
    });
  }

  it('keeps the keyword token of (challenge), (time) and (penalty)', () => {
    const e = event('>Luis: (time) -20 291');
    assert.equal(e.keyword?.text, '(time)');
    assert.equal(e.keyword?.value, 'time-penalty');
  });

  it('reads a placement without score as an event that says what is missing and where', () => {
    const text = '>Ana: ABILORS 8D LIBRO';
    const e = event(text);
    assert.equal(e.kind, 'placement');
    assert.equal(e.score, undefined);
    assert.equal(e.total, undefined);
    assert.equal(e.missing?.messageId, 'expected-score');
    assert.equal(e.missing?.at.start.offset, text.length);
  });

  it('reads a placement without total as an event that says so', () => {
    const e = event('>Ana: ABILORS 8D LIBRO +16   ');
    assert.equal(e.score?.value, 16);
    assert.equal(e.missing?.messageId, 'expected-total');
    assert.equal(e.missing?.at.start.offset, '>Ana: ABILORS 8D LIBRO +16'.length);
  });

  it('gives every span absolute offsets from the line options', () => {
    const raw = grammarLine('>Ana: ABILORS 8D LIBRO +24 24', 5, 1000) as RawEvent;
    assert.deepEqual(raw.score?.span, { start: { line: 5, column: 23, offset: 1023 }, end: { line: 5, column: 26, offset: 1026 } });
    assert.equal(raw.line, 5);
  });
});

describe('grammar: pragmas', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['#character-encoding UTF-8', 'character-encoding', { args: 'UTF-8' }],
    ['#player1 Ana Ana García', 'player1', { nick: 'Ana', fullName: 'Ana García' }],
    ['#player2 Peter_Armstrong Peter Armstrong', 'player2', { nick: 'Peter_Armstrong', fullName: 'Peter Armstrong' }],
    ['#player1 jvc', 'player1', { nick: 'jvc', fullName: '' }],
    ['#title 2005 WSC Round 11', 'title', { args: '2005 WSC Round 11' }],
    ['#description Saved by Elise version 0.1.8', 'description', { args: 'Saved by Elise version 0.1.8' }],
    ['#id io.woogles abc123', 'id', { args: 'io.woogles abc123' }],
    ['#lexicon FILE2017', 'lexicon', { args: 'FILE2017' }],
    ['#game-type classic', 'game-type', { args: 'classic' }],
    ['#board-layout CrosswordGame', 'board-layout', { args: 'CrosswordGame' }],
    ['#tile-distribution spanish', 'tile-distribution', { args: 'spanish' }],
    ['#tile [CH] [ch]', 'tile', { upper: '[CH]', lower: '[ch]' }],
    ['#tile [LL]', 'tile', { upper: '[LL]', lower: undefined }],
    ['#rack1 AEEIILZ', 'rack1', { rack: 'AEEIILZ' }],
    ['#rack2 AAAELQS', 'rack2', { rack: 'AAAELQS' }],
    ['#incomplete ', 'incomplete', { args: '' }],
    ['#note 15A (O)UTDANcE', 'note', { args: '15A (O)UTDANcE' }],
    ['#note', 'note', { args: '' }],
    ['#tile-set spanish', 'tile-set', { args: 'spanish' }],
    ['#game-board standard', 'game-board', { args: 'standard' }],
    ['#event Open de Madrid 2026', 'event', { args: 'Open de Madrid 2026' }],
    ['#round 3 (final)', 'round', { args: '3 (final)' }],
    ['#sheet-of Ana', 'sheet-of', { args: 'Ana' }],
    ['#- a comment', 'comment', { args: 'a comment' }],
    ['#rules fise-2004', 'rules', { edition: 'fise-2004' }],
    ['#rules NASPA', 'rules', { edition: 'naspa' }],
    ['#tile-notation plain', 'tile-notation', { notation: 'plain' }],
    ['#tile-notation Brackets', 'tile-notation', { notation: 'brackets' }],
    ['#clock Ana -01:30', 'clock', { nick: 'Ana', seconds: -90 }],
    ['#clock Beto 12:05', 'clock', { nick: 'Beto', seconds: 725 }],
    ['#challenge valid CASA COSA', 'challenge', { ruling: 'valid', words: ['CASA', 'COSA'] }],
    ['#game-end time', 'game-end', { reason: 'time' }],
    ['#game-end blocked', 'game-end', { reason: 'blocked' }],
    ['#whatever x y', 'unknown', { args: 'x y' }],
    ['  #Player1 Ana Ana', 'player1', { nick: 'Ana', fullName: 'Ana' }],
  ];
  for (const [text, name, fields] of cases) {
    it(`${name}: ${JSON.stringify(text)}`, () => {
      const p = line(text) as RawPragma;
      assert.equal(p.type, 'pragma', JSON.stringify(p));
      assert.equal(p.name, name);
      for (const [key, expected] of Object.entries(fields)) {
        const got: unknown = (p as unknown as Record<string, unknown>)[key];
        const value =
          key === 'args' || key === 'upper' || key === 'lower' || key === 'nick'
            ? (got as Token | undefined)?.text
            : key === 'rack'
              ? (got as RawTiles).text
              : key === 'words'
                ? (got as Token[]).map((w) => w.text)
                : key === 'fullName'
                  ? got
                  : (got as Token).value;
        assert.deepEqual(value, expected, key);
      }
      assert.equal(slice(text, p.args.span), p.args.text);
    });
  }
});

describe('grammar: errors name the token at fault', () => {
  // [line, message id, text of the span `at` (empty = zero-width), its start column]
  const cases: [string, string, string, number][] = [
    ['>Ana: ABILORS 8D LIBRO +2x4 16', 'bad-score', '+2x4', 23],
    ['>Ana: ABILORS 8D LIBRO 16 16', 'unsigned-score', '16', 23],
    ['>Ana: ABILORS 8D LIBRO +16 x', 'expected-total', 'x', 27],
    ['>Ana: ABILORS 8D LIBRO +16 1x', 'bad-total', '1x', 27],
    ['>Ana: ABILORS 8D', 'expected-play', '', 16],
    ['>Ana: ABILORS 8D LIB?RO +16 16', 'bad-play', 'LIB?RO', 17],
    ['>Ana: ABILORS LIBRO? +16 16', 'expected-coord', 'LIBRO?', 14],
    ['>Ana: ?AALMNN LAMiNAN +69 69 extra', 'unexpected-text', 'extra', 29],
    ['>Ana: LAMiNAN +69', 'expected-total', '', 17],
    ['>Ana: ?AALMNN LAMiNAN +69 6x', 'bad-total', '6x', 26],
    ['>Ana: ABILORS 8 LIBRO +16 16', 'bad-coord', '8', 14],
    ['>Ana: AB.C 8D LIBRO +16 16', 'bad-rack', 'AB.C', 6],
    ['>Ana ABILORS', 'expected-colon', '', 4],
    ['>: ABC', 'expected-nick', '', 1],
    ['>Ana:', 'expected-move', '', 5],
    ['>Ana: ABILORS   ', 'expected-move', '', 13],
    ['>Ana: ABILORS +16', 'expected-total', '', 17],
    ['>Ana: +16 x', 'expected-total', 'x', 10],
    ['>Ana: +16 1x', 'bad-total', '1x', 10],
    ['>Ana: AEI +16 16 CASA', 'unexpected-text', 'CASA', 17],
    ['>Ana: ABILORS - +0', 'expected-total', '', 18],
    ['>Ana: ABILORS -', 'expected-score', '', 15],
    ['>Ana: ABILORS - +0 10 extra', 'unexpected-text', 'extra', 22],
    ['>Ana: (ABC +5 10', 'bad-parenthesized', '(ABC', 6],
    ['>Ana: ABC -A.B +0 10', 'bad-exchange', '-A.B', 10],
    ['#clock Ana 5:7x', 'bad-clock-time', '5:7x', 11],
    ['#clock Ana', 'expected-clock-time', '', 10],
    ['#clock', 'expected-clock', '', 6],
    ['#clock Ana 01:00 extra', 'unexpected-text', 'extra', 17],
    ['#tile-notation fancy', 'bad-tile-notation', 'fancy', 15],
    ['#tile-notation', 'expected-tile-notation', '', 14],
    ['#rules', 'expected-rules', '', 6],
    ['#rules fise extra', 'unexpected-text', 'extra', 12],
    ['#rules fise-2010', 'bad-rules', 'fise-2010', 7],
    ['#rules FISE2004 otra', 'bad-rules', 'FISE2004', 7],
    ['#game-end tiempo', 'bad-game-end-reason', 'tiempo', 10],
    ['#challenge invalid CASA', 'bad-challenge-ruling', 'invalid', 11],
    ['#rack1 AB.C', 'bad-rack', 'AB.C', 7],
    ['#rack1 ABC DEF', 'unexpected-text', 'DEF', 11],
    ['#rack1', 'expected-rack', '', 6],
    ['#player1', 'expected-player', '', 8],
    ['#game-end', 'expected-game-end-reason', '', 9],
    ['#game-end time now', 'unexpected-text', 'now', 15],
    ['#challenge', 'expected-challenge-ruling', '', 10],
    ['#tile', 'expected-tile', '', 5],
    ['#tile [CH] [ch] x', 'unexpected-text', 'x', 16],
    ['garbage here  ', 'unexpected-line', 'garbage here', 0],
    ['  ABILORS 8D LIBRO +16 16', 'unexpected-line', 'ABILORS 8D LIBRO +16 16', 2],
  ];
  for (const [text, messageId, at, column] of cases) {
    it(`${messageId}: ${JSON.stringify(text)}`, () => {
      const raw = line(text) as RawError;
      assert.equal(raw.type, 'error', JSON.stringify(raw));
      assert.equal(raw.messageId, messageId);
      assert.equal(slice(text, raw.at), at);
      assert.equal(raw.at.start.column, column);
      assert.deepEqual([raw.span.start.offset, raw.span.end.offset], [0, text.length]);
    });
  }

  it('accepts as `#rules` exactly the editions of the rules registry, in any case', () => {
    assert.deepEqual([...EDITION_NAMES], [...EDITIONS]);
    for (const edition of EDITIONS) {
      for (const written of [edition, edition.toUpperCase()]) {
        const raw = line(`#rules ${written}`);
        assert.equal(raw.type, 'pragma', written);
      }
    }
  });

  it('takes every word of the vocabulary (syntax/vocabulary.ts), in any case where the notation allows it, and no near miss', () => {
    const accepts = (text: string, check: (raw: RawEvent | RawPragma) => unknown): void => {
      const raw = line(text);
      assert.notEqual(raw.type, 'error', `${text}: ${JSON.stringify(raw)}`);
      assert.ok(check(raw as RawEvent | RawPragma), `${text}: ${JSON.stringify(raw)}`);
    };
    const refuses = (text: string): void => assert.equal(line(text).type, 'error', text);
    for (const value of [...EDITION_NAMES]) {
      for (const w of [value, value.toUpperCase()]) accepts(`#rules ${w}`, (r) => (r as RawPragma).edition?.value === value);
      refuses(`#rules ${value}x`);
    }
    for (const value of TILE_NOTATIONS) {
      for (const w of [value, value.toUpperCase()]) accepts(`#tile-notation ${w}`, (r) => (r as RawPragma).notation?.value === value);
      refuses(`#tile-notation ${value}x`);
    }
    for (const value of GAME_END_REASONS) {
      for (const w of [value, value.toUpperCase()]) accepts(`#game-end ${w}`, (r) => (r as RawPragma).reason?.value === value);
      refuses(`#game-end ${value}x`);
    }
    for (const value of CHALLENGE_RULINGS) {
      for (const w of [value, value.toUpperCase()]) accepts(`#challenge ${w} CASA`, (r) => (r as RawPragma).ruling?.value === value);
      refuses(`#challenge ${value}x CASA`);
    }
    for (const name of SIMPLE_PRAGMAS) accepts(`#${name.toUpperCase()} anything at all`, (r) => r.type === 'pragma' && r.name === name);
    accepts('#simple-pragma-that-is-not one', (r) => r.type === 'pragma' && r.name === 'unknown');
    const samples: Record<keyof typeof ARGUMENT_PRAGMAS, string> = {
      player: 'Ana Ana García',
      rack: 'ABILORS',
      note: 'text',
      rules: 'fise',
      tileNotation: 'plain',
      clock: 'Ana -01:10',
      challenge: 'valid CASA',
      gameEnd: 'time',
      tile: 'CH ch',
    };
    for (const [rule, names] of Object.entries(ARGUMENT_PRAGMAS) as [keyof typeof ARGUMENT_PRAGMAS, readonly string[]][]) {
      for (const name of names) accepts(`#${name} ${samples[rule]}`, (r) => r.type === 'pragma' && r.name === name);
    }
    for (const [word, kind] of Object.entries(EVENT_KEYWORDS)) {
      accepts(`>Ana: (${word}) -10 20`, (r) => r.type === 'event' && r.kind === kind && r.keyword?.value === kind);
      // Upper case is a rack in parentheses (an end-of-game line), not the keyword.
      accepts(`>Ana: (${word.toUpperCase()}) +10 20`, (r) => r.type === 'event' && r.kind === 'end-rack');
    }
  });

  it('reads a blank line (spaces, tabs) as blank', () => {
    for (const text of ['', '   ', '\t \t']) assert.equal(grammarLine(text, 0, 0).type, 'blank');
  });

  it('reads `#` alone and `# text` as an unknown pragma with an empty name', () => {
    for (const text of ['#', '# just words']) {
      const p = line(text) as RawPragma;
      assert.equal(p.type, 'pragma');
      assert.equal(p.name, 'unknown');
      assert.equal(p.nameToken.text, '');
    }
  });
});
