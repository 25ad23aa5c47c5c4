/**
 * Explanations and sub-article glosses are written in our own words: none repeats a run of seven
 * or more consecutive words of the rulebook texts (/shared/reglamento/*.txt).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { listArticles } from '../../../server/src/rules/articles';
import { RULES } from '../../../server/src/rules/registry';
import { FINDING_CODES } from '../../../server/src/rules/types';
import { reglamentoDir } from '../../support/fixtures';

const RUN = 7;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9ñ]+/)
    .filter((w) => w !== '');
}

function runs(text: string): string[] {
  const w = words(text);
  const out: string[] = [];
  for (let i = 0; i + RUN <= w.length; i++) out.push(w.slice(i, i + RUN).join(' '));
  return out;
}

describe('rules: our own words', () => {
  it(`no explanation or gloss repeats ${RUN} consecutive words of the rulebook`, () => {
    const files = ['fise-vigente.txt', 'fise-2004.txt', 'fise-2001.txt'].map((f) => path.join(reglamentoDir, f));
    for (const file of files) assert.ok(fs.existsSync(file), `the shared rulebook is missing: expected ${file}`);
    const rulebook = new Set(files.flatMap((f) => runs(fs.readFileSync(f, 'utf8'))));
    assert.ok(rulebook.size > 1000, 'the rulebook texts look empty');

    const ours: [string, string][] = [];
    for (const code of FINDING_CODES) {
      ours.push([`${code} (es)`, RULES[code].explanation.es]);
      for (const [edition, note] of Object.entries(RULES[code].notes ?? {})) if (note) ours.push([`${code} note ${edition}`, note.es]);
    }
    for (const edition of ['fise', 'fise-2004', 'fise-2001'] as const) {
      for (const info of listArticles(edition).filter((a) => a.origin === 'ours')) {
        // The title is '<official parent heading> — <n>: <our gloss>'; only the gloss is ours.
        ours.push([`${edition} ${info.ref}`, info.title.es.slice(info.title.es.indexOf(`${info.ref}: `) + info.ref.length + 2)]);
      }
    }
    const copied = ours.flatMap(([name, text]) =>
      runs(text)
        .filter((r) => rulebook.has(r))
        .map((r) => `${name}: «${r}»`),
    );
    assert.deepEqual(copied, []);
  });
});
