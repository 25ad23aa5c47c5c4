/**
 * The UI catalogue: every id the editor features use exists in Spanish and English with the
 * same placeholders, and no text is left empty.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLIENT_MESSAGES } from '../../../server/src/text/client';
import { UI_MESSAGES } from '../../../server/src/text/ui';
import { clientText } from '../../../server/src/shared/text';
import { uiText, signed } from '../../../server/src/service/i18n';
import { EVENT_KINDS } from '../../../server/src/syntax/types';
import { PRAGMA_NAMES } from '../../../server/src/service/completion';
import { repoRoot } from '../../support/fixtures';

const placeholders = (t: string): string[] => [...t.matchAll(/\{([A-Za-z0-9_.-]+)\}/g)].map((m) => m[1]).sort();

/** Literal `ui.…` ids in the sources of the given folders (default: service, server, shared, client). */
function usedIds(dirs = ['server/src/service', 'server/src', 'server/src/shared', 'client/src']): string[] {
  const ids = new Set<string>();
  for (const dir of dirs) {
    for (const name of fs.readdirSync(path.join(repoRoot, dir))) {
      if (!name.endsWith('.ts')) continue;
      const text = fs.readFileSync(path.join(repoRoot, dir, name), 'utf8');
      for (const m of text.matchAll(/'(ui\.[A-Za-z0-9.-]+)'/g)) ids.add(m[1]);
    }
  }
  return [...ids];
}

describe('service: UI catalogue', () => {
  it('has both languages, non-empty, with the same placeholders', () => {
    for (const [id, text] of Object.entries({ ...UI_MESSAGES, ...CLIENT_MESSAGES })) {
      assert.ok(id.startsWith('ui.'), id);
      assert.ok(text.es.trim() && text.en.trim(), id);
      assert.deepEqual(placeholders(text.es), placeholders(text.en), id);
    }
  });

  it('holds every id the sources use, and the ids built from domain words', () => {
    const ids = [
      ...usedIds(),
      ...EVENT_KINDS.map((k) => `ui.event.${k}`),
      ...PRAGMA_NAMES.map((p) => `ui.pragma.${p}`),
      ...['DL', 'TL', 'DW', 'TW'].map((p) => `ui.premium.${p}`),
      'ui.tileSet.spanish',
      'ui.tileSet.english',
    ];
    assert.ok(ids.length > 60);
    const all = { ...UI_MESSAGES, ...CLIENT_MESSAGES };
    for (const id of ids) assert.ok(Object.prototype.hasOwnProperty.call(all, id), `missing ${id}`);
  });

  it('holds every id the client and the shared module use in the client catalogue, and no id twice', () => {
    const ids = usedIds(['client/src', 'server/src/shared']);
    assert.ok(ids.length >= 15, ids.join(', '));
    for (const id of ids) assert.ok(Object.prototype.hasOwnProperty.call(CLIENT_MESSAGES, id), `missing ${id} in text/client.ts`);
    for (const id of Object.keys(CLIENT_MESSAGES)) assert.ok(!Object.prototype.hasOwnProperty.call(UI_MESSAGES, id), `${id} in both`);
    assert.equal(clientText('ui.board.panelTitle', 'en', { name: 'a.gcg' }), 'Board · a.gcg');
    assert.equal(clientText('ui.lens.totals', 'es'), 'ui.lens.totals');
    assert.equal(uiText('ui.board.panelTitle', 'es', { name: 'a.gcg' }), 'Tablero · a.gcg');
  });

  it('fills placeholders and falls back to the id', () => {
    assert.equal(uiText('ui.lens.totals', 'es', { p1: 'Ana', t1: 134, p2: 'Luis', t2: 98 }), 'tras la jugada: Ana 134 · Luis 98');
    assert.equal(uiText('ui.no.such.id', 'en'), 'ui.no.such.id');
    assert.deepEqual([signed(24), signed(0), signed(-13)], ['+24', '+0', '-13']);
  });

  it('localises every manifest string in both languages', () => {
    const manifest = fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8');
    const en = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const es = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.nls.es.json'), 'utf8')) as Record<string, string>;
    const keys = [...manifest.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]);
    assert.ok(keys.length > 10);
    for (const key of keys) assert.ok(en[key] && es[key], key);
    assert.deepEqual(Object.keys(en).sort(), Object.keys(es).sort());
  });
});
