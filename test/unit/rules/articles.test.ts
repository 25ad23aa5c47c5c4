/**
 * Article tables per edition: official headings against /shared/reglamento/articulos.md, our
 * sub-article glosses against the rulebook texts (the numbers exist there), reference parsing and
 * titles of ranges and lists.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { articleExists, articleInfo, articleTitle, listArticles, normalizeRef, parseArticleList } from '../../../server/src/rules/articles';
import type { Edition } from '../../../server/src/rules/types';
import { reglamentoDir } from '../../support/fixtures';

function readShared(name: string): string {
  const file = path.join(reglamentoDir, name);
  assert.ok(fs.existsSync(file), `the shared rulebook is missing: expected ${file} (the shared folder sits beside the repository)`);
  return fs.readFileSync(file, 'utf8');
}

/** The rows of the first markdown table after `heading` (header and separator dropped). */
function tableAfter(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(heading);
  assert.ok(start >= 0, `articulos.md has no "${heading}"`);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of markdown.slice(start).split('\n').slice(1)) {
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows.slice(2);
}

const FISE_EDITIONS = ['fise', 'fise-2004', 'fise-2001'] as const;
const TEXT_FILE: Readonly<Record<(typeof FISE_EDITIONS)[number], string>> = {
  fise: 'fise-vigente.txt',
  'fise-2004': 'fise-2004.txt',
  'fise-2001': 'fise-2001.txt',
};

describe('rules/articles', () => {
  describe('official headings (articulos.md)', () => {
    it('match every edition, article by article', () => {
      const rows = tableAfter(readShared('articulos.md'), '| art. |');
      assert.ok(rows.length >= 41, 'the article table of articulos.md looks truncated');
      const problems: string[] = [];
      for (const [number, ...cells] of rows) {
        FISE_EDITIONS.forEach((edition, i) => {
          const cell = cells[i];
          const info = articleInfo(edition, number);
          if (cell === '—') {
            if (info) problems.push(`${edition} ${number}: should not exist`);
          } else if (cell.startsWith('(')) {
            if (info?.origin !== 'nearest-edition')
              problems.push(`${edition} ${number}: expected a heading borrowed from the nearest edition`);
          } else if (!info || info.title.es !== cell || info.origin !== 'edition') {
            problems.push(`${edition} ${number}: '${info?.title.es}' ≠ '${cell}'`);
          }
        });
      }
      assert.deepEqual(problems, []);
    });

    it('section XI (Texto oficial) exists in the current edition only', () => {
      assert.equal(articleInfo('fise', 'XI')?.title.es, 'Texto oficial');
      assert.equal(articleInfo('fise-2004', 'XI'), undefined);
    });

    it('match the sections of annex XII of the current edition', () => {
      const rows = tableAfter(readShared('articulos.md'), '## Annex XII');
      assert.ok(rows.length >= 30, 'the annex table of articulos.md looks truncated');
      for (const [section, heading] of rows) {
        const official = heading.replace(/\s*\(.*\)\s*$/, '');
        const info = articleInfo('fise', `XII §${section}`);
        assert.ok(info, `XII §${section} is missing`);
        assert.equal(info.title.es, `Uso de palabras — §${section} ${official}`);
        assert.equal(info.origin, 'edition');
      }
    });
  });

  describe('sub-articles (our glosses)', () => {
    const cited: Readonly<Record<Edition, readonly string[]>> = {
      fise: ['5.1', '9.1', '10.1', '10.2', '37.1', '37.2', '37.3', '37.4', '37.5'],
      'fise-2004': ['5.1', '9.1', '10.1', '10.2', '39.1', '39.2', '39.5', '40.1', '40.2', '40.3', '40.4', '41.5'],
      'fise-2001': ['5.1', '9.1', '10.1', '10.2', '39.1', '39.2', '39.6', '40.1', '40.2', '40.3', '40.4', '41.5'],
      naspa: [],
    };
    for (const edition of FISE_EDITIONS) {
      it(`${edition}: the cited sub-articles exist, titled "<official parent> — <n>: <gloss>"`, () => {
        for (const ref of cited[edition]) {
          const info = articleInfo(edition, ref);
          assert.ok(info, `${edition} ${ref} is missing`);
          assert.equal(info.origin, 'ours');
          const parent = articleInfo(edition, ref.split('.')[0]);
          assert.ok(parent);
          for (const lang of ['es', 'en'] as const) {
            const prefix = `${parent.title[lang]} — ${ref}: `;
            assert.ok(info.title[lang].startsWith(prefix), `${edition} ${ref} (${lang}): '${info.title[lang]}'`);
            assert.ok(info.title[lang].length > prefix.length + 5, `${edition} ${ref} (${lang}): empty gloss`);
          }
        }
      });
    }

    it('keep each edition to its own end-of-game numbering', () => {
      const table: readonly (readonly [Edition, string, boolean])[] = [
        ['fise', '37.3', true],
        ['fise', '40.3', false],
        ['fise', '41.5', false],
        ['fise-2004', '37.4', false],
        ['fise-2004', '40.3', true],
        ['fise-2001', '37.3', false],
        ['fise-2004', '39.6', false],
        ['fise-2001', '39.6', true],
      ];
      for (const [edition, ref, exists] of table) assert.equal(articleInfo(edition, ref) !== undefined, exists, `${edition} ${ref}`);
    });

    it("only number sub-articles that the edition's text (or, where its copy lost them, the nearest edition's) contains", () => {
      /** Sub-articles whose text this copy lacks (README.md of the rulebook): read in the nearest edition. */
      const lostInCopy: Readonly<Record<string, (typeof FISE_EDITIONS)[number]>> = {
        'fise-2001 9.1': 'fise-2004',
        'fise-2001 9.2': 'fise-2004',
        'fise-2001 9.3': 'fise-2004',
        'fise-2001 10.1': 'fise-2004',
        'fise-2001 10.2': 'fise-2004',
        'fise-2001 10.3': 'fise-2004',
        'fise-2001 40.1': 'fise-2004',
        'fise-2001 40.2': 'fise-2004',
        'fise-2001 40.3': 'fise-2004',
        'fise-2001 40.4': 'fise-2004',
      };
      const missing: string[] = [];
      for (const edition of FISE_EDITIONS) {
        for (const info of listArticles(edition).filter((a) => a.origin === 'ours')) {
          const source = lostInCopy[`${edition} ${info.ref}`] ?? edition;
          const text = readShared(TEXT_FILE[source]);
          const escaped = info.ref.replace(/\./g, '\\.');
          if (!new RegExp(`(^|[^\\d.])${escaped}(?![\\d])`).test(text)) missing.push(`${edition} ${info.ref} (read in ${source})`);
        }
      }
      assert.deepEqual(missing, []);
    });
  });

  describe('naspa', () => {
    it('cites no FISE article', () => {
      assert.equal(listArticles('naspa').length, 0);
      assert.equal(articleTitle('naspa', '37.4'), undefined);
      assert.equal(articleExists('naspa', '37.4'), false);
      assert.equal(articleExists('naspa', ''), true);
    });
  });

  describe('every entry', () => {
    for (const edition of FISE_EDITIONS) {
      it(`${edition}: has a Spanish and an English title, and a canonical reference`, () => {
        const all = listArticles(edition);
        assert.ok(all.length > 40);
        for (const info of all) {
          assert.ok(info.title.es.trim() !== '' && info.title.en.trim() !== '', info.ref);
          assert.equal(normalizeRef(info.ref), info.ref);
        }
      });
    }
  });

  describe('references', () => {
    const normalized: readonly (readonly [string, string | undefined])[] = [
      ['37.4', '37.4'],
      [' 15 ', '15'],
      ['XII', 'XII'],
      ['anexo XII', 'XII'],
      ['XII §17.5', 'XII §17.5'],
      ['XII 17.5', 'XII §17.5'],
      ['XII.17.5', 'XII §17.5'],
      ['xii-18.2.1', 'XII §18.2.1'],
      ['§5', 'XII §5'],
      ['annex XII §17.10', 'XII §17.10'],
      ['art. 15', undefined],
      ['XI', 'XI'], // the current edition's section XI (Texto oficial): INTERNET
      ['xi', 'XI'],
      ['XIII', undefined],
      ['', undefined],
      ['37.', undefined],
    ];
    for (const [input, expected] of normalized) {
      it(`normalizeRef(${JSON.stringify(input)}) = ${JSON.stringify(expected)}`, () => {
        assert.equal(normalizeRef(input), expected);
      });
    }

    it('splits lists and ranges', () => {
      assert.deepEqual(parseArticleList('33, XII'), [
        { kind: 'single', ref: '33' },
        { kind: 'single', ref: 'XII' },
      ]);
      assert.deepEqual(parseArticleList('33, 38–39'), [
        { kind: 'single', ref: '33' },
        { kind: 'range', from: '38', to: '39' },
      ]);
      assert.deepEqual(parseArticleList('12-19'), [{ kind: 'range', from: '12', to: '19' }]);
      assert.deepEqual(parseArticleList(''), []);
      assert.equal(parseArticleList('33, nonsense'), undefined);
    });

    const titles: readonly (readonly [Edition, string, 'es' | 'en', string | undefined])[] = [
      ['fise', '15', 'es', 'Palabras con valor múltiplo'],
      ['fise', '19', 'es', 'Premio por «scrabble»'],
      ['fise-2004', '19', 'es', 'Premio por SCRABBLE®'],
      ['fise', '37', 'es', 'Terminación de una partida'],
      ['fise-2004', '37', 'es', 'Textos oficiales'],
      ['fise-2004', '40', 'en', 'End of a game'],
      ['fise', '37.4', 'es', 'Terminación de una partida — 37.4: un jugador agota su atril con la bolsa vacía'],
      ['fise', '37.4', 'en', 'End of a game — 37.4: a player empties the rack with the bag empty'],
      ['fise', '12–19', 'es', 'Valor numérico de las letras … Premio por «scrabble»'],
      ['fise', '12–19', 'en', 'Letter values … Bonus for a «scrabble» (all seven tiles)'],
      ['fise', '5.1, 29', 'es', 'Anotaciones — 5.1: cada jugador lleva la planilla y comprueba las puntuaciones · Final de un turno'],
      ['fise', '33, XII', 'es', 'Aceptación de una palabra · Uso de palabras'],
      ['fise-2001', '33, 38–39', 'es', 'Aceptación de una palabra · Palabras aceptadas … Palabras NO aceptadas'],
      ['fise', 'XII §17.5', 'en', 'Word use — §17.5 Enclitic pronouns'],
      ['fise-2001', '32', 'es', 'Penalidad por tiempo excedido (reloj o cronómetro)'],
      ['fise', '', 'es', undefined],
      ['fise', '42', 'es', undefined],
      ['fise', '33, 99', 'es', undefined],
      ['fise', '19–12', 'es', undefined],
      ['fise-2004', 'XII §17.5', 'es', undefined],
      ['fise', 'garbage', 'es', undefined],
    ];
    for (const [edition, ref, lang, expected] of titles) {
      it(`articleTitle(${edition}, '${ref}', ${lang})`, () => {
        assert.equal(articleTitle(edition, ref, lang), expected);
      });
    }

    it('never throws on odd input', () => {
      for (const input of ['', ' ', ',', '–', '1–', '§', 'XII §', '\u0000', '9'.repeat(400), '1,'.repeat(100)]) {
        assert.doesNotThrow(() => articleTitle('fise', input));
        assert.doesNotThrow(() => articleExists('fise-2004', input));
        assert.doesNotThrow(() => articleTitle('unknown' as Edition, input));
      }
    });
  });
});
