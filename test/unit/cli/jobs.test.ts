/**
 * Two worker threads give the bytes of one (cli/shared/batch.ts, cli/commands/analyze.ts): the
 * real `planilla check` on a folder, `planilla analyze` on generated games with a file it cannot
 * analyse among them, and `planilla analyze` with the endgame grading the turns with the bag
 * empty. Each run starts its workers, which load the engine, so these are of the slow suites
 * (.mocharc.unit.cjs); the in-process comparisons of `check --jobs` stay in batch.test.ts.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MIN_PARALLEL_FILES } from '../../../server/src/cli/shared/batch';
import { generateGame } from '../../support/generator';
import { analyzeJson, analyzeLogged } from '../report/helpers';
import { corpusDir, corpusFiles, removeTempDir, repoRoot, sampleFiles, tempDir } from '../../support/fixtures';

describe('cli: --jobs 2 gives the output of --jobs 1', function () {
  this.timeout(300000);
  let tmp: string;
  let files: string[];

  before(() => {
    tmp = tempDir('jobs');
    files = [...corpusFiles(), ...sampleFiles()];
  });
  after(() => removeTempDir(tmp));

  it('check: the real command gives the same bytes and exit code with --jobs 1 and --jobs 2 on a folder', () => {
    const folder = path.join(tmp, 'tournament');
    fs.mkdirSync(path.join(folder, 'round-2'), { recursive: true });
    files.forEach((f, i) => fs.copyFileSync(f, path.join(folder, i % 2 === 0 ? '' : 'round-2', path.basename(f))));
    const run = (jobs: string, json: boolean) =>
      spawnSync(
        process.execPath,
        [path.join(repoRoot, 'bin', 'planilla.js'), 'check', '--jobs', jobs, ...(json ? ['--json'] : []), folder],
        {
          encoding: 'utf8',
          env: { ...process.env, PLANILLA_LANG: 'en' },
        },
      );
    for (const json of [false, true]) {
      const one = run('1', json);
      const two = run('2', json);
      assert.equal(two.status, one.status);
      assert.equal(two.stdout, one.stdout);
      assert.equal(two.stderr, one.stderr);
      assert.ok(one.stdout.length > 1000);
      assert.doesNotMatch(two.stderr, /\[#/, 'no progress bar when stderr is not a terminal');
    }
  });

  it('analyze: gives the output of one thread, in the same order, with two workers (text and JSON, a file it cannot analyse among them)', async () => {
    const dir = tempDir('analyze-jobs');
    try {
      // More files than MIN_PARALLEL_FILES, so the batch does go to the workers.
      const games = MIN_PARALLEL_FILES + 2;
      for (let i = 0; i < games; i++) {
        const game = generateGame({ seed: 700 + i, notation: i % 2 ? 'plain' : 'brackets' });
        fs.writeFileSync(path.join(dir, `g${String(i).padStart(2, '0')}.gcg`), game.text);
      }
      // An English record: one line on stderr (moves are listed for the Spanish tiles only), exit 2.
      fs.copyFileSync(path.join(corpusDir, 'en_quackle_boys1.gcg'), path.join(dir, 'g05b.gcg'));
      // A worker that says, in a file of its own, that it served, then serves as worker.js does.
      const marks = path.join(dir, 'marks');
      fs.mkdirSync(marks);
      const script = path.join(marks, 'counting-worker.js');
      fs.writeFileSync(
        script,
        [
          "const { parentPort, workerData, threadId } = require('node:worker_threads');",
          `require('node:fs').writeFileSync(require('node:path').join(${JSON.stringify(marks)}, 'worker-' + threadId), '');`,
          `require(${JSON.stringify(path.join(repoRoot, 'out', 'server', 'src', 'cli', 'commands', 'analyze.js'))}).serveAnalysis(parentPort, workerData);`,
        ].join('\n'),
      );
      // The options reach the workers (--top, a small endgame search: the order and the bytes are
      // what is checked here; the endgame's figures with --jobs are the next test's).
      for (const extra of [
        ['--endgame-nodes', '300'],
        ['--json', '--top', '2', '--endgame-nodes', '300'],
      ]) {
        const one = await analyzeLogged([dir, '--jobs', '1', ...extra]);
        const two = await analyzeLogged([dir, '--jobs', '2', ...extra], 'es', script);
        assert.equal(one.code, 2, extra.join(' '));
        assert.equal(two.code, one.code, extra.join(' '));
        assert.deepEqual(two.log, one.log, extra.join(' '));
        assert.equal(one.log.filter((l) => l.startsWith('err ')).length, 1, one.log.filter((l) => l.startsWith('err ')).join('\n'));
        if (extra[0] === '--json') {
          const doc = JSON.parse(
            one.log
              .filter((l) => l.startsWith('out '))
              .map((l) => l.slice(4))
              .join('\n'),
          ) as { files: unknown[] };
          assert.equal(doc.files.length, games);
        } else assert.equal(one.log.filter((l) => l.startsWith('out ') && l.includes('g0') && !l.startsWith('out  ')).length, games);
      }
      assert.equal(fs.readdirSync(marks).filter((f) => f.startsWith('worker-')).length, 4, 'two workers per run with --jobs 2');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('analyze: gives the same bytes with --jobs 1 and --jobs 2 when the turns with the bag empty are graded by the endgame', async () => {
    const dir = tempDir('analyze-endgame-jobs');
    try {
      for (let i = 0; i < MIN_PARALLEL_FILES + 1; i++)
        fs.writeFileSync(path.join(dir, `g${i}.gcg`), generateGame({ seed: 900 + i, notation: 'brackets' }).text);
      const script = path.join(repoRoot, 'out', 'server', 'src', 'cli', 'worker.js');
      for (const extra of [['--json'], []]) {
        const one = await analyzeLogged([dir, '--jobs', '1', '--endgame-nodes', '300', ...extra], 'en');
        const two = await analyzeLogged([dir, '--jobs', '2', '--endgame-nodes', '300', ...extra], 'en', script);
        assert.equal(two.code, one.code);
        assert.deepEqual(two.log, one.log);
        if (extra[0] === '--json') assert.ok(analyzeJson(one.log).files.some((f) => f.turns.some((t) => t.method === 'endgame')));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
