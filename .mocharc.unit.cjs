// `npm run test:unit`: the fast loop for editing — the unit tests (test/unit, compiled to out/)
// without the slow suites named below:
// - property, hostile and generator suites; a word list of a million words;
// - the move generator checked against a brute-force one, the endgame solver against a plain
//   minimax, the incremental cross sets against fresh ones, the pre-endgame against a
//   brute-force enumeration;
// - the simulation and the deep analysis of whole games (and the verdicts of every surface
//   compared on them);
// - the command's process-level behaviour: two worker threads against one, and child processes
//   (writes to full pipes and sockets, V8's young generation, the bundle's code cache);
// - the browser server's bundle against the Node server's: dist/ is made only by the build, and
//   this loop compiles with tsc alone, so it would test the last build, not the edit.
// `npm test` builds first and runs every suite (.mocharc.json), these included; CI runs
// `npm test`. test/unit/architecture/test-suites.test.ts checks that each slow suite named here
// exists and that .mocharc.json runs it.
const SLOW_SUITES = [
  'out/test/unit/hostile/**/*.test.js',
  'out/test/unit/generator/**/*.test.js',
  'out/test/unit/syntax/property.test.js',
  'out/test/unit/analysis/moves.test.js',
  'out/test/unit/analysis/sim.test.js',
  'out/test/unit/cli/moves-sim.test.js',
  'out/test/unit/analysis/deep-game.test.js',
  'out/test/unit/cli/analyze-deep.test.js',
  'out/test/unit/cli/deep-threads.test.js',
  'out/test/unit/analysis/verdict.test.js',
  'out/test/unit/analysis/verdict-turn.test.js',
  'out/test/unit/analysis/endgame.test.js',
  'out/test/unit/analysis/pre-endgame.test.js',
  'out/test/unit/analysis/movegen-incremental.test.js',
  'out/test/unit/lexicon/large-list.test.js',
  'out/test/unit/cli/std-output.test.js',
  'out/test/unit/cli/young-generation.test.js',
  'out/test/unit/cli/compile-cache.test.js',
  'out/test/unit/web/browser-server.test.js',
  'out/test/unit/cli/jobs.test.js',
];

module.exports = {
  spec: ['out/test/unit/**/*.test.js'],
  ignore: SLOW_SUITES,
  timeout: 20000,
  reporter: 'dot',
  require: ['out/test/support/fast-check-seed.js'],
  SLOW_SUITES,
};
