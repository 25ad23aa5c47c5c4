// The rack inference measured (docs/deep-analysis.md "Rack inference"; server/src/training/
// rack-inference.ts): `fit` plays games of two simulating bots, fits the temperature T by maximum
// likelihood on the first `--train` games and gives the log-likelihood gain per move over uniform
// deals on the next `--held-out` games; `match` plays the bot with inference against the same bot
// without it, each deal twice with the seats swapped, and gives the win rate with its 95 %
// interval. Games run on `--jobs` worker threads, a few seeds at a time; the figures depend only
// on the seeds and settings, not on the threads.
//
// Usage: node scripts/rack-inference.mjs fit [--train N (40)] [--held-out N (40)] [--seed S (1)]
//          [--samples K (48)] [--candidates N (4)] [--iterations N (24)] [--jobs N (2)]
//        node scripts/rack-inference.mjs match --temperature T [--games N (400)] [--seed S (10001)]
//          [--samples K (48)] [--candidates N (4)] [--iterations N (24)] [--jobs N (2)] [--log FILE]
//   --log FILE: every deal's scores as a JSON line, as it ends (a match cut short still has them).
// Needs a build (`npx tsc -p .`). Run it under `nice`: it keeps the threads busy.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { commandLine, compiled, root } from './lib/command-line.mjs';

const load = compiled('rack-inference', 'training/rack-inference.js');

if (!isMainThread) {
  const { runInferenceSeeds } = load('training/rack-inference.js');
  const { loadDefaultLexicon } = load('lexicon/load.js');
  const lexicon = loadDefaultLexicon({ dataDir: join(root, 'data') });
  parentPort.on('message', (seeds) => parentPort.postMessage({ seeds, ...runInferenceSeeds(workerData, seeds, lexicon) }));
  parentPort.postMessage('ready');
} else {
  await main();
}

/** Runs `seeds` in chunks of `chunk` on `jobs` workers; `onResult(result)` after each chunk. */
function runPool(request, seeds, jobs, chunk, onResult) {
  const queue = [];
  for (let i = 0; i < seeds.length; i += chunk) queue.push(seeds.slice(i, i + chunk));
  const script = fileURLToPath(import.meta.url);
  return Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, () => {
      const worker = new Worker(script, { workerData: request, argv: [] });
      return new Promise((resolve, reject) => {
        const next = () => {
          const part = queue.shift();
          if (part) worker.postMessage(part);
          else void worker.terminate().then(resolve);
        };
        worker.on('message', (m) => {
          if (m !== 'ready') onResult(m);
          next();
        });
        worker.on('error', reject);
      });
    }),
  );
}

async function main() {
  const { args, option, count, die } = commandLine('rack-inference');
  const mode = args[0];
  if (mode !== 'fit' && mode !== 'match') die('say fit or match (see the comment at the top of the script)');
  const jobs = count('--jobs', 2);
  const settings = { candidates: count('--candidates', 4), iterations: count('--iterations', 24), samples: count('--samples', 48) };
  const say = (t) => process.stdout.write(`${t}\n`);
  const started = Date.now();
  const { fitTemperature, meanGain } = load('analysis/inference.js');
  const { summarize: summary } = load('training/selfplay-run.js');

  if (mode === 'fit') {
    const train = count('--train', 40);
    const held = count('--held-out', 40);
    const seed = Number(option('--seed', '1')) || 1;
    const seeds = Array.from({ length: train + held }, (_, i) => seed + i);
    const chunks = [];
    await runPool({ mode: 'fit', ...settings }, seeds, jobs, 1, (r) => {
      chunks.push(r);
      process.stderr.write(`\r${chunks.length}/${seeds.length} games`);
    });
    process.stderr.write('\n');
    // One game per chunk: the first `train` seeds fit, the others are held out (in seed order).
    chunks.sort((a, b) => a.seeds[0] - b.seeds[0]);
    const trainObs = [];
    const heldObs = [];
    for (const c of chunks) (c.seeds[0] < seed + train ? trainObs : heldObs).push(...c.observations);
    const fit = fitTemperature(trainObs);
    const fmt = (x) => x.toFixed(3);
    say(
      `games: ${train} to fit (seeds ${seed}–${seed + train - 1}), ${held} held out; sim bots ${settings.candidates} candidates × ${settings.iterations} iterations, ${settings.samples} leaves per inference`,
    );
    say(`observations: ${trainObs.length} fitting, ${heldObs.length} held out`);
    say(`fitted T = ${fit.temperature.toFixed(2)} points; gain on the fitting games ${fmt(fit.gain)} nats per move`);
    say(`held-out gain at the fitted T: ${fmt(meanGain(heldObs, fit.temperature))} nats per move`);
    const kept0 = heldObs.filter((o) => o.kept === 0).length;
    say(`held out: the leave kept was its rack's best play in ${kept0} of ${heldObs.length} moves`);
    for (const t of [0.5, 1, 2, 4, 8, 16, 32])
      say(`  T = ${t}: held-out gain ${fmt(meanGain(heldObs, t))}, fitting ${fmt(meanGain(trainObs, t))}`);
  } else {
    const temperature = Number(option('--temperature', 'NaN'));
    if (!(temperature > 0)) die('--temperature T (points, > 0) is needed');
    const games = count('--games', 400);
    const seed = Number(option('--seed', '10001')) || 10001;
    const log = option('--log', '');
    const seeds = Array.from({ length: Math.ceil(games / 2) }, (_, i) => seed + i);
    const deals = [];
    let simulated = 0;
    let inferred = 0;
    await runPool({ mode: 'match', temperature, ...settings }, seeds, jobs, 1, (r) => {
      deals.push(...r.deals);
      simulated += r.simulated;
      inferred += r.inferred;
      if (log) for (const d of r.deals) appendFileSync(log, `${JSON.stringify(d)}\n`);
      const s = summary(deals);
      process.stderr.write(`\r${deals.length * 2}/${seeds.length * 2} games, ${(100 * s.rate).toFixed(1)} %`);
    });
    process.stderr.write('\n');
    const s = summary(deals);
    say(
      `match: sim with inference (T = ${temperature}) against sim without, ${settings.candidates} candidates × ${settings.iterations} iterations, 2 plies; ${s.games} games (${deals.length} deals, seats swapped, seeds ${seed}–${seed + seeds.length - 1})`,
    );
    say(
      `with inference: ${s.wins} wins, ${s.draws} draws, ${s.losses} losses: ${(100 * s.rate).toFixed(1)} % [${(100 * s.low).toFixed(1)}, ${(100 * s.high).toFixed(1)}] (95 %); mean spread ${s.spread.toFixed(1)}`,
    );
    say(`turns simulated by the bot with inference: ${simulated}, of which inferred: ${inferred}`);
  }
  say(`time: ${((Date.now() - started) / 1000).toFixed(0)} s on ${jobs} threads`);
}
