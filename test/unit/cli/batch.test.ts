/**
 * `planilla check --jobs N`: the parallel batch gives exactly the output of one thread (text and
 * JSON, stdout and stderr, in order) on the corpus and the samples; a worker that dies costs only
 * its file; small batches stay in this thread; the progress bar appears only where it should.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../../server/src/cli';
import { runCheck } from '../../../server/src/cli/commands/check';
import { deepProgress } from '../../../server/src/cli/shared/analyze-deep';
import {
  defaultJobs,
  FILES_PER_WORKER,
  MIN_PARALLEL_FILES,
  progressLine,
  runBatch,
  terminalProgress,
  type FileOutcome,
  type ProgressSink,
} from '../../../server/src/cli/shared/batch';
import type { CliIo } from '../../../server/src/cli/shared/io';

/** A file's summary line ends with its headline (service/headline.ts), in either language. */
const HEADLINE = /· (Resultado final|marcador provisional \(partida sin terminar\)|Final result|provisional score \(game not finished\)): /;
import type { Language } from '../../../server/src/rules/types';
import { corpusFiles, removeTempDir, repoRoot, sampleFiles, tempDir } from '../../support/fixtures';

const batchModule = path.join(repoRoot, 'out', 'server', 'src', 'cli', 'shared', 'batch.js');
const loadModule = path.join(repoRoot, 'out', 'server', 'src', 'lexicon', 'load.js');

interface Captured {
  code: number;
  /** Every line in the order written, tagged with its stream. */
  log: string[];
  out: string;
}

function capture(lang: Language = 'es'): { io: CliIo; log: string[] } {
  const log: string[] = [];
  return {
    log,
    io: { out: (s) => log.push(`out ${s}`), err: (s) => log.push(`err ${s}`), lang, tty: false },
  };
}

async function check(args: string[], options: Parameters<typeof runCheck>[2] = {}, lang: Language = 'es'): Promise<Captured> {
  const { io, log } = capture(lang);
  const code = await runCheck(args, io, { progress: undefined, ...options });
  return { code, log, out: log.filter((l) => l.startsWith('out ')).join('\n') };
}

/**
 * A worker speaking the batch protocol that dies (exit or uncaught error) on files named `boom`,
 * or ('start') that dies before it says it is ready.
 */
function dyingWorker(dir: string, how: 'exit' | 'throw' | 'start'): string {
  const file = path.join(dir, `dying-${how}.js`);
  const die = how === 'exit' ? 'process.exit(3);' : "throw new Error('boom');";
  fs.writeFileSync(
    file,
    [
      "const { parentPort, workerData } = require('node:worker_threads');",
      `const { checkFile } = require(${JSON.stringify(batchModule)});`,
      `const lexicon = require(${JSON.stringify(loadModule)}).loadDefaultLexicon();`,
      how === 'start' ? "throw new Error('cannot start');" : "parentPort.postMessage({ type: 'ready' });",
      "parentPort.on('message', (request) => {",
      '  for (const item of request.items) {',
      `    if (item.path.includes('boom')) { ${die} }`,
      '    const outcome = checkFile(item.path, { rules: workerData.rules, tileSet: workerData.tileSet, lexicon }, workerData.lang);',
      "    parentPort.postMessage({ type: 'result', index: item.index, outcome });",
      '  }',
      '});',
    ].join('\n'),
  );
  return file;
}

describe('cli: check --jobs (parallel batch)', function () {
  this.timeout(60000);
  let tmp: string;
  let files: string[];

  before(() => {
    tmp = tempDir('batch');
    files = [...corpusFiles(), ...sampleFiles()];
  });
  after(() => removeTempDir(tmp));

  it('has enough files to go parallel', () => {
    assert.ok(files.length >= MIN_PARALLEL_FILES, `${files.length} files`);
  });

  for (const lang of ['es', 'en'] as const) {
    for (const json of [false, true]) {
      it(`--jobs 2 prints exactly what --jobs 1 prints (${json ? 'JSON' : 'text'}, ${lang})`, async () => {
        const missing = path.join(tmp, 'no-such-file.gcg');
        // An unreadable file in the middle checks that stderr lines keep their place too.
        const args = [...(json ? ['--json'] : []), ...files.slice(0, 5), missing, ...files.slice(5)];
        const one = await check(['--jobs', '1', ...args], {}, lang);
        const two = await check(['--jobs', '2', ...args], {}, lang);
        assert.equal(two.code, one.code);
        assert.deepEqual(two.log, one.log);
        assert.ok(one.log.some((l) => l.startsWith('err ') && l.includes('no-such-file.gcg')));
        if (json) assert.equal(JSON.parse(one.out.slice(4)).files.length, files.length);
        else assert.equal(one.log.filter((l) => HEADLINE.test(l)).length, files.length);
      });
    }
  }

  for (const how of ['exit', 'throw'] as const) {
    it(`a worker that dies (${how}) costs only its file; the batch goes on in order`, async () => {
      const boom = path.join(tmp, 'boom.gcg');
      fs.copyFileSync(files[0], boom);
      const args = [...files.slice(0, 6), boom, ...files.slice(6)];
      const one = await check(['--jobs', '1', ...args]);
      const two = await check(['--jobs', '2', ...args], { workerScript: dyingWorker(tmp, how) });
      assert.equal(two.code, 1);
      const boomLines = two.log.filter((l) => l.includes('boom.gcg'));
      const detail = how === 'exit' ? 'el hilo de trabajo se detuvo (código de salida 3)' : 'el hilo de trabajo falló: boom';
      assert.deepEqual(boomLines, [`out planilla: error interno al procesar «${boom}»: ${detail} (por favor, infórmenos)`]);
      const others = (c: Captured) => c.log.filter((l) => !l.includes('boom.gcg') && !/^out \d+ archivos?:/.test(l));
      assert.deepEqual(others(two), others(one));
    });
  }

  it('workers that cannot start cost no file: this thread checks them, with the same output', async () => {
    const one = await check(['--jobs', '1', ...files]);
    const two = await check(['--jobs', '2', ...files], { workerScript: dyingWorker(tmp, 'start') });
    assert.equal(two.code, one.code);
    assert.deepEqual(two.log, one.log);
    const missing = await check(['--jobs', '2', ...files], { workerScript: path.join(tmp, 'no-such-worker.js') });
    assert.deepEqual(missing.log, one.log);
  });

  it('a batch smaller than the threshold stays in this thread (a dying worker is never used)', async () => {
    const small = files.slice(0, MIN_PARALLEL_FILES - 1);
    const worker = dyingWorker(tmp, 'exit');
    const boom = path.join(tmp, 'boom-small.gcg');
    fs.copyFileSync(files[0], boom);
    const r = await check(['--jobs', '2', ...small.slice(1), boom], { workerScript: worker });
    assert.ok(!r.log.some((l) => l.includes('error interno')), r.log.join('\n'));
    assert.equal(r.log.filter((l) => HEADLINE.test(l)).length, small.length);
  });

  it('runBatch emits every outcome once, in file order', async () => {
    const seen: number[] = [];
    const outcomes: FileOutcome[] = [];
    await runBatch([...files, ...files], { jobs: 2, settings: { lang: 'en' } }, undefined, (index, outcome) => {
      seen.push(index);
      outcomes.push(outcome);
    });
    assert.deepEqual(seen, [...Array(files.length * 2).keys()]);
    assert.deepEqual(outcomes.slice(files.length), outcomes.slice(0, files.length));
  });

  const badJobs: [string, string][] = [
    ['0', 'planilla: valor no válido para --jobs: «0» (se admite: un número entero de 1 a 256)'],
    ['-3', 'planilla: valor no válido para --jobs: «-3» (se admite: un número entero de 1 a 256)'],
    ['dos', 'planilla: valor no válido para --jobs: «dos» (se admite: un número entero de 1 a 256)'],
    ['1.5', 'planilla: valor no válido para --jobs: «1.5» (se admite: un número entero de 1 a 256)'],
    ['257', 'planilla: valor no válido para --jobs: «257» (se admite: un número entero de 1 a 256)'],
  ];
  for (const [value, message] of badJobs) {
    it(`--jobs ${value} is refused with exit code 2`, async () => {
      const r = await check([`--jobs=${value}`, files[0]]);
      assert.equal(r.code, 2);
      assert.deepEqual(r.log, [`err ${message}`]);
    });
  }

  it('-j is --jobs, in English too', async () => {
    const r = await check(['-j', 'x', files[0]], {}, 'en');
    assert.deepEqual(r.log, ['err planilla: invalid value for -j: "x" (allowed: a whole number from 1 to 256)']);
  });

  it('the usage names --jobs in both languages', async () => {
    for (const lang of ['es', 'en'] as const) {
      const { io, log } = capture(lang);
      assert.equal(await main(['--help'], io), 0);
      assert.match(log.join('\n'), /check \[--json\].*\[--jobs N\]/);
    }
  });

  it('the progress sink sees every file, is cleared at the end, and is never used with --json', async () => {
    const calls: string[] = [];
    const sink: ProgressSink = { update: (done, total) => calls.push(`${done}/${total}`), clear: () => calls.push('clear') };
    await check(['--jobs', '2', ...files], { progress: sink });
    assert.equal(calls.filter((c) => c === `${files.length}/${files.length}`).length, 1);
    assert.equal(calls[calls.length - 1], 'clear');
    calls.length = 0;
    await check(['--json', '--jobs', '2', ...files], { progress: sink });
    assert.deepEqual(calls, []);
  });
});

describe('cli: progress bar', () => {
  function fakeStream(isTTY: boolean, columns = 60): { stream: NodeJS.WriteStream; written: string[] } {
    const written: string[] = [];
    const stream = { isTTY, columns, write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WriteStream;
    return { stream, written };
  }

  it('draws nothing when the stream is not a terminal', () => {
    assert.equal(terminalProgress(fakeStream(false).stream, 'es'), undefined);
  });

  it('redraws at most every 100 ms, always draws the last step and clears its line', () => {
    const { stream, written } = fakeStream(true);
    let now = 0;
    const bar = terminalProgress(stream, 'en', () => now)!;
    bar.update(1, 4);
    now = 50;
    bar.update(2, 4);
    now = 160;
    bar.update(3, 4);
    now = 170;
    bar.update(4, 4);
    bar.clear();
    bar.clear();
    assert.deepEqual(written, [
      `\r${progressLine(1, 4, 60, 'en')}\x1b[K`,
      `\r${progressLine(3, 4, 60, 'en')}\x1b[K`,
      `\r${progressLine(4, 4, 60, 'en')}\x1b[K`,
      '\r\x1b[K',
    ]);
  });

  const lines: [number, number, number, Language, string][] = [
    [0, 10, 60, 'es', '[----------------------------------------] 0/10 archivos'],
    [5, 10, 40, 'en', '[#############-------------] 5/10 files'],
    [10, 10, 30, 'en', '[###############] 10/10 files'],
    [3, 10, 10, 'es', '3/10 archivos'],
  ];
  for (const [done, total, columns, lang, expected] of lines) {
    it(`progressLine(${done}, ${total}, ${columns} columns, ${lang})`, () => {
      assert.equal(progressLine(done, total, columns, lang), expected);
    });
  }

  for (const [lang, expected] of [
    ['es', '[####---------------------] 3/18 turnos'],
    ['en', '[####----------------------] 3/18 turns'],
  ] as const) {
    it(`the bar of analyze --deep counts turns (${lang})`, () => {
      const { stream, written } = fakeStream(true, 40);
      const bar = deepProgress(stream, lang, () => 0)!;
      bar.update(3, 18);
      assert.deepEqual(written, [`\r${expected}\x1b[K`]);
    });
  }
});

describe('cli: the default number of jobs', () => {
  it('is this thread alone on two cores, or when the work is too small to pay a worker start', () => {
    for (const files of [1, 100, 10_000, 1_000_000]) assert.equal(defaultJobs(files, 2), 1, `${files} files, 2 cores`);
    assert.equal(defaultJobs(FILES_PER_WORKER * 2 - 1, 8), 1);
    assert.equal(defaultJobs(1, 64), 1);
  });

  it('grows with the work up to one worker per core but one', () => {
    assert.equal(defaultJobs(FILES_PER_WORKER * 2, 8), 2);
    assert.equal(defaultJobs(FILES_PER_WORKER * 5, 8), 5);
    assert.equal(defaultJobs(FILES_PER_WORKER * 100, 8), 7);
    assert.equal(defaultJobs(FILES_PER_WORKER * 100, 3), 2);
  });
});
