/**
 * Loaded by mocha before every test file (.mocharc.json `require`): fixes fast-check's seed for
 * every property test that does not name its own, so a run is the same run every time and a
 * failure can be replayed. `PLANILLA_FC_SEED=N npm test` tries another seed on purpose.
 *
 * Example: PLANILLA_FC_SEED=42 npx mocha out/test/unit/syntax/property.test.js
 */
import fc from 'fast-check';

const fromEnv = Number(process.env.PLANILLA_FC_SEED);
fc.configureGlobal({ seed: Number.isInteger(fromEnv) ? fromEnv : 20261130 });
