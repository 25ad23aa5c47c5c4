/**
 * Shared helpers for the engine tests: parse-and-replay, a tiny in-memory lexicon (the worked
 * examples judge words against FILE2017, which the project does not ship), the records of
 * WORKED-EXAMPLES.md's appendices, and small text edits for table-driven variants.
 *
 * Example:
 *   const r = run(APPENDIX_A, { lexicon: lexiconOf(APPENDIX_A_WORDS) });
 *   r.findings;  // []
 */
import { parse } from '../../../server/src/syntax/parse';
import { replay } from '../../../server/src/engine/replay';
import type { Replay, ReplayOptions } from '../../../server/src/engine/types';
import type { Lexicon } from '../../../server/src/lexicon/types';
import type { Finding } from '../../../server/src/rules/types';
import { APPENDIX_A_FISE_ENDING, APPENDIX_A_MOVES, WORKED_HEADER } from '../../support/worked-examples';

export function run(text: string | Uint8Array, options: ReplayOptions = {}): Replay {
  return replay(parse(text).file, options);
}

/** A lexicon holding exactly these words (any case; digraphs as two letters, ñ kept). */
export function lexiconOf(words: readonly string[], name = 'test'): Lexicon {
  const set = new Set(words.map((w) => w.toLowerCase()));
  return { info: { name, words: set.size, sha256: '', source: 'test' }, has: (w) => set.has(w) };
}

/** 1-based line of a finding. */
export const lineOf = (f: Finding): number => f.span.start.line + 1;

/** The source text a finding points at. */
export function textAt(r: Replay, f: Finding): string {
  return r.file.text.slice(f.span.start.offset, f.span.end.offset);
}

/** `code@line` for each finding, in order. */
export function summary(r: Replay): string[] {
  return r.findings.map((f) => `${f.code}@${lineOf(f)}`);
}

/** The record with 1-based line `n` replaced by `text` (or removed when `text` is null). */
export function replaceLine(record: string, n: number, text: string | null): string {
  const lines = record.split('\n');
  if (text === null) lines.splice(n - 1, 1);
  else lines[n - 1] = text;
  return lines.join('\n');
}

export const HEADER = [...WORKED_HEADER];

/** A Spanish record (bracket notation) from event lines, with the examples' header. */
export function record(...lines: string[]): string {
  return [...HEADER, ...lines].join('\n') + '\n';
}

/** WORKED-EXAMPLES.md, Appendix A: the complete game of examples 14–16 (FISE two-line ending). */
export const APPENDIX_A = record(...APPENDIX_A_MOVES, ...APPENDIX_A_FISE_ENDING);

/** Every word formed in Appendix A (all in FILE2017, per WORKED-EXAMPLES.md). */
export const APPENDIX_A_WORDS = [
  'BEFAN',
  'ZABRO',
  'AX',
  'FA',
  'AH',
  'HE',
  'QUIZA',
  'AHE',
  'VOTO',
  'VAHE',
  'IDEAN',
  'AVAHE',
  'NO',
  'CERNOS',
  'QUIZAS',
  'ENE',
  'CE',
  'EN',
  'RE',
  'HOLLAD',
  'OH',
  'ASAREO',
  'HOLLADO',
  'BULLIR',
  'AXILA',
  'NI',
  'BULLIRA',
  'PUS',
  'ZABROS',
  'FALOPEEN',
  'GRANJEO',
  'ENGURRAIS',
  'SAL',
  'BULLIRAS',
  'MAYE',
  'BE',
  'CID',
  'OC',
  'AD',
  'MIO',
  'SALO',
  'GRANJEOS',
  'TOLDAD',
  'DI',
  'DE',
  'SEQUIZAS',
  'CUENTE',
];

/** Appendix A ending in the GCG `+2R` convention (example 15). */
export const APPENDIX_A_2R = APPENDIX_A.replace(
  '>Ana: (C[CH]ÑT?) +17 364\n>Beto: C[CH]ÑT? (C[CH]ÑT?) -17 322\n',
  '>Ana: (C[CH]ÑT?) +34 381\n',
);

/** Appendix A with Beto's clock 1:05 over time and its penalty (example 16). */
export const APPENDIX_A_TIME =
  APPENDIX_A.replace('#tile-notation brackets\n', '#tile-notation brackets\n#clock Beto -01:05\n') + '>Beto: (time) -20 302\n';

/** WORKED-EXAMPLES.md, Appendix B: twelve scoreless turns end the game (example 17). */
export const APPENDIX_B = record(
  '>Ana: AEGMORT 8F GOTA +10 10',
  '>Beto: EIMNORU I8 .MOR +9 9',
  '>Ana: AEFMQRT -FQ +0 10',
  '>Beto: AADEINU - +0 9',
  '>Ana: AEMPRTT - +0 10',
  '>Beto: AADEINU -AI +0 9',
  '>Ana: AEMPRTT - +0 10',
  '>Beto: ADEENUU E4 DUENA +18 27',
  '>Beto: ADEENUU -- -18 9',
  '>Ana: AEMPRTT -PT +0 10',
  '>Beto: ADEENUU - +0 9',
  '>Ana: AEIMR[RR]T - +0 10',
  '>Beto: ADEENUU -EU +0 9',
  '>Ana: AEIMR[RR]T - +0 10',
  '>Beto: AACDENU - +0 9',
  '>Ana: AEIMR[RR]T (AEIMR[RR]T) -16 -6',
  '>Beto: AACDENU (AACDENU) -10 -1',
);

/** Words of Appendix B's plays that stay on the board (DUENA is withdrawn and in no list). */
export const APPENDIX_B_WORDS = ['GOTA', 'AMOR', 'AGOTA'];
