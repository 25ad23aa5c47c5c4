/**
 * Messages of the deep analysis (docs/deep-analysis.md): the endgame solver and its command, in
 * Spanish and English.
 *
 * Invariants: every id starts with `deep.`; both languages carry the same placeholders.
 *
 * Example:
 *   formatMessage('deep.endgame-bag', { bag: 3 }, 'en');   // 'the bag still holds 3 tiles: …'
 */
import type { Catalog } from './types';

export const DEEP_MESSAGES: Catalog = {
  'deep.endgame-bag': {
    es: 'la bolsa aún tiene {bag, plural, one {# ficha} other {# fichas}}: el final exacto necesita la bolsa vacía',
    en: 'the bag still holds {bag, plural, one {# tile} other {# tiles}}: the exact endgame needs an empty bag',
  },
};
