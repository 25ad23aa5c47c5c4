/**
 * The message system: catalogues merged without duplicate ids, es/en templates with the same
 * placeholders, formatting and fallbacks, language resolution, finding rendering and citations.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { FINDING_MESSAGES } from '../../../server/src/text/findings';
import type { Catalog } from '../../../server/src/text/types';
import { CATALOGS, MESSAGES, MESSAGE_CONFLICTS, mergeCatalogs } from '../../../server/src/rules/catalogs';
import {
  citeArticle,
  editionLabel,
  explainFinding,
  fillTemplate,
  formatMessage,
  placeholdersOf,
  renderFinding,
  resolveLanguage,
  severityLabel,
} from '../../../server/src/rules/messages';
import { makeFinding } from '../../../server/src/rules/registry';
import { EDITIONS, FINDING_CODES, SEVERITIES, type Language, type MessageArgs } from '../../../server/src/rules/types';
import type { Span } from '../../../server/src/syntax/types';
import { repoRoot } from '../../support/fixtures';

const SPAN: Span = {
  start: { line: 0, column: 0, offset: 0 },
  end: { line: 0, column: 5, offset: 5 },
};

describe('rules/messages', () => {
  describe('catalogues', () => {
    it('define no id twice (conflicts recorded at load)', () => {
      assert.deepEqual(MESSAGE_CONFLICTS, []);
    });

    it('mergeCatalogs reports a clash and keeps the first definition', () => {
      const a: Catalog = { one: { es: 'uno', en: 'one' }, two: { es: 'dos', en: 'two' } };
      const b: Catalog = { two: { es: 'DOS', en: 'TWO' }, three: { es: 'tres', en: 'three' } };
      const merged = mergeCatalogs([
        { name: 'a', catalog: a },
        { name: 'b', catalog: b },
      ]);
      assert.deepEqual(merged.conflicts, [{ id: 'two', catalogs: ['a', 'b'] }]);
      assert.deepEqual(merged.messages.get('two'), { es: 'dos', en: 'two' });
      assert.equal(merged.messages.size, 3);
    });

    it('include every catalogue file present in server/src/text/', () => {
      const folder = path.join(repoRoot, 'server', 'src', 'text');
      const files = fs.readdirSync(folder).filter((f) => f.endsWith('.ts') && f !== 'types.ts' && !f.endsWith('.d.ts'));
      assert.ok(files.includes('findings.ts'));
      const wired = new Set<unknown>(CATALOGS.map((c) => c.catalog));
      const unwired: string[] = [];
      for (const file of files) {
        // Compiled beside this test's tree: out/server/src/text/<name>.js
        const compiled = path.resolve(__dirname, '../../../server/src/text', file.replace(/\.ts$/, '.js'));
        const exported = Object.values(require(compiled) as Record<string, unknown>).filter((v) => typeof v === 'object' && v !== null);
        if (!exported.some((v) => wired.has(v))) unwired.push(file);
      }
      assert.deepEqual(unwired, [], 'add these catalogues to CATALOGS in server/src/rules/catalogs.ts');
    });

    it('use the same placeholders in Spanish and English, and no empty text', () => {
      const problems: string[] = [];
      for (const [id, text] of MESSAGES) {
        if (text.es.trim() === '' || text.en.trim() === '') problems.push(`${id}: empty text`);
        const es = placeholdersOf(text.es).sort();
        const en = placeholdersOf(text.en).sort();
        if (es.join(',') !== en.join(',')) problems.push(`${id}: es {${es.join(', ')}} ≠ en {${en.join(', ')}}`);
      }
      assert.deepEqual(problems, []);
    });

    it('have a message for every finding code, an edition label and a severity label', () => {
      for (const code of FINDING_CODES) assert.ok(Object.prototype.hasOwnProperty.call(FINDING_MESSAGES, code), code);
      for (const edition of EDITIONS) assert.notEqual(editionLabel(edition, 'es'), `edition.${edition}`);
      for (const severity of SEVERITIES) assert.notEqual(severityLabel(severity, 'en'), `severity.${severity}`);
    });
  });

  describe('labels', () => {
    const table: readonly (readonly [() => string, string])[] = [
      [() => editionLabel('fise', 'es'), 'Reglamento FISE vigente'],
      [() => editionLabel('fise-2004', 'es'), 'FISE 2004'],
      [() => editionLabel('fise-2001', 'en'), 'FISE 2001'],
      [() => editionLabel('naspa', 'es'), 'NASPA'],
      [() => severityLabel('error', 'es'), 'error'],
      [() => severityLabel('warning', 'es'), 'aviso'],
      [() => severityLabel('information', 'es'), 'información'],
      [() => severityLabel('hint', 'es'), 'sugerencia'],
      [() => severityLabel('warning', 'en'), 'warning'],
      [() => formatMessage('rule.article', {}, 'es'), 'artículo'],
      [() => formatMessage('rule.article', {}, 'en'), 'article'],
    ];
    table.forEach(([call, expected]) => {
      it(`→ ${expected}`, () => assert.equal(call(), expected));
    });
  });

  describe('formatMessage', () => {
    const table: readonly (readonly [string, MessageArgs, Language, string])[] = [
      ['score-mismatch', { declared: 24, computed: 26, words: 'CASA 26' }, 'es', 'puntuación declarada 24, calculada 26 (CASA 26)'],
      ['score-mismatch', { declared: 24, computed: 26, words: 'CASA 26' }, 'en', 'declared score 24, computed 26 (CASA 26)'],
      ['score-mismatch', { declared: 24 }, 'en', 'declared score 24, computed {computed} ({words})'],
      ['score-mismatch', { declared: 0, computed: -5, words: '' }, 'en', 'declared score 0, computed -5 ()'],
      ['blank-k-w', { letter: 'K', extra: 'ignored' }, 'es', 'un comodín no puede representar la K: el juego español no la tiene'],
      ['unknown-pragma', { pragma: '{pragma}' }, 'en', 'unknown directive #{pragma}: ignored'],
      ['no-such-id', {}, 'es', 'no-such-id'],
      ['no-such-id', { a: 1, b: 'x' }, 'en', 'no-such-id (a: 1, b: x)'],
      ['toString', {}, 'es', 'toString'],
      ['__proto__', {}, 'es', '__proto__'],
    ];
    for (const [id, args, lang, expected] of table) {
      it(`${id} ${JSON.stringify(args)} ${lang}`, () => {
        assert.equal(formatMessage(id, args, lang), expected);
      });
    }

    it('fills every placeholder of every finding template when all arguments are given', () => {
      for (const code of FINDING_CODES) {
        for (const lang of ['es', 'en'] as const) {
          const template = FINDING_MESSAGES[code][lang];
          const args = Object.fromEntries(placeholdersOf(template).map((name) => [name, `«${name}»`]));
          const text = formatMessage(code, args, lang);
          assert.doesNotMatch(text, /\{[A-Za-z0-9_.-]+\}/, `${code} (${lang}): ${text}`);
          for (const name of placeholdersOf(template)) assert.ok(text.includes(`«${name}»`), `${code}: ${name}`);
        }
      }
    });

    it('never throws, whatever the id, arguments or language', () => {
      fc.assert(
        fc.property(
          fc.oneof(fc.string(), fc.constantFrom(...MESSAGES.keys())),
          fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(undefined), fc.constant(null))),
          fc.oneof(fc.constantFrom('es', 'en'), fc.string()),
          (id, args, lang) => {
            const text = formatMessage(id, args as MessageArgs, lang as Language);
            return typeof text === 'string';
          },
        ),
        { numRuns: 300 },
      );
      assert.equal(
        formatMessage('score-mismatch', null as unknown as MessageArgs, 'es'),
        'puntuación declarada {declared}, calculada {computed} ({words})',
      );
      assert.equal(formatMessage('edition.naspa', {}, 'fr' as Language), 'NASPA');
    });
  });

  describe('plural forms and numbers (Intl.PluralRules, Intl.NumberFormat)', () => {
    const table: readonly (readonly [string, MessageArgs, Language, string])[] = [
      ['cli.count.error', { n: 1 }, 'es', '1 error'],
      ['cli.count.error', { n: 2 }, 'es', '2 errores'],
      ['cli.count.error', { n: 0 }, 'es', '0 errores'],
      ['cli.count.error', { n: 1 }, 'en', '1 error'],
      ['cli.count.error', { n: 0 }, 'en', '0 errors'],
      ['cli.count.warning', { n: 1 }, 'es', '1 aviso'],
      ['cli.count.warning', { n: 3 }, 'en', '3 warnings'],
      ['cli.count.information', { n: 1 }, 'es', '1 nota informativa'],
      ['cli.count.information', { n: 2 }, 'es', '2 notas informativas'],
      ['cli.count.information', { n: 1 }, 'en', '1 information note'],
      ['cli.count.hint', { n: 1 }, 'es', '1 sugerencia'],
      ['board.bag', { n: 1 }, 'es', 'Bolsa: 1 ficha'],
      ['board.bag', { n: 86 }, 'en', 'Bag: 86 tiles'],
      ['ui.board.bag', { n: 1 }, 'en', 'Bag: 1 tile'],
      ['cli.total-summary', { files: 1, withErrors: 1, errors: 1, warnings: 0 }, 'es', '1 archivo: 1 con errores, 1 error, 0 avisos'],
      [
        'cli.total-summary',
        { files: 12000, withErrors: 2, errors: 5, warnings: 1 },
        'en',
        '12,000 files: 2 with errors, 5 errors, 1 warning',
      ],
      [
        'ui.command.checkWorkspace.done',
        { files: 1, errors: 1, warnings: 1, others: 1 },
        'es',
        'Planilla: 1 planilla comprobada — 1 error, 1 aviso, 1 nota.',
      ],
      [
        'ui.command.checkWorkspace.done',
        { files: 2, errors: 0, warnings: 2, others: 1 },
        'en',
        'Planilla: 2 records checked — 0 errors, 2 warnings, 1 note.',
      ],
      ['ui.command.checkWorkspace.unreadable', { count: 1 }, 'es', '1 no se pudo leer.'],
      ['ui.command.checkWorkspace.unreadable', { count: 3 }, 'es', '3 no se pudieron leer.'],
      ['exchange-bag-too-small-count', { count: 1, bag: 1 }, 'es', 'se cambia 1 ficha, pero en la bolsa solo queda 1'],
      ['exchange-bag-too-small-count', { count: 3, bag: 2 }, 'en', 'exchanging 3 tiles, but only 2 are left in the bag'],
      ['ui.hover.tileInSet', { count: 6, tile: 'S', value: 1 }, 'es', 'El juego tiene 6 × S, de 1 punto.'],
      ['too-many-lines', { max: 10000 }, 'es', 'Planilla lee como máximo 10.000 líneas'],
      ['too-many-lines', { max: 10000 }, 'en', 'Planilla reads at most 10,000 lines'],
      ['cli.reason.too-large', { size: 1200, max: 64 }, 'es', 'es demasiado grande (1200 MB; máximo 64 MB)'],
      ['cli.reason.too-large', { size: 12000, max: 64 }, 'es', 'es demasiado grande (12.000 MB; máximo 64 MB)'],
      ['cli.lexicon-used', { name: 'x', words: 636598, sha256: 'ab' }, 'es', 'léxico: x · 636.598 palabras · SHA-256 ab'],
      ['cli.lexicon-used', { name: 'x', words: 1, sha256: 'ab' }, 'en', 'word list: x · 1 word · SHA-256 ab'],
    ];
    for (const [id, args, lang, expected] of table) {
      it(`${id} ${JSON.stringify(args)} ${lang} → ${expected}`, () => {
        assert.ok(formatMessage(id, args, lang).startsWith(expected), formatMessage(id, args, lang));
      });
    }

    it('picks the form Intl.PluralRules gives for every count, in both languages', () => {
      for (const lang of ['es', 'en'] as const) {
        const rules = new Intl.PluralRules(lang);
        for (let n = 0; n <= 300; n++) {
          const one = rules.select(n) === 'one';
          assert.equal(
            formatMessage('board.bag', { n }, lang).endsWith(lang === 'es' ? (one ? ' ficha' : ' fichas') : one ? ' tile' : ' tiles'),
            true,
            `${lang} ${n}`,
          );
        }
      }
    });

    it('writes no "(s)" or "(es)" plural in any message', () => {
      const bad = [...MESSAGES]
        .filter(([, text]) => /\p{L}\((?:s|es|as)\)/u.test(text.es) || /\p{L}\((?:s|es)\)/u.test(text.en))
        .map(([id]) => id);
      assert.deepEqual(bad, []);
    });

    it('reads the placeholders of plural and number forms, and survives malformed ones', () => {
      assert.deepEqual(placeholdersOf('{n, plural, one {# nota} other {# notas}} y {max, number} de {x}'), ['n', 'max', 'x']);
      assert.equal(fillTemplate('{n, plural, =0 {ninguna} one {# nota} other {# notas}}', { n: 0 }, 'es'), 'ninguna');
      assert.equal(fillTemplate('{n, plural, one {# nota} other {# notas}}', { n: '«n»' }, 'es'), '«n» notas');
      assert.equal(fillTemplate('{n, plural, one {# nota}', { n: 1 }, 'es'), '{n, plural, one {# nota}');
      assert.equal(fillTemplate('{n, number}', { n: 'diez' }, 'en'), 'diez');
      assert.equal(fillTemplate('{n, plural, one {# nota} other {# notas}}', {}, 'es'), '{n, plural, one {# nota} other {# notas}}');
    });
  });

  describe('resolveLanguage', () => {
    const table: readonly (readonly [string | undefined, string | undefined, Language])[] = [
      ['es', 'en-US', 'es'],
      ['en', 'es-ES', 'en'],
      ['auto', 'en', 'en'],
      ['auto', 'en-GB', 'en'],
      ['auto', 'EN-us', 'en'],
      ['auto', 'es-AR', 'es'],
      ['auto', 'pt-BR', 'es'],
      ['auto', undefined, 'es'],
      ['auto', '', 'es'],
      ['french', 'en-US', 'en'],
      [undefined, undefined, 'es'],
    ];
    for (const [setting, locale, expected] of table) {
      it(`${String(setting)} + ${String(locale)} → ${expected}`, () => {
        assert.equal(resolveLanguage(setting, locale), expected);
      });
    }
  });

  describe('citeArticle', () => {
    const table: readonly (readonly [string, Language, string])[] = [
      ['37.4', 'es', 'art. 37.4'],
      ['12–19', 'en', 'art. 12–19'],
      ['5.1, 29', 'es', 'art. 5.1, 29'],
      ['33, XII', 'es', 'art. 33, anexo XII'],
      ['33, XII', 'en', 'art. 33, annex XII'],
      ['XII §17.5', 'es', 'anexo XII §17.5'],
      ['', 'es', ''],
      ['not an article', 'en', 'not an article'],
    ];
    for (const [article, lang, expected] of table) {
      it(`'${article}' (${lang}) → '${expected}'`, () => assert.equal(citeArticle(article, lang), expected));
    }
  });

  describe('renderFinding / explainFinding', () => {
    const finding = makeFinding('end-rack-mismatch', 'fise', SPAN, { declared: '+3', expected: '+6', rack: 'AE', value: 3 });

    it('renders the message, with the citation on request', () => {
      assert.equal(renderFinding(finding, 'es'), 'ajuste final +3: el atril AE vale 3, así que corresponde +6');
      assert.equal(
        renderFinding(finding, 'en', { withArticle: true }),
        'end-of-game adjustment +3: the rack AE is worth 3, so it should be +6 (art. 37.4)',
      );
      const noArticle = makeFinding('unknown-pragma', 'fise', SPAN, { pragma: 'foo' });
      assert.equal(renderFinding(noArticle, 'es', { withArticle: true }), 'directiva desconocida #foo: se ignora');
    });

    it('renders a variant message id', () => {
      const variant = makeFinding(
        'score-mismatch',
        'fise',
        SPAN,
        { computed: 26, words: 'CASA 26' },
        { messageId: 'score-mismatch-missing' },
      );
      assert.equal(renderFinding(variant, 'en'), 'the score is missing; computed 26 (CASA 26)');
    });

    it('explains a finding: citation, title and its origin, explanation, edition note', () => {
      const es = explainFinding(finding, 'fise', 'es');
      assert.equal(es.citation, 'art. 37.4');
      assert.equal(es.title, 'Terminación de una partida — 37.4: un jugador agota su atril con la bolsa vacía');
      assert.equal(es.titleOrigin, 'ours');
      assert.ok(es.explanation.length > 40);
      assert.equal(es.note, undefined);

      const whole = explainFinding(
        makeFinding('exchange-not-in-rack', 'fise-2004', SPAN, { tiles: 'Ñ', rack: 'AEIOU' }),
        'fise-2004',
        'en',
      );
      assert.equal(whole.title, 'Exchanging tiles');
      assert.equal(whole.titleOrigin, 'edition');

      const naspa = explainFinding(makeFinding('missing-end-adjustment', 'naspa', SPAN, {}), 'naspa', 'en');
      assert.equal(naspa.citation, '');
      assert.equal(naspa.title, undefined);
      assert.match(naspa.note ?? '', /\+2R/);
    });
  });
});
