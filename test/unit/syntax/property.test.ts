/**
 * Properties over generated records (fast-check): whatever the lines, parse never throws, gives
 * one node per line, and the round trip parse(format(parse(x))) ≡ parse(x) holds with format
 * idempotent. Lines are built from GCG-like tokens mixed with random strings and joined with
 * random blank space and line ends, so that near-misses of every rule come up.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { format } from '../../../server/src/syntax/format';
import { parse } from '../../../server/src/syntax/parse';
import { project } from './helpers';

const tokens = [
  '>Ana:',
  '>Beto:',
  '>x:',
  '>',
  ':',
  '#note',
  '#player1',
  '#rules',
  '#clock',
  '#tile',
  '#tile-notation',
  '#character-encoding',
  '#challenge',
  '#game-end',
  '#rack1',
  '#-',
  '#',
  '#Title',
  '8D',
  'h2',
  'A1',
  '15o',
  '+16',
  '-5',
  '16',
  '-0',
  '+0',
  '--',
  '-',
  '-4',
  '-AB',
  '(challenge)',
  '(time)',
  '(penalty)',
  '(IR)',
  '(',
  ')',
  'CASA',
  'DEIORRX',
  'llORA',
  'chO..',
  'AC[CH]ORS?',
  '[CH]',
  '[ch]',
  '[]',
  '1',
  '2',
  '?',
  '.',
  'plain',
  'brackets',
  'valid',
  'time',
  'fise',
  '-01:30',
  '05:00',
  'ñ',
  'Ñ',
  'n\u0303',
  'Ą',
  'ß',
  'x',
  'UTF-8',
  'ISO-8859-1',
  '\u00A0',
  '\uFEFF',
];

const token = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...tokens) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) });
const blank = fc.constantFrom(' ', '  ', '\t', ' \t ');
const randomLine = fc
  .tuple(fc.option(blank, { nil: '' }), fc.array(fc.tuple(token, blank), { maxLength: 8 }))
  .map(([lead, parts]) => lead + parts.map(([t, b]) => t + b).join(''));

const optional = (values: string[]) => fc.option(fc.constantFrom(...values), { nil: '' });
const placement = fc
  .tuple(
    fc.constantFrom('8D', 'h2', 'A1', '15o', '08d', '0A'),
    fc.constantFrom('CASA', 'EXORDI.', 'llORA', 'chO..', 'CO[CH]eS', 'CHOLLO', '1A2', 'LAMiNAN', '[ll]AVES', 'AN\u0303O', 'Ch'),
  )
  .map(([c, p]) => `${c} ${p}`);
const move = fc.oneof(
  placement,
  fc.constantFrom('-', '--', '-AB', '-4', '-?[CH]', '(challenge)', '(time)', '(penalty)', '(IR)', '(AAILOTrr)', '(C[CH]ÑT?)'),
);
const eventLine = fc
  .tuple(
    fc.constantFrom('Ana', 'Beto', 'Player_1', 'césar'),
    optional(['DEIORRX', 'AC[CH]ORS?', 'AALORVll', '?ABC', '1A2', 'abc', 'ĄKÇ', 'CHLLRR', 'RRR', 'ACHEIILU']),
    move,
    optional(['+16', '-5', '+0', '-0', '16', '+2x4', '+123456789']),
    optional(['16', '-6', '+12', 'x']),
    optional(['BE, ET', 'x  y']),
    blank,
  )
  .map(([nick, rack, mv, score, total, trailing, b]) => [`>${nick}:`, rack, mv, score, total, trailing].filter((x) => x !== '').join(b));
const pragmaLine = fc
  .tuple(
    fc.constantFrom(
      'note',
      'player1',
      'player2',
      'rules',
      'clock',
      'tile',
      'tile-notation',
      'challenge',
      'game-end',
      'rack2',
      'lexicon',
      'incomplete',
      '-',
      'Weird',
      '',
    ),
    fc.array(
      fc.constantFrom(
        'Ana',
        'Ana García',
        'fise',
        'plain',
        'brackets',
        '-01:30',
        '5:7',
        'valid',
        'CASA',
        '[CH]',
        '[ch]',
        'DEIORRX',
        'time',
        'x',
      ),
      { maxLength: 3 },
    ),
  )
  .map(([name, args]) => [`#${name}`, ...args].join(' '));
const line = fc.oneof(randomLine, eventLine, eventLine, pragmaLine, fc.constant(''), fc.constantFrom('a continuation', '  indented'));
const eol = fc.constantFrom('\n', '\r\n', '\r');
const record = fc.array(fc.tuple(line, eol), { maxLength: 12 }).map((ls) => ls.map(([l, e]) => l + e).join(''));

describe('syntax properties', () => {
  it('parse never throws and gives one node per line', () => {
    fc.assert(
      fc.property(record, (text) => {
        const { file } = parse(text);
        assert.equal(file.lines.length, text.split(/\r\n|\r|\n/).length);
        file.lines.forEach((l, i) => assert.equal(l.line, i));
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const { file } = parse(bytes);
        assert.ok(file.lines.length >= 1);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips through the formatter, which is idempotent', () => {
    fc.assert(
      fc.property(record, (text) => {
        const first = parse(text);
        const out = format(first.file);
        const second = parse(out);
        assert.deepEqual(project(second), project(first));
        assert.equal(format(second.file), out);
      }),
      { numRuns: 600 },
    );
  });
});
