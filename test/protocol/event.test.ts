/**
 * The tournament desk over the language protocol: `planilla/eventAudit`, the request behind
 * "Planilla: Audit event…", on a small generated event (6 players × 2 rounds): the report of the
 * clean folder has no error, one card changed is one error in the report, a folder without
 * records is refused with one sentence.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { defaultLexicon, removeTempDir, repoRoot, tempDir } from '../support/fixtures';
import { generateEvent, writeEvent } from '../support/event-generator';
import type { EventAuditResult } from '../../server/src/shared/protocol';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');

describe('protocol: event audit', function () {
  this.timeout(60_000);
  let client: LspClient;
  let dir: string;

  before(async () => {
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    dir = tempDir('event-protocol');
    writeEvent(
      path.join(dir, 'torneo'),
      generateEvent({ seed: 3, lexicon: defaultLexicon(), players: 6, rounds: 2 }),
      path.join(dir, 'torneo', 'cards.csv'),
    );
    fs.mkdirSync(path.join(dir, 'empty'));
    client = LspClient.start(serverModule);
    client.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({ language: 'en' })));
    await client.initialize({ locale: 'en' });
  });

  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  const request = (folder: string, cards?: string): Promise<EventAuditResult> =>
    client.request('planilla/eventAudit', {
      folder: pathToFileURL(path.join(dir, folder)).toString(),
      ...(cards ? { cards: pathToFileURL(path.join(dir, cards)).toString() } : {}),
    });

  it('answers the report of a clean event with no error', async () => {
    const r = await request('torneo', 'torneo/cards.csv');
    assert.ok(!('error' in r), JSON.stringify(r));
    if ('error' in r) return;
    assert.equal(r.errors, 0);
    assert.equal(r.warnings, 0);
    assert.match(r.summary, /^12 sheets, 6 games: 0 errors, 0 warnings/);
    assert.match(r.html, /<h2>Standings<\/h2>/);
    // The tab names the event the sheets carry, not the folder.
    assert.equal(r.title, 'Audit: Open de prueba 3');
  });

  it('reports a card that differs from the sheets', async () => {
    const cards = fs.readFileSync(path.join(dir, 'torneo', 'cards.csv'), 'utf8').split('\n');
    const [round, p1, s1, p2, s2] = cards[1].split(',');
    cards[1] = `${round},${p1},${Number(s1) + 10},${p2},${s2}`;
    fs.writeFileSync(path.join(dir, 'changed.csv'), cards.join('\n'));
    const r = await request('torneo', 'changed.csv');
    assert.ok(!('error' in r));
    if ('error' in r) return;
    assert.equal(r.errors, 1);
    assert.match(r.html, /card-differs/);
  });

  it('refuses a folder without records in one sentence', async () => {
    const r = await request('empty');
    assert.ok('error' in r);
    if ('error' in r) assert.match(r.error, /holds no records/);
  });
});
