/**
 * The tournament desk (`planilla event`) on a generated event of 24 players × 8 rounds: the clean
 * copy gives no error or warning and the standings computed plainly from the games played; every
 * planted discrepancy is found with its round and players, and nothing else is flagged; the
 * standings stay what really happened; parallel checking gives the same audit; the exports and
 * the report carry the figures; hostile files are findings, never a crash.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../support/cli-capture';
import { defaultLexicon, removeTempDir, tempDir } from '../../support/fixtures';
import {
  generateEvent,
  plantDiscrepancies,
  writeEvent,
  type GeneratedEvent,
  type Plant,
  type PlantKind,
} from '../../support/event-generator';
import type { EventAudit, EventFinding } from '../../../server/src/service/event';
import { analyze } from '../../../server/src/service/document';
import { analyzeGame } from '../../../server/src/analysis/coach';
import { builtinLeaves } from '../../../server/src/analysis/leave-files';

interface Expected {
  readonly codes: readonly string[];
  readonly check?: string;
}

const EXPECTED: Record<PlantKind, Expected> = {
  'sheets-disagree': { codes: ['sheets-disagree'] },
  misadd: { codes: ['sheet-misadds'] },
  'card-score': { codes: ['card-differs'] },
  'card-winner': { codes: ['card-differs'] },
  'card-without-sheet': { codes: ['card-without-sheet'] },
  'wrong-round': { codes: ['wrong-round'] },
  'name-accent': { codes: ['name-spelling'] },
  'name-case': { codes: ['name-spelling'] },
  'unknown-player': { codes: ['unknown-player'] },
  'wrong-score': { codes: ['sheet-finding'], check: 'score-mismatch' },
  'unaccepted-word': { codes: ['sheet-finding'], check: 'unaccepted-word' },
};

/** The standings written plainly: every game's true result, wins (a draw ½), spread, name. */
function plainStandings(
  event: GeneratedEvent,
): { player: string; wins: number; losses: number; draws: number; spread: number; games: number }[] {
  const rows = new Map<string, { player: string; wins: number; losses: number; draws: number; spread: number; games: number }>();
  for (const g of event.games) {
    for (const i of [0, 1]) {
      const me = g.players[i];
      const row = rows.get(me) ?? { player: me, wins: 0, losses: 0, draws: 0, spread: 0, games: 0 };
      const diff = g.final[i] - g.final[1 - i];
      row.games += 1;
      row.spread += diff;
      if (diff > 0) row.wins += 1;
      else if (diff < 0) row.losses += 1;
      else row.draws += 1;
      rows.set(me, row);
    }
  }
  return [...rows.values()].sort(
    (a, b) => b.wins + b.draws / 2 - (a.wins + a.draws / 2) || b.spread - a.spread || a.player.localeCompare(b.player, 'es'),
  );
}

const standingsOf = (audit: EventAudit) =>
  audit.standings.map((s) => ({ player: s.player, wins: s.wins, losses: s.losses, draws: s.draws, spread: s.spread, games: s.games }));

const foundFor = (plant: Plant, findings: readonly EventFinding[]): EventFinding | undefined => {
  const expected = EXPECTED[plant.kind];
  return findings.find(
    (f) =>
      expected.codes.includes(f.code) &&
      (expected.check === undefined || f.check === expected.check) &&
      f.round === plant.round &&
      plant.players.every((p) => f.players.includes(p)),
  );
};

describe('desk: planilla event', function () {
  this.timeout(120_000);
  let tmp: string;
  let clean: GeneratedEvent;
  let plants: readonly Plant[];
  let planted: GeneratedEvent;

  before(function () {
    const lexicon = defaultLexicon();
    tmp = tempDir('planilla-event-');
    clean = generateEvent({ seed: 7, lexicon });
    const p = plantDiscrepancies(clean, 7, lexicon);
    plants = p.plants;
    planted = p.event;
    writeEvent(path.join(tmp, 'clean'), clean, path.join(tmp, 'clean.csv'));
    writeEvent(path.join(tmp, 'planted'), planted, path.join(tmp, 'planted.csv'));
  });
  after(() => removeTempDir(tmp));

  const audit = async (which: string, extra: string[] = []): Promise<{ code: number; audit: EventAudit; err: string }> => {
    const r = await runCli(['event', path.join(tmp, which), '--results', path.join(tmp, `${which}.csv`), '--json', ...extra]);
    return { code: r.code, audit: JSON.parse(r.out) as EventAudit, err: r.err };
  };

  it('generates 96 games with two sheets each, a third of them full records', () => {
    assert.equal(clean.games.length, 96);
    assert.equal(clean.files.size, 192);
    const full = [...clean.files.values()].filter((t) => /^>\S+: \S+ \S+ \S+ \+\d+ \d+$/m.test(t)).length;
    assert.equal(full, 64);
    assert.ok(plants.length >= 40);
    assert.ok(new Set(plants.map((p) => p.kind)).size >= 8);
  });

  it('finds nothing wrong on the clean copy, and the standings are the games played', async () => {
    const r = await audit('clean');
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(
      r.audit.findings.filter((f) => f.severity !== 'information').map((f) => f.message),
      [],
    );
    assert.equal(r.audit.games.length, 96);
    assert.deepEqual(standingsOf(r.audit), plainStandings(clean));
    assert.deepEqual(
      r.audit.standings.map((s) => s.rank),
      r.audit.standings.map((_, i) => i + 1),
    );
  });

  it('finds every planted discrepancy with its round and players, and nothing else', async () => {
    const r = await audit('planted');
    assert.equal(r.code, 1);
    const missed = plants.filter((p) => !foundFor(p, r.audit.findings));
    assert.deepEqual(missed, []);
    // Every error and warning is one of the plants (same round, same players).
    const stray = r.audit.findings.filter(
      (f) => f.severity !== 'information' && !plants.some((p) => p.round === f.round && f.players.every((n) => p.players.includes(n))),
    );
    assert.deepEqual(stray, []);
    // Flagged is not dropped: the standings are still what really happened.
    assert.deepEqual(standingsOf(r.audit), plainStandings(clean));
    assert.equal(r.audit.games.length, 96);
  });

  it('gives the same audit on worker threads (--jobs 2)', async () => {
    const one = await audit('planted', ['--jobs', '1']);
    const two = await audit('planted', ['--jobs', '2']);
    assert.deepEqual(two.audit, one.audit);
  });

  it('writes the A4 report with links to the sheets, and the tsh and CSV exports', async () => {
    const html = path.join(tmp, 'report.html');
    const r = await runCli(['event', path.join(tmp, 'planted'), '--results', path.join(tmp, 'planted.csv'), '-o', html]);
    assert.equal(r.code, 1, r.err);
    const page = fs.readFileSync(html, 'utf8');
    assert.match(page, /@page \{ size: A4/);
    const wrong = plants.find((p) => p.kind === 'misadd')!;
    assert.ok(
      page.includes(`href="planted/${wrong.file.split('/').map(encodeURIComponent).join('/')}#L`),
      'a finding links to its sheet and line',
    );
    const { audit: json } = await audit('planted');
    assert.ok(page.indexOf(json.standings[0].player) < page.indexOf('<h2>Findings</h2>'), 'standings first');

    const tsh = path.join(tmp, 'event.t');
    assert.equal((await runCli(['event', path.join(tmp, 'clean'), '--export', 'tsh', '-o', tsh])).code, 0);
    const lines = fs.readFileSync(tsh, 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, 24);
    for (const line of lines) assert.match(line, /^[^,]+, .+ 0( \d+){8}; (-?\d+ ){7}-?\d+$/);

    const csv = path.join(tmp, 'event.csv');
    assert.equal((await runCli(['event', path.join(tmp, 'clean'), '--export', 'csv', '-o', csv])).code, 0);
    assert.equal(fs.readFileSync(csv, 'utf8'), clean.cards);
  });

  it('takes hostile files as findings and never stops', async () => {
    const dir = path.join(tmp, 'hostile');
    fs.mkdirSync(path.join(dir, 'deep', 'deeper'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'binary.gcg'), Buffer.from([0, 1, 2, 255, 254, 0, 0, 7]));
    fs.writeFileSync(path.join(dir, 'empty.gcg'), '');
    fs.writeFileSync(path.join(dir, 'deep', 'deeper', 'noise.gcg'), '#round 1\n#player1 A\n>A: ' + 'Z'.repeat(100_000) + '\n');
    fs.writeFileSync(path.join(dir, 'same-player.gcg'), '#round 1\n#player1 A Ana\n#player2 B Ana\n>A: +10 10\n');
    fs.mkdirSync(path.join(dir, 'folder.gcg'));
    fs.symlinkSync(path.join(dir, 'nowhere.gcg'), path.join(dir, 'broken.gcg'));
    const first = [...clean.files.keys()][0];
    fs.writeFileSync(path.join(dir, 'one.gcg'), clean.files.get(first)!);
    fs.writeFileSync(path.join(tmp, 'bad.csv'), 'not,a,card\n');
    const r = await runCli(['event', dir, '--results', path.join(tmp, 'bad.csv'), '--json']);
    assert.equal(r.code, 1, r.err);
    const json = JSON.parse(r.out) as EventAudit;
    const codes = json.findings.map((f) => `${f.code} ${f.files.map((x) => x.path).join(',')}`);
    for (const expected of [
      'unreadable binary.gcg',
      'not-a-record empty.gcg',
      'not-a-record deep/deeper/noise.gcg',
      'not-a-record same-player.gcg',
      'unreadable broken.gcg',
      'one-sheet one.gcg',
    ]) {
      assert.ok(codes.includes(expected), `${expected} in ${codes.join('; ')}`);
    }
    assert.ok(json.findings.some((f) => f.code === 'bad-card'));
    assert.equal(json.games.length, 1);
  });

  it('reads the round a #round line names before what the sheet adds, and guesses none', async () => {
    const dir = path.join(tmp, 'rounds');
    fs.mkdirSync(dir, { recursive: true });
    const docs = path.join(__dirname, '..', '..', '..', '..', 'docs', 'arbitraje');
    for (const name of ['mesa-12-ana.gcg', 'mesa-12-beto.gcg']) fs.copyFileSync(path.join(docs, name), path.join(dir, name));
    assert.match(fs.readFileSync(path.join(dir, 'mesa-12-ana.gcg'), 'utf8'), /^#round 3 · mesa 12$/m);
    const named = await runCli(['event', dir, '--json']);
    const audit = JSON.parse(named.out) as EventAudit;
    assert.deepEqual(
      audit.games.map((g) => g.round),
      [3],
    );
    assert.ok(!audit.findings.some((f) => f.code === 'no-round'), named.out);
    // "3-4" could be either round: no round, said as a finding.
    for (const name of ['mesa-12-ana.gcg', 'mesa-12-beto.gcg']) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('#round 3 · mesa 12', '#round 3-4'));
    }
    const unclear = JSON.parse((await runCli(['event', dir, '--json'])).out) as EventAudit;
    assert.ok(unclear.findings.some((f) => f.code === 'no-round'));
  });

  it('two meetings of the same players on sheets without a round are two games, not one', async () => {
    // Two players, two rounds: they meet twice; every `#round` line left out.
    const twice = generateEvent({ seed: 5, lexicon: defaultLexicon(), players: 2, rounds: 2 });
    assert.equal(twice.games.length, 2);
    const dir = path.join(tmp, 'roundless');
    writeEvent(dir, twice, path.join(tmp, 'roundless.csv'));
    for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
      const file = path.join(dir, name);
      if (!name.endsWith('.gcg')) continue;
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^#round .*\n/m, ''));
    }
    const r = JSON.parse((await runCli(['event', dir, '--json'])).out) as EventAudit;
    assert.equal(r.counts.sheets, 4);
    assert.equal(r.games.length, 2);
    assert.deepEqual(r.findings.map((f) => f.code).sort(), ['no-round', 'no-round', 'no-round', 'no-round']);
    assert.deepEqual(
      r.standings.map((s) => s.games),
      [2, 2],
    );
  });

  it('adds the static equity lost per turn over the full records with --equity', async () => {
    const r = await audit('clean', ['--equity']);
    assert.equal(r.code, 0, r.err);
    const lexicon = defaultLexicon();
    const leaves = builtinLeaves().leaves;
    // Written plainly for one player: every game of theirs with a full sheet, that sheet analysed.
    const player = clean.players[0];
    let lost = 0;
    let turns = 0;
    for (const g of clean.games) {
      const side = g.players.indexOf(player);
      const full = g.full.indexOf(true);
      if (side < 0 || full < 0) continue;
      const game = analyzeGame(analyze(clean.files.get(g.sheets[full])!, { lexicon }).replay, { lexicon, leaves, top: 1, endgameNodes: 0 });
      lost += game.summary[side].equityLost;
      turns += game.summary[side].turns;
    }
    assert.ok(turns > 0);
    const row = r.audit.standings.find((s) => s.player === player)!;
    assert.equal(row.equityLostPerTurn, Math.round((lost / turns) * 100) / 100);
    // Without the option the figure is not computed.
    const plain = await audit('clean');
    assert.ok(plain.audit.standings.every((s) => s.equityLostPerTurn === null));
  });

  it('refuses bad usage with one line and exit 2', async () => {
    for (const args of [
      ['event'],
      ['event', path.join(tmp, 'nothing-here')],
      ['event', tmp, tmp],
      ['event', tmp, '--export', 'xls', '-o', 'x'],
      ['event', tmp, '--export', 'tsh'],
    ]) {
      const r = await runCli(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
      assert.doesNotMatch(r.err, /at .*\.js:\d+/);
    }
  });

  it('speaks Spanish', async () => {
    const r = await runCli(['event', path.join(tmp, 'planted'), '--results', path.join(tmp, 'planted.csv')], 'es');
    assert.match(r.out, /Clasificación/);
    assert.match(r.out, /la tarjeta \(línea \d+\) dice/);
  });
});
