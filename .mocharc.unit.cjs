// `npm run test:unit`: the fast loop for editing — the unit tests (test/unit, compiled to out/)
// without the slow suites named below (property, hostile and generator suites, and the move
// generator checked against a brute-force one, the simulation and the deep analysis of whole games). `npm test` (.mocharc.json) still runs every suite,
// these included, and CI runs `npm test`. test/unit/architecture/test-suites.test.ts checks that
// each slow suite named here exists and that .mocharc.json runs it.
const SLOW_SUITES = [
  'out/test/unit/hostile/**/*.test.js',
  'out/test/unit/generator/**/*.test.js',
  'out/test/unit/syntax/property.test.js',
  'out/test/unit/analysis/moves.test.js',
  'out/test/unit/analysis/sim.test.js',
  'out/test/unit/analysis/cli-sim.test.js',
  'out/test/unit/analysis/deep-game.test.js',
  'out/test/unit/analysis/cli-deep.test.js',
];

module.exports = {
  spec: ['out/test/unit/**/*.test.js'],
  ignore: SLOW_SUITES,
  timeout: 20000,
  reporter: 'dot',
  require: ['out/test/support/fast-check-seed.js'],
  SLOW_SUITES,
};
