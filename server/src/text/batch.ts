/**
 * Messages of the parallel batch of `planilla check --jobs N` (worker threads, the progress bar),
 * in Spanish and English. Placeholders `{name}` are filled by `formatMessage` (../messages.ts).
 *
 * Invariants: every id starts with `batch.`; both languages carry the same placeholders.
 *
 * Example:
 *   formatMessage('batch.worker-exit', { code: 3 }, 'en');  // 'the worker thread stopped (exit code 3)'
 */
import type { Catalog } from './types';

export const BATCH_MESSAGES: Catalog = {
  'batch.jobs-allowed': { es: 'un número entero de 1 a {max}', en: 'a whole number from 1 to {max}' },
  'batch.worker-exit': {
    es: 'el hilo de trabajo se detuvo (código de salida {code})',
    en: 'the worker thread stopped (exit code {code})',
  },
  'batch.worker-error': {
    es: 'el hilo de trabajo falló: {detail}',
    en: 'the worker thread failed: {detail}',
  },
  'batch.progress': { es: '{done}/{total} archivos', en: '{done}/{total} files' },
  'batch.progress-turns': { es: '{done}/{total} turnos', en: '{done}/{total} turns' },
};
