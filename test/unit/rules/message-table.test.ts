/**
 * The two forms of the message table agree: the catalogues' merged table (`message-table.ts`,
 * the editor's server and the compiled modules) and the data the CLI bundle carries
 * (`catalogJson` read back by `jsonMessageTable`), for every id in both languages; the data
 * form never throws and treats odd ids as unknown.
 */
import * as assert from 'node:assert/strict';
import { MESSAGES, catalogJson } from '../../../server/src/rules/catalogs';
import { jsonMessageTable } from '../../../server/src/rules/message-json';
import { messageTemplate } from '../../../server/src/rules/message-table';

describe('rules: the message table as data', () => {
  it('catalogJson read back gives every template of the merged table, in both languages', () => {
    const fromData = jsonMessageTable({ es: () => catalogJson('es'), en: () => catalogJson('en') });
    assert.ok(MESSAGES.size > 500, `only ${MESSAGES.size} messages`);
    for (const [id, text] of MESSAGES) {
      assert.equal(fromData(id, 'es'), text.es, id);
      assert.equal(fromData(id, 'en'), text.en, id);
      assert.equal(messageTemplate(id, 'es'), text.es, id);
      assert.equal(messageTemplate(id, 'en'), text.en, id);
    }
    assert.equal(Object.keys(JSON.parse(catalogJson('es')) as object).length, MESSAGES.size);
  });

  it('catalogJson is ASCII (the CLI bundle must be) and keeps the Spanish letters through escapes', () => {
    for (const lang of ['es', 'en'] as const) assert.doesNotMatch(catalogJson(lang), /[^\x00-\x7f]/);
    const es = JSON.parse(catalogJson('es')) as Record<string, string>;
    assert.ok(Object.values(es).some((t) => /[áéíóúñ]/.test(t)));
  });

  it('parses a language only when first asked, once', () => {
    const asked: string[] = [];
    const table = jsonMessageTable({
      es: () => (asked.push('es'), '{"a":"hola"}'),
      en: () => (asked.push('en'), '{"a":"hello"}'),
    });
    assert.deepEqual(asked, []);
    assert.equal(table('a', 'en'), 'hello');
    assert.equal(table('a', 'en'), 'hello');
    assert.deepEqual(asked, ['en']);
    assert.equal(table('a', 'es'), 'hola');
    assert.deepEqual(asked, ['en', 'es']);
  });

  it('unknown and odd ids give undefined; damaged data gives an empty table, never an exception', () => {
    const table = jsonMessageTable({ es: () => '{"a":"hola","n":5}', en: () => '{"a":"hello"}' });
    for (const id of ['b', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'n', '']) assert.equal(table(id, 'es'), undefined, id);
    for (const bad of ['', 'not json', '[1,2]', 'null', '"text"', '{"a":']) {
      const damaged = jsonMessageTable({ es: () => bad, en: () => bad });
      assert.equal(damaged('a', 'es'), undefined, bad);
      assert.equal(damaged('a', 'en'), undefined, bad);
    }
    const throwing = jsonMessageTable({
      es: () => {
        throw new Error('gone');
      },
      en: () => '{}',
    });
    assert.equal(throwing('a', 'es'), undefined);
  });
});
