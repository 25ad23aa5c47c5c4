/**
 * parse() with a content-line limit (ParseOptions.maxContentLines): what counts as content, where
 * the text is cut, the one problem at the cut, and that the prefix read is exactly the tree the
 * same text would give without the limit.
 */
import * as assert from 'node:assert/strict';
import { parse } from '../../../server/src/syntax/parse';
import type { ParseResult } from '../../../server/src/syntax/types';

const HEADER = '#player1 Ana Ana\n#player2 Beto Beto\n';
const EVENTS = ['>Ana: ABILORS 8D LIBRO +16 16', '>Beto: ACEIMOS - +0 0', '>Ana: ADEIOSU - +0 16', '>Beto: ACEIMOS - +0 0'];

/** The tree without spans' identity: JSON of the lines, events and problems. */
const shape = (r: ParseResult): string => JSON.stringify({ lines: r.file.lines, problems: r.problems });

describe('syntax: content-line limit', () => {
  it('reads everything when the file has no more content lines than the limit', () => {
    const text = `${HEADER}${EVENTS.join('\n')}\n`; // 2 pragmas + 4 events = 6 content lines
    const limited = parse(text, { maxContentLines: 6 });
    assert.equal(limited.file.truncated, undefined);
    assert.equal(limited.file.text, text);
    assert.equal(shape(limited), shape(parse(text)));
  });

  it('cuts before the first content line over the limit, with one problem there', () => {
    const text = `${HEADER}${EVENTS.join('\n')}\n`;
    const r = parse(text, { maxContentLines: 4 });
    assert.deepEqual(r.file.truncated, { line: 4, maxContentLines: 4 });
    assert.equal(r.file.text, `${HEADER}${EVENTS.slice(0, 2).join('\n')}\n`);
    assert.equal(r.file.events.length, 2);
    assert.equal(r.file.lines.length, 5);
    assert.equal(r.file.lines[4].type, 'blank');
    const problems = r.problems.filter((p) => p.messageId === 'too-many-lines');
    assert.equal(problems.length, 1);
    assert.equal(r.problems.length, 1);
    const at = problems[0].span;
    assert.deepEqual(at.start, { line: 4, column: 0, offset: r.file.text.length });
    assert.deepEqual(at.end, at.start);
    assert.deepEqual(problems[0].args, { max: 4 });
  });

  it('the lines read are the same nodes the whole text gives', () => {
    const text = `${HEADER}${EVENTS.join('\n')}\n`;
    const whole = parse(text);
    const cut = parse(text, { maxContentLines: 5 });
    for (let i = 0; i < cut.file.lines.length - 1; i++) {
      assert.equal(JSON.stringify(cut.file.lines[i]), JSON.stringify(whole.file.lines[i]), `line ${i}`);
    }
  });

  it('blank lines and the continuation lines of a note do not count; notes do', () => {
    const note = `#note un comentario\n${'  que sigue aquí\n'.repeat(500)}\n\n`;
    const text = `${HEADER}${EVENTS[0]}\n${note}${EVENTS[1]}\n`;
    const r = parse(text, { maxContentLines: 5 });
    assert.equal(r.file.truncated, undefined);
    assert.equal(r.file.events.length, 2);
    assert.equal(r.file.events[0].notes[0].lastLine - r.file.events[0].notes[0].firstLine, 500);
    const notes = `${HEADER}${EVENTS[0]}\n${'#note otra\n'.repeat(10)}`;
    assert.deepEqual(parse(notes, { maxContentLines: 5 }).file.truncated, { line: 5, maxContentLines: 5 });
  });

  it('counts pragmas and unreadable lines', () => {
    for (const [extra, kind] of [
      ['#title Final', 'pragma'],
      ['esto no es una jugada', 'error'],
      ['#note un comentario', 'pragma'],
    ] as const) {
      const text = `${HEADER}${extra}\n${EVENTS[0]}\n`;
      const r = parse(text, { maxContentLines: 3 });
      assert.equal(r.file.lines[2].type, kind, extra);
      assert.deepEqual(r.file.truncated, { line: 3, maxContentLines: 3 }, extra);
      assert.equal(r.file.events.length, 0, extra);
    }
  });

  it('cuts a file with CRLF line ends and one with no final line break', () => {
    const crlf = `${HEADER}${EVENTS.join('\n')}`.replace(/\n/g, '\r\n');
    const r = parse(crlf, { maxContentLines: 3 });
    assert.equal(r.file.text, crlf.slice(0, crlf.indexOf('>Beto')));
    assert.equal(r.file.events.length, 1);
    const bare = parse(`${HEADER}${EVENTS[0]}`, { maxContentLines: 2 });
    assert.equal(bare.file.text, HEADER);
    assert.equal(bare.file.truncated?.line, 2);
  });

  it('stops early on a huge file: the tree holds only the lines read', () => {
    const text = `${HEADER}${`${EVENTS[1]}\n`.repeat(200_000)}`;
    const r = parse(text, { maxContentLines: 1_000 });
    assert.equal(r.file.lines.length, 1_001);
    assert.equal(r.file.events.length, 998);
    assert.ok(r.file.text.length < 30_000);
  });
});
