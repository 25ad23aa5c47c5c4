/**
 * `formatNumber` writes numbers by hand (the first `Intl.NumberFormat` of a process costs tens of
 * milliseconds of a command's start): it must write every number exactly as `Intl.NumberFormat`
 * does, in both languages and at every number of decimals the catalogues use.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatNumber, intlNumber } from '../../../server/src/rules/template';

describe('rules: numbers written by hand as Intl.NumberFormat writes them', function () {
  this.timeout(60000);
  const same = (n: number): void => {
    for (const lang of ['es', 'en'] as const)
      for (const digits of [0, 1, 2, 3]) assert.equal(formatNumber(n, lang, digits), intlNumber(n, lang, digits), `${n} ${lang} ${digits}`);
  };

  it('on the edges: halves, carries, grouping, negative zero, tiny and huge numbers', () => {
    for (const n of [0, -0, 1, -1, 0.05, -0.05, 0.15, 1.005, 2.5, -2.5, 9.96, -9.96, 0.96, 999, 999.96, 1000, 9999, 9999.5, 10000]) same(n);
    for (const n of [
      99999.96,
      12345.678,
      -12345.678,
      1234567.891,
      26.625,
      -0.001,
      -0.04,
      1e-7,
      -1e-7,
      1e14 + 0.5,
      1e15,
      1e21,
      NaN,
      Infinity,
      -Infinity,
    ])
      same(n);
    assert.equal(formatNumber(10000, 'es'), '10.000');
    assert.equal(formatNumber(1000, 'es'), '1000');
    assert.equal(formatNumber(1000, 'en'), '1,000');
    assert.equal(formatNumber(4.5, 'es'), '4,5');
  });

  it('on any double and any number of cents', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e16, max: 1e16 }), (n) => same(n)),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (c) => same(c / 100)),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -6, max: 14 }), fc.double({ min: -1, max: 1, noNaN: true }), (e, m) => same(m * 10 ** e)),
      {
        numRuns: 3000,
      },
    );
  });
});
