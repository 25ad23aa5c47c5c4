/**
 * Every message id the syntax layer can produce has Spanish and English text with the same
 * placeholders, in the syntax catalogue or (for the ids that are finding codes too) in the
 * findings catalogue, with the arguments the parser passes.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FINDING_MESSAGES } from '../../../server/src/text/findings';
import { SYNTAX_MESSAGES } from '../../../server/src/text/syntax';
import { parse } from '../../../server/src/syntax/parse';
import { repoRoot } from '../../support/fixtures';

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}

function idsIn(file: string): Set<string> {
  const source = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  const ids = new Set<string>();
  for (const m of source.matchAll(/(?:fail\(|messageId: )'([a-z]+(?:-[a-z]+)*)'/g)) ids.add(m[1]);
  return ids;
}

describe('syntax messages', () => {
  const produced = new Set<string>([
    ...idsIn('grammar/gcg.peggy'),
    ...idsIn('server/src/syntax/parse.ts'),
    ...idsIn('server/src/syntax/grammar.ts'),
    // built as 'bad-' / 'expected-' + 'score' | 'total' by the grammar's badNumber(), or chosen
    // in a conditional expression by parse.ts
    'bad-score',
    'bad-total',
    'unsigned-score',
    'encoding-fallback-declared',
    'empty-pragma',
    'unknown-pragma',
    'encoding-fallback',
  ]);

  it('finds the ids the grammar and the parser produce', () => {
    assert.ok(produced.size > 25, [...produced].join(' '));
    for (const id of ['expected-score', 'unexpected-line', 'bad-clock-time', 'line-too-long']) assert.ok(produced.has(id), id);
  });

  for (const id of [...produced].sort()) {
    it(`${id} has Spanish and English text with the same placeholders`, () => {
      const text = SYNTAX_MESSAGES[id] ?? FINDING_MESSAGES[id];
      assert.ok(text, `no message for ${id}`);
      assert.ok(text.es.trim() !== '' && text.en.trim() !== '');
      assert.deepEqual(placeholders(text.es), placeholders(text.en));
    });
  }

  it('has no message the syntax layer never produces, and none that clashes with the findings catalogue', () => {
    for (const id of Object.keys(SYNTAX_MESSAGES)) {
      assert.ok(produced.has(id), `unused message ${id}`);
      assert.equal(FINDING_MESSAGES[id], undefined, `${id} is also a finding message`);
    }
  });

  it('passes the arguments each message names', () => {
    const results = [
      parse('#whatever x\n>Ana: ABILORS 8D LIBRO +2x4 16\n#rack1 A.B\n>Ana: ABILORS 8D\n'),
      parse(new Uint8Array([0x23, 0x70, 0xe9, 0x0a])),
      parse(new Uint8Array([...Buffer.from('#character-encoding UTF-8\n#p '), 0xe9])),
    ];
    for (const result of results) {
      const messages = [
        ...result.problems.map((p) => ({ id: p.messageId, args: p.args })),
        ...result.file.lines.flatMap((l) => (l.type === 'error' ? [{ id: l.messageId, args: l.args }] : [])),
      ];
      assert.ok(messages.length > 0);
      for (const { id, args } of messages) {
        const text = SYNTAX_MESSAGES[id] ?? FINDING_MESSAGES[id];
        assert.ok(text, id);
        for (const name of placeholders(text.es)) assert.ok(name in args, `${id} lacks {${name}}`);
      }
    }
  });
});
