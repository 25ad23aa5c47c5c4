/**
 * Encodings are never rewritten into garbage: Windows-1252 bytes (curly
 * quotes, dashes, €) are read as such, not as C1 controls, also under `#character-encoding
 * windows-1252`; UTF-16 with a byte-order mark is read as UTF-16; the formatter refuses a file
 * whose content lines are all unreadable, and the editor gets no formatting edit for a text
 * holding U+FFFD. (Latin-1 speed: a 60 MB file decodes in under a second, `decode` in encoding.ts.)
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decode, encodeText } from '../../../server/src/syntax/encoding';
import { parse } from '../../../server/src/syntax/parse';
import { analyze } from '../../../server/src/service/document';
import { getFormattingEdits } from '../../../server/src/service/editing';
import { runCli } from '../../support/cli-capture';
import { removeTempDir, tempDir } from '../../support/fixtures';

const HEAD = '#player1 Ana Ana\n#player2 Beto Beto\n>Ana: ABILORS 8D LIBRO +16 16\n';

describe('syntax/encoding: no garbage', () => {
  it('reads Windows-1252 quotes, dashes and € as themselves, never as C1 controls', () => {
    const bytes = Buffer.concat([Buffer.from(`${HEAD}#note `), Buffer.from([0x93, 0x41, 0x94, 0x20, 0x96, 0x20, 0x80, 0x35, 0x20, 0xf1])]);
    const d = decode(bytes);
    assert.ok(d.text.endsWith('#note “A” – €5 ñ'), JSON.stringify(d.text));
    assert.doesNotMatch(d.text, /[\u0080-\u009f]/);
    const note = parse(bytes).file.events[0].notes[0];
    assert.equal(note.text, '“A” – €5 ñ');
  });

  it('writes a record back in the encoding it was read in (Windows-1252, UTF-16 with its BOM, UTF-8 with its BOM)', () => {
    const cp1252 = Buffer.concat([Buffer.from(`${HEAD}#note `), Buffer.from([0x93, 0x41, 0x94, 0x96, 0x80, 0xf1])]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(HEAD, 'utf16le').swap16()]);
    const utf8bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${HEAD}#note ñ`)]);
    for (const bytes of [cp1252, be, utf8bom]) {
      const d = decode(bytes);
      assert.ok(Buffer.from(encodeText(d.text, d.encoding, bytes)).equals(bytes), d.encoding);
    }
  });

  it('honours #character-encoding windows-1252 (and cp1252)', () => {
    for (const label of ['windows-1252', 'CP1252']) {
      // 0xC3 0xA9 is valid UTF-8 (é), but the file says it is Windows-1252: Ã©.
      const bytes = Buffer.concat([Buffer.from(`#character-encoding ${label}\n${HEAD}#note `), Buffer.from([0xc3, 0xa9, 0x92])]);
      assert.ok(decode(bytes).text.endsWith('#note Ã©’'), label);
    }
  });

  it('reads UTF-16 with a byte-order mark, little- and big-endian', () => {
    const text = `${HEAD}#note Ñandú`;
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    for (const bytes of [le, be]) {
      const parsed = parse(bytes);
      assert.equal(parsed.file.events.length, 1);
      assert.equal(parsed.file.events[0].notes[0].text, 'Ñandú');
    }
  });

  it('format --write refuses a file with no readable line, and leaves it untouched', async () => {
    const dir = tempDir('enc');
    try {
      const file = path.join(dir, 'binario.gcg');
      // Binary bytes (no line starts with '#' or '>'): nothing in it is a record.
      const bytes = Buffer.from(
        Array.from({ length: 2000 }, (_, i) =>
          ((i * 37 + 11) & 255) === 0x23 || ((i * 37 + 11) & 255) === 0x3e ? 0x41 : (i * 37 + 11) & 255,
        ),
      );
      fs.writeFileSync(file, bytes);
      const r = await runCli(['format', file, '--write']);
      assert.equal(r.code, 2);
      // Binary bytes are refused on reading, in one line, before any line is judged.
      assert.match(r.err, /is not a game record: it is a binary file/);
      assert.ok(fs.readFileSync(file).equals(bytes));
    } finally {
      removeTempDir(dir);
    }
  });

  it('gives no formatting edit for a text holding U+FFFD (a wrong guess by the editor)', () => {
    const text = `${HEAD.replace('>Ana:', '>Ana:  ')}#note Espa\uFFFDa\n`;
    assert.deepEqual(getFormattingEdits(analyze(text)), []);
    // The same text without U+FFFD is formatted (the extra spaces go).
    assert.equal(getFormattingEdits(analyze(text.replace('\uFFFD', 'ñ'))).length, 1);
  });
});
