/**
 * format(): the round trip parse(format(parse(x))) ≡ parse(x) (helpers.ts `project`) over the
 * corpus, the samples and the worked examples; idempotence; the canonical layout; and the tile
 * notation choice (brackets when nothing is lost, plain kept when a reading is ambiguous).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format, formatDocument } from '../../../server/src/syntax/format';
import { parse } from '../../../server/src/syntax/parse';
import { project, workedExampleRecords } from './helpers';
import { corpusFiles, sampleFiles } from '../../support/fixtures';

function roundTrip(input: string | Uint8Array): void {
  const first = parse(input);
  const text = format(first.file);
  const second = parse(text);
  assert.deepEqual(project(second), project(first));
  assert.equal(format(second.file), text, 'format is idempotent');
}

describe('format: round trip', () => {
  for (const file of [...corpusFiles(), ...sampleFiles()]) {
    it(`${path.relative(path.resolve(file, '../..'), file)}`, () => roundTrip(fs.readFileSync(file)));
  }
  for (const record of workedExampleRecords()) {
    it(`worked example "${record.title}"`, () => roundTrip(record.text));
  }
  const odd: [string, string][] = [
    ['a placement without score', '>Ana: ABILORS 8D LIBRO\n'],
    ['a placement without total', '>Ana: ABILORS 8D LIBRO +16\n'],
    ['error lines, kept verbatim and not swallowed by a note', '#note a\n\nnot gcg at all\n>Ana: ABC 8D ABC +2x4 5\n#clock Ana 5:7x\n'],
    [
      'positional pragmas',
      '>Ana: ABILORS 8D LIBRO +16 16\n#challenge valid LIBRO\n#note fine\n#clock Ana -00:30\n#game-end time\n#rack1 AB\n',
    ],
    ['unknown and empty pragmas', '#Whatever  a  b\n# loose words\n#-  comment\n#\n'],
    [
      'every event kind',
      '>A: ABC - +0 0\n>A: ABC -AB +0 0\n>A: ABC -2 +0 0\n>A: ABC -- -5 0\n>A: ABC (challenge) +5 5\n>A: (AB) +4 9\n>A: AB (AB) -4 5\n>A: (time) -10 -5\n>A: AB (penalty) -30 -35\n',
    ],
    ['digits and mixed digraphs', '>Ana: 1A2[RR]? 8D 1A[ll] +10 10\n'],
    ['plain digraphs in plays and racks', '>Ana: DEIORRX 8D EXORDI. +30 30\n>Beto: AADLRSch H8 ..chAS +20 20\n'],
    ['bracket notation by pragma with no bracket tile', '#tile-notation brackets\n>Ana: CHELORS 8D CHE +8 8\n'],
    ['decomposed Ñ', '>Ana: AN\u0303OS 8D AN\u0303OS +10 10\n'],
    [
      'score-only lines, with and without rack, mixed with full lines',
      '#event Open\n#round 3\n>Ana: +26 26\n>Beto: AEI[CH]? +13 13\n#note jugó CHE\n>Ana: ABILORS 8D LIBRO +16 42\n>Beto:+0 -4\n',
    ],
    ['score-only lines only', '>Ana: +26 26\n>Beto: +13 13\n'],
  ];
  for (const [name, text] of odd) it(name, () => roundTrip(text));
});

describe('format: canonical layout', () => {
  it('writes a score-only line as the nick, the rack if any, then the numbers in their columns', () => {
    const out = formatDocument('>Ana:+26 26\n>Beto: AEI?   +13 13\n>Ana: ABILORS 8D LIBRO +16 42\n');
    assert.deepEqual(
      out.split('\n').filter((l) => l.startsWith('>')),
      ['>Ana:                   +26 26', '>Beto: AEI?             +13 13', '>Ana:  ABILORS 8D LIBRO +16 42'],
    );
  });

  it('writes the encoding header first and only once, aligns the columns and leaves no trailing space', () => {
    const text =
      '#player1 Ana Ana\n#character-encoding UTF-8\n>Ana:ABILORS   8d LIBRO +16 16\n>Bartolomé: ADEIMNT 12G IDEA +130 146  \n>Ana: ?EIRST -- -16 0\n';
    const out = formatDocument(text);
    const lines = out.split('\n');
    assert.equal(lines[0], '#character-encoding UTF-8');
    assert.equal(lines.filter((l) => l.startsWith('#character-encoding')).length, 1);
    assert.ok(out.endsWith('\n') && !out.endsWith('\n\n'));
    for (const l of lines) assert.equal(l, l.trimEnd());
    const events = lines.filter((l) => l.startsWith('>'));
    assert.deepEqual(events, [
      '>Ana:       ABILORS 8D  LIBRO  +16  16',
      '>Bartolomé: ADEIMNT 12G IDEA  +130 146',
      '>Ana:       ?EIRST  --         -16   0',
    ]);
  });

  it('writes bracket notation: [CH] digraph, [ch] blank digraph, lower-case blank, digits as brackets', () => {
    const out = formatDocument('>Ana: AC[CH]ORS? 8D CO[ch]eS +26 26\n>Beto: 1AEIRST 9D 1E +10 10\n');
    assert.match(out, /^>Ana: {2}AC\[CH\]ORS\? 8D CO\[ch\]eS +\+26 26$/m);
    assert.match(out, /^>Beto: \[CH\]AEIRST 9D \[CH\]E +\+10 10$/m);
    assert.doesNotMatch(out, /#tile-notation/);
  });

  it('writes an unambiguous plain file in brackets without a notation pragma', () => {
    const out = formatDocument('>Ana: ABILORS 8D LIBRO +16 16\n');
    assert.equal(out, '#character-encoding UTF-8\n>Ana: ABILORS 8D LIBRO +16 16\n');
  });

  it('keeps plain notation, declared, when a rack or play is ambiguous', () => {
    const out = formatDocument('>Ana: DEIORRX 8D EXORDI. +30 30\n');
    assert.equal(out, '#character-encoding UTF-8\n#tile-notation plain\n>Ana: DEIORRX 8D EXORDI. +30 30\n');
  });

  it('declares brackets when the file relied on #tile-notation brackets and no bracket is written', () => {
    const out = formatDocument('#tile-notation brackets\n>Ana: CHELORS 8D CHE +8 8\n');
    assert.match(out, /^#tile-notation brackets$/m);
  });

  it('keeps a note with its continuation right after its event, and cross-words after the total', () => {
    const out = formatDocument(
      '>Quackle: BEDGMNP  7e   BEDIM +26   66  BE, ET, DO\n#note  first\nsecond\n\n>David: HEALERS j1 HEALERS +75 139\n',
    );
    assert.equal(
      out,
      [
        '#character-encoding UTF-8',
        '>Quackle: BEDGMNP 7E BEDIM   +26  66  BE, ET, DO',
        '#note first',
        'second',
        '>David:   HEALERS J1 HEALERS +75 139',
        '',
      ].join('\n'),
    );
  });

  it('the projection notices a changed score and a changed reading (the round trip can fail)', () => {
    const base = project(parse('>Ana: DEIORRX 8D EXORDI. +30 30\n'));
    assert.notDeepEqual(project(parse('>Ana: DEIORRX 8D EXORDI. +31 30\n')), base);
    assert.notDeepEqual(project(parse('>Ana: DEIO[RR]X 8D EXORDI. +30 30\n')), base);
    assert.notDeepEqual(project(parse('>Ana: DEIORRX 8D EXORDI. +30 30\n#note x\n')), base);
  });
});
