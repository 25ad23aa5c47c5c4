/**
 * Shared helpers for the engine tests: parse-and-replay, a tiny in-memory lexicon (the worked
 * examples judge words against FILE2017, which the project does not ship), the records of
 * WORKED-EXAMPLES.md's appendices, and small text edits for table-driven variants.
 *
 * Example:
 *   const r = run(APPENDIX_A, { lexicon: lexiconOf(APPENDIX_A_WORDS) });
 *   r.findings;  // []
 */
import * as path from 'node:path';
import { parse } from '../../../server/src/syntax/parse';
import { replay } from '../../../server/src/engine/replay';
import type { Replay, ReplayOptions } from '../../../server/src/engine/types';
import type { Lexicon } from '../../../server/src/lexicon/types';
import type { Finding } from '../../../server/src/rules/types';

export const repoRoot = path.resolve(__dirname, '../../../..');
export const sharedRoot = path.resolve(repoRoot, '../shared');
export const corpusDir = path.join(sharedRoot, 'corpus', 'real');

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

export const HEADER = ['#character-encoding UTF-8', '#player1 Ana Ana García', '#player2 Beto Alberto Ruiz', '#lexicon FILE2017', '#tile-notation brackets'];

/** A Spanish record (bracket notation) from event lines, with the examples' header. */
export function record(...lines: string[]): string {
  return [...HEADER, ...lines].join('\n') + '\n';
}

/** WORKED-EXAMPLES.md, Appendix A: the complete game of examples 14–16 (FISE two-line ending). */
export const APPENDIX_A = record(
  '>Ana: ABEFNNQ 8F BEFAN +20 20',
  '>Beto: AHOOORZ F6 ZA.RO +38 38',
  '>Ana: ENNQUX? 9H aX +37 57',
  '>Beto: DHHOOTV 7F .H +18 56',
  '>Ana: AEINNQU 6C QUI.A +24 81',
  '>Beto: DHOORTV 5G VOTO +17 73',
  '>Ana: ADEEINN 4D IDEAN +28 109',
  '>Beto: CDEH[LL]RS H1 CER..S +43 116',
  '>Ana: AAEENOO I1 ENE +13 122',
  '>Beto: ADHI[LL]OP 6J HO[LL]AD +41 157',
  '>Ana: AAEOORS O1 ASAREO +38 160',
  '>Beto: BINPRUU L4 BU.IR +30 187',
  '>Ana: AEGILLO 9H ..ILA +28 188',
  '>Beto: GJNPRSU 11D PUS +27 214',
  '>Ana: EEGLNOP H8 ..LOPEEN +45 233',
  '>Beto: AGJLNOR 13C GRANJ.O +48 262',
  '>Ana: AGIM[RR]UY 2H ..GU[RR]AI. +40 273',
  '>Beto: ACCDLST 10L SAL +21 283',
  '>Ana: ELMMOTY M1 M.YE +22 295',
  '>Beto: CC[CH]DÑT? 7K C.D +17 300',
  '>Ana: DILMOTT O8 MIO +19 314',
  '>Beto: C[CH]ÑSST? 13C .......S +16 316',
  '>Ana: ADDLOTT 3A TOLDAD +25 339',
  '>Beto: C[CH]EÑST? 6A SE...... +23 339',
  '>Ana: CEETU 15E CUE.TE +8 347',
  '>Ana: (C[CH]ÑT?) +17 364',
  '>Beto: C[CH]ÑT? (C[CH]ÑT?) -17 322',
);

/** Every word formed in Appendix A (all in FILE2017, per WORKED-EXAMPLES.md). */
export const APPENDIX_A_WORDS = [
  'BEFAN', 'ZABRO', 'AX', 'FA', 'AH', 'HE', 'QUIZA', 'AHE', 'VOTO', 'VAHE', 'IDEAN', 'AVAHE', 'NO', 'CERNOS',
  'QUIZAS', 'ENE', 'CE', 'EN', 'RE', 'HOLLAD', 'OH', 'ASAREO', 'HOLLADO', 'BULLIR', 'AXILA', 'NI', 'BULLIRA',
  'PUS', 'ZABROS', 'FALOPEEN', 'GRANJEO', 'ENGURRAIS', 'SAL', 'BULLIRAS', 'MAYE', 'BE', 'CID', 'OC', 'AD',
  'MIO', 'SALO', 'GRANJEOS', 'TOLDAD', 'DI', 'DE', 'SEQUIZAS', 'CUENTE',
];

/** Appendix A ending in the GCG `+2R` convention (example 15). */
export const APPENDIX_A_2R = APPENDIX_A.replace('>Ana: (C[CH]ÑT?) +17 364\n>Beto: C[CH]ÑT? (C[CH]ÑT?) -17 322\n', '>Ana: (C[CH]ÑT?) +34 381\n');

/** Appendix A with Beto's clock 1:05 over time and its penalty (example 16). */
export const APPENDIX_A_TIME = APPENDIX_A.replace('#tile-notation brackets\n', '#tile-notation brackets\n#clock Beto -01:05\n') + '>Beto: (time) -20 302\n';

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
