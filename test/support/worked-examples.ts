/**
 * The complete game of WORKED-EXAMPLES.md, Appendix A (examples 14–16), shared by the engine
 * tests, the service tests and the language-server benchmark: the header the examples use, the
 * moves up to the going-out play, and the FISE two-line ending (art. 37.4).
 *
 * Example:
 *   [...WORKED_HEADER, ...APPENDIX_A_MOVES, ...APPENDIX_A_FISE_ENDING].join('\n');
 */
export const WORKED_HEADER: readonly string[] = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana García',
  '#player2 Beto Alberto Ruiz',
  '#lexicon FILE2017',
  '#tile-notation brackets',
];

/** Every event of Appendix A up to and including Ana's going-out play (CUENTE). */
export const APPENDIX_A_MOVES: readonly string[] = [
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
];

/** The FISE two-line ending of example 14: the finisher adds R, the opponent subtracts it. */
export const APPENDIX_A_FISE_ENDING: readonly string[] = ['>Ana: (C[CH]ÑT?) +17 364', '>Beto: C[CH]ÑT? (C[CH]ÑT?) -17 322'];
