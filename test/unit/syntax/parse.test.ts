/**
 * parse(): the corpus, notes, notation, error recovery, encodings and line ends, spans, and
 * hostile input (generated here, never committed).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseLine } from '../../../server/src/syntax/grammar';
import { parse, readLine, syntaxErrors } from '../../../server/src/syntax/parse';
import type { ErrorLine, EventNode, ParseResult } from '../../../server/src/syntax/types';
import { project, slice, tilesKey, workedExampleRecords } from './helpers';
import { corpusFiles } from '../../support/fixtures';

function errorLines(result: ParseResult): ErrorLine[] {
  return result.file.lines.filter((l): l is ErrorLine => l.type === 'error');
}

function corpus(name: string): Buffer {
  const file = corpusFiles().find((f) => path.basename(f) === name);
  assert.ok(file, name);
  return fs.readFileSync(file);
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('parse: the corpus', () => {
  for (const file of corpusFiles()) {
    const name = path.basename(file);
    it(`${name} parses with no syntax error`, () => {
      const bytes = fs.readFileSync(file);
      const result = parse(bytes);
      assert.deepEqual(errorLines(result), []);
      assert.deepEqual(syntaxErrors(result), []);
      const expectedProblems = name.includes('iso8859-1') ? ['encoding-fallback'] : [];
      assert.deepEqual(
        result.problems.map((p) => p.code),
        expectedProblems,
      );
      const eventLines = result.file.text.split(/\r\n|\r|\n/).filter((l) => l.trimStart().startsWith('>')).length;
      assert.equal(result.file.events.length, eventLines);
      assert.ok(result.file.events.length > 0);
      assert.equal(result.file.lines.length, result.file.text.split(/\r\n|\r|\n/).length);
      result.file.lines.forEach((l, i) => assert.equal(l.line, i));
    });
  }

  it('reads the Latin-1 file as Latin-1 with a hint and keeps the accented nick', () => {
    const result = parse(corpus('en_macondo_name_iso8859-1.gcg'));
    assert.equal(result.file.encoding, 'latin-1');
    assert.equal(result.file.events[0].nick.text, 'césar');
    assert.equal(result.problems[0].messageId, 'encoding-fallback');
  });

  it('reads the Spanish record: Ñ, lower-case real digraphs and ambiguous racks', () => {
    const { file } = parse(corpus('es_juego1_alejandro_vs_daniel.gcg'));
    assert.equal(file.notation, 'plain');
    const byPlay = (text: string): EventNode => file.events.find((e) => e.play?.text === text)!;
    assert.equal(tilesKey(byPlay('ÑO').play!.tiles), 'Ñ O');
    assert.deepEqual(byPlay('llORA').rack!.readings.map(tilesKey), ['A A L O R V LL']);
    assert.equal(tilesKey(byPlay('llORA').play!.tiles), 'b:LL* O R A');
    assert.equal(tilesKey(byPlay('chO..').play!.tiles), 'b:CH* O . .');
    assert.deepEqual(byPlay('.RDIDORa').rack!.readings.map(tilesKey), ['b:? D D I O RR', 'b:? D D I O R R']);
    const last = file.events[file.events.length - 1];
    assert.equal(last.kind, 'end-rack');
    assert.deepEqual(last.endRack!.readings.map(tilesKey), ['A A I L O T RR']);
  });

  it('reads the old Quackle forms: letters for played-through tiles, cross-words, (T) -1', () => {
    const { file } = parse(corpus('en_quackle_fivepoint.gcg'));
    const withCross = file.events.find((e) => e.trailing?.text === 'KO, EX')!;
    assert.equal(withCross.play!.text, 'OXY');
    const [endRack, deduction] = file.events.slice(-2);
    assert.deepEqual([endRack.kind, endRack.score!.value], ['end-rack', 1]);
    assert.deepEqual([deduction.kind, deduction.score!.value, deduction.rack!.text], ['rack-deduction', -1, 'T']);
    assert.equal(file.events.find((e) => e.coord?.text === 'h6')!.coord!.direction, 'down');
  });

  it('keeps #rack1/#rack2 after the last event of an Elise file', () => {
    const { file } = parse(corpus('en_macondo_incomplete_elise.gcg'));
    const racks = file.pragmas.filter((p) => p.name === 'rack1' || p.name === 'rack2');
    assert.deepEqual(
      racks.map((p) => (p.name === 'rack1' || p.name === 'rack2' ? p.rack.text : '')),
      ['AEEIILZ', 'AAAELQS'],
    );
  });
});

describe('parse: notes', () => {
  it('attaches a note to the event before it, with its continuation lines', () => {
    const { file } = parse(corpus('en_macondo_utf8_dos.gcg'));
    const event = file.events.find((e) => e.play?.text === 'E.NSTEIN')!;
    assert.equal(event.notes.length, 1);
    assert.equal(
      event.notes[0].text,
      'tennises dentines way more points\nsince ive been behind  and the board is not open, ive made decision to do that risky play. win or lose. will it work?',
    );
    const note = event.notes[0];
    assert.equal(note.lastLine, note.firstLine + 1);
    assert.equal(file.lines[note.lastLine].type, 'note-continuation');
  });

  it('keeps an empty first line and its continuation', () => {
    const { file } = parse(corpus('es_juego1_alejandro_vs_daniel.gcg'));
    const event = file.events.find((e) => e.play?.text === 'UF.')!;
    assert.deepEqual(
      event.notes.map((n) => n.text),
      ['\nType a note here!'],
    );
  });

  it('puts notes before the first event in headerNotes, allows several per event, ends a note at a blank line', () => {
    const text = [
      '#player1 Ana Ana',
      '#note about the game',
      'second line',
      '>Ana: ABILORS 8D LIBRO +16 16',
      '#note one',
      '#note two',
      '  indented continuation',
      '',
      'stray line',
    ].join('\n');
    const result = parse(text);
    const { file } = result;
    assert.deepEqual(
      file.headerNotes.map((n) => n.text),
      ['about the game\nsecond line'],
    );
    assert.deepEqual(
      file.events[0].notes.map((n) => n.text),
      ['one', 'two\n  indented continuation'],
    );
    assert.deepEqual(
      errorLines(result).map((e) => [e.line, e.messageId]),
      [[8, 'unexpected-line']],
    );
    const note = file.events[0].notes[1];
    assert.equal(slice(text, note.span), '#note two\n  indented continuation');
  });

  it('does not take a line starting with # or > as a continuation', () => {
    const { file } = parse('#note a\n#player1 Ana Ana\n>Ana: ABILORS 8D LIBRO +16 16\n');
    assert.deepEqual(
      file.lines.map((l) => l.type),
      ['pragma', 'pragma', 'event', 'blank'],
    );
  });
});

describe('parse: notation', () => {
  const cases: [string, string, string][] = [
    ['>Ana: ABC 8D ABC +5 5\n', 'plain', 'default'],
    ['>Ana: A[CH]C 8D A[CH]C +5 5\n', 'brackets', 'bracket-tile'],
    ['#tile [CH] [ch]\n>Ana: ABC 8D ABC +5 5\n', 'brackets', 'tile-pragma'],
    ['#tile-notation plain\n>Ana: A[CH]C 8D A[CH]C +5 5\n', 'plain', 'pragma'],
    ['#tile-notation brackets\n>Ana: ABC 8D ABC +5 5\n', 'brackets', 'pragma'],
    ['#rack1 A[LL]\n', 'brackets', 'bracket-tile'],
  ];
  for (const [text, notation, reason] of cases) {
    it(`${JSON.stringify(text)} → ${notation} (${reason})`, () => {
      const { file } = parse(text);
      assert.deepEqual([file.notation, file.notationReason], [notation, reason]);
    });
  }

  it('composes every rack and play of the file under its notation', () => {
    const { file } = parse('#tile-notation brackets\n>Ana: DEIORRX 8D CHE +5 5\n');
    // The file's reading first; the plain reading of the pair after it, for that turn alone.
    assert.deepEqual(file.events[0].rack!.readings.map(tilesKey), ['D E I O R R X', 'D E I O RR X']);
    assert.equal(file.events[0].rack!.otherFrom, 1);
    assert.equal(tilesKey(file.events[0].play!.tiles), 'C H E');
  });
});

describe('parse: error recovery', () => {
  it("the shortcut for blank and garbage lines gives exactly the grammar's nodes", () => {
    for (const text of ['', '  \t', 'garbage', '  garbage here \t', 'x'.repeat(60), '\u00A0abc\uFEFF', 'a # b > c']) {
      assert.deepEqual(readLine({ text, offset: 7 }, 3), parseLine(text, 3, 7), JSON.stringify(text));
    }
  });

  const base = corpus('en_macondo_noah_vs_mishu.gcg').toString('utf8');

  it('a garbage line in the middle gives exactly one error and leaves every other line intact', () => {
    const lines = base.split('\n');
    const at = 12;
    const broken = [...lines.slice(0, at), 'this is &&& not GCG', ...lines.slice(at)].join('\n');
    const result = parse(broken);
    assert.equal(errorLines(result).length, 1);
    assert.equal(errorLines(result)[0].line, at);
    assert.equal(syntaxErrors(result).length, 1);
    const original = project(parse(base)) as { lines: unknown[] };
    const after = project(result) as { lines: unknown[] };
    const withoutError = after.lines.filter((l) => (l as { type: string }).type !== 'error');
    assert.deepEqual(withoutError, original.lines);
  });

  it('a placement cut short keeps its event and reports the missing score at the end of the line', () => {
    const text = '>Ana: ABILORS 8D LIBRO +16 16\n>Beto: ADEIMNT 7G IDEA\n>Ana: AEMOSST 8G MESA +12 28\n';
    const result = parse(text);
    assert.equal(result.file.events.length, 3);
    assert.equal(result.file.events[1].score, undefined);
    assert.deepEqual(
      result.problems.map((p) => [p.code, p.messageId]),
      [['syntax-error', 'expected-score']],
    );
    assert.equal(result.problems[0].span.start.offset, text.indexOf('IDEA') + 4);
    assert.equal(errorLines(result).length, 0);
    assert.equal(syntaxErrors(result).length, 1);
  });

  it('a line cut before its move is one error; the next line still parses', () => {
    const result = parse('>Ana: ABIL\n>Beto: ADEIMNT 7G IDEA +13 13');
    assert.deepEqual(
      errorLines(result).map((e) => e.messageId),
      ['expected-move'],
    );
    assert.equal(result.file.events.length, 1);
  });

  it('a bad score points at the score token', () => {
    const text = '#player1 Ana Ana\n>Ana: ABILORS 8D LIBRO +2x4 16\n>Ana: AEMOSST 8G MESA +12 28\n';
    const result = parse(text);
    const [error] = errorLines(result);
    assert.equal(error.messageId, 'bad-score');
    assert.equal(slice(text, error.at), '+2x4');
    assert.deepEqual([error.at.start.line, error.at.start.column], [1, 23]);
    assert.equal(result.file.events.length, 1);
  });

  it('a 10 000-character line is one error', () => {
    const long = '>Ana: ' + 'A'.repeat(10_000);
    const result = parse(`#player1 Ana Ana\n${long}\n>Ana: ABILORS 8D LIBRO +16 16\n`);
    assert.deepEqual(
      errorLines(result).map((e) => [e.line, e.messageId]),
      [[1, 'expected-move']],
    );
    assert.equal(result.file.events.length, 1);
    const garbage = parse('x'.repeat(10_000));
    assert.equal(errorLines(garbage).length, 1);
  });

  it('an unknown pragma is a hint, not an error', () => {
    const result = parse('#whatever x\n>Ana: ABILORS 8D LIBRO +16 16\n');
    assert.deepEqual(
      result.problems.map((p) => [p.code, p.messageId, p.args]),
      [['unknown-pragma', 'unknown-pragma', { pragma: 'whatever' }]],
    );
    assert.deepEqual(syntaxErrors(result), []);
    assert.equal(slice(result.file.text, result.problems[0].span), '#whatever x');
  });
});

describe('parse: encodings and line ends', () => {
  const lf = '#character-encoding UTF-8\n#player1 Ana Ana Núñez\n>Ana: AÑOS?RT 8D AÑOS +10 10\n#note ¡bien!\nsigue\n>Beto: ABC - +0 0\n';
  const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

  it('skips a UTF-8 byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(lf)]);
    const result = parse(bytes);
    assert.equal(result.file.text, lf);
    assert.equal(result.file.pragmas[0].name, 'character-encoding');
    assert.deepEqual(result.problems, []);
  });

  it('accepts a string that starts with U+FEFF, keeping offsets into that string', () => {
    const text = '\uFEFF#player1 Ana Ana\n';
    const result = parse(text);
    assert.equal(result.file.pragmas[0].name, 'player1');
    assert.equal(slice(text, result.file.pragmas[0].nameToken.span), 'player1');
  });

  for (const [name, eol] of [
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ] as const) {
    it(`reads ${name} line ends like LF, with spans into the text as given`, () => {
      const text = lf.replace(/\n/g, eol);
      const result = parse(utf8(text));
      assert.deepEqual(project(result), project(parse(lf)));
      const event = result.file.events[0];
      assert.equal(slice(result.file.text, event.score!.span), '+10');
      assert.equal(event.line, 2);
    });
  }

  it('reads mixed line ends', () => {
    const lines = lf.split('\n');
    const mixed = lines[0] + '\r\n' + lines[1] + '\r' + lines[2] + '\n' + lines.slice(3).join('\r\n');
    assert.deepEqual(project(parse(mixed)), project(parse(lf)));
  });

  it('falls back to Latin-1 with a hint when the bytes are not UTF-8', () => {
    const bytes = new Uint8Array(Buffer.from(lf.replace('#character-encoding UTF-8\n', ''), 'latin1'));
    const result = parse(bytes);
    assert.equal(result.file.encoding, 'latin-1');
    assert.equal(result.file.events[0].play!.text, 'AÑOS');
    assert.deepEqual(
      result.problems.map((p) => [p.code, p.messageId]),
      [['encoding-fallback', 'encoding-fallback']],
    );
  });

  it('says so when the file declares UTF-8 but is not', () => {
    const result = parse(new Uint8Array(Buffer.from(lf, 'latin1')));
    assert.equal(result.file.encoding, 'latin-1');
    assert.deepEqual(
      result.problems.map((p) => p.messageId),
      ['encoding-fallback-declared'],
    );
    assert.equal(result.file.events[0].nick.text, 'Ana');
  });

  it('honours a declared ISO-8859-1 without a hint', () => {
    const text = '#character-encoding ISO-8859-1\n#player1 Ana Ana Núñez\n';
    const result = parse(new Uint8Array(Buffer.from(text, 'latin1')));
    assert.equal(result.file.encoding, 'latin-1');
    assert.deepEqual(result.problems, []);
    assert.equal(result.file.pragmas[1].name === 'player1' && result.file.pragmas[1].fullName, 'Ana Núñez');
  });

  it('reads valid UTF-8 as UTF-8', () => {
    const result = parse(utf8(lf));
    assert.equal(result.file.encoding, 'utf-8');
    assert.equal(result.file.text, lf);
  });
});

describe('parse: spans', () => {
  it('a score token slices exactly +24 out of the text', () => {
    const text = '#player1 Ana Ana\n\n>Ana:   ABILORS  8D   LIBRO   +24   24   \n';
    const event = parse(text).file.events[0];
    assert.equal(slice(text, event.score!.span), '+24');
    assert.deepEqual(event.score!.span.start, { line: 2, column: 30, offset: 48 });
  });

  it('every token of every corpus event slices its own text', () => {
    for (const file of corpusFiles()) {
      const { file: gcg } = parse(fs.readFileSync(file));
      for (const e of gcg.events) {
        const tokens = [e.nick, e.rack, e.coord, e.play, e.exchanged, e.exchangedCount, e.endRack, e.keyword, e.score, e.total, e.trailing];
        for (const t of tokens) if (t) assert.equal(slice(gcg.text, t.span), t.text, `${path.basename(file)} line ${e.line}`);
        for (const t of e.play?.tiles ?? []) assert.equal(slice(gcg.text, t.span), t.text);
        const lineText = gcg.text.slice(e.span.start.offset, e.span.end.offset);
        assert.ok(lineText.trimStart().startsWith('>'));
        assert.equal(e.span.start.column, 0);
      }
    }
  });

  it('line and column agree with the offset', () => {
    const text = 'a\r\nbb\rccc\n>Ana: ABILORS 8D LIBRO +16 16';
    const { file } = parse(text);
    const score = file.events[0].score!.span.start;
    const before = text.slice(0, score.offset).split(/\r\n|\r|\n/);
    assert.deepEqual([score.line, score.column], [before.length - 1, before[before.length - 1].length]);
  });
});

describe('parse: the worked examples', () => {
  for (const record of workedExampleRecords()) {
    it(`"${record.title}" parses with no syntax error`, () => {
      const result = parse(record.text);
      assert.deepEqual(syntaxErrors(result), []);
      assert.ok(result.file.events.length > 0);
    });
  }
});

describe('parse: hostile input', () => {
  it('an empty file is one blank line and nothing else', () => {
    for (const input of ['', new Uint8Array(0)]) {
      const result = parse(input);
      assert.deepEqual(
        result.file.lines.map((l) => l.type),
        ['blank'],
      );
      assert.deepEqual([result.file.events.length, result.problems.length], [0, 0]);
    }
  });

  it('random binary bytes give error lines and no exception', () => {
    const next = random(7);
    const bytes = new Uint8Array(64 * 1024).map(() => Math.floor(next() * 256));
    const result = parse(bytes);
    assert.ok(errorLines(result).length > 0);
    assert.equal(result.file.lines.length, result.file.text.split(/\r\n|\r|\n/).length);
  });

  it('a 5 MB random text file completes and yields errors', () => {
    const next = random(11);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh0123456789 +-.?[]()#>:\t\n\n\nñÑ';
    const chars: string[] = [];
    for (let i = 0; i < 5 * 1024 * 1024; i++) chars.push(alphabet[Math.floor(next() * alphabet.length)]);
    const result = parse(chars.join(''));
    assert.ok(errorLines(result).length > 0);
  });

  it('one 5 MB line completes and is one error', () => {
    const result = parse('>Ana: ' + 'RR'.repeat(2_500_000));
    assert.deepEqual(
      errorLines(result).map((e) => e.messageId),
      ['line-too-long'],
    );
  });

  it('NUL bytes are errors, not exceptions', () => {
    const result = parse(new Uint8Array([0, 0, 0x0a, 0x3e, 0, 0x3a, 0, 0x0a, 0x23, 0]));
    assert.equal(result.file.lines.length, 3);
    assert.equal(errorLines(result).length, 2);
  });
});
