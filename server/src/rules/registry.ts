/**
 * The rule registry: for every finding code (types.ts, RULES.md "Findings"), its default
 * severity, the article(s) it rests on in each edition, its message ids, and a short explanation
 * in our own words (es + en). `makeFinding` builds a `Finding` from it, so the engine, the syntax
 * layer and the service never spell severities or articles themselves.
 *
 * Invariants (checked by test/unit/rules/):
 * - one entry per FindingCode; severities and articles match RULES.md's table, where a row's
 *   "rests on" cell applies to every code in the row, "A · B" means A under `fise` and B under
 *   `fise-2004`/`fise-2001`, and '—' means no article;
 * - every article cited exists in articles.ts for its edition;
 * - under `naspa` no FISE article is cited (''): the NASPA rulebook is not among our sources, so
 *   the conventions that matter there are explained in `notes.naspa` instead;
 * - `messageIds[0]` is the code itself; the others are variants, all in text/findings.ts.
 *
 * Example:
 *   const f = makeFinding('score-mismatch', 'fise', span, { declared: 24, computed: 26, words: 'CASA 26' });
 *   f.severity;  // 'error'
 *   f.article;   // '12–19'
 *   articleFor('end-rack-mismatch', 'fise-2004');  // '40.3'
 */
import type { LocalizedText } from '../text/types';
import {
  EDITIONS,
  FINDING_CODES,
  SEVERITIES,
  type Edition,
  type Finding,
  type FindingCode,
  type MessageArgs,
  type RelatedInfo,
  type Severity,
} from './types';
import type { Span } from '../syntax/types';

interface RuleEntry {
  readonly code: FindingCode;
  /** Default severity (a setting may override it per code). */
  readonly severity: Severity;
  /** Article(s) the finding rests on, per edition; '' when none. Syntax of articles.ts. */
  readonly articles: Readonly<Record<Edition, string>>;
  /** Editions under which the engine reports this code at all. */
  readonly editions: readonly Edition[];
  /** Message ids in the catalogue: the code first, then its variants. */
  readonly messageIds: readonly string[];
  /** What the rule is and why it is reported: our words, 1–3 sentences. */
  readonly explanation: LocalizedText;
  /** Edition-specific remarks, e.g. the NASPA convention where it differs. */
  readonly notes?: Readonly<Partial<Record<Edition, LocalizedText>>>;
}

const FISE_EDITIONS: readonly Edition[] = ['fise', 'fise-2004', 'fise-2001'];

interface Spec {
  readonly severity: Severity;
  /** Article under `fise`. */
  readonly fise: string;
  /** Article under `fise-2004` and `fise-2001`; defaults to `fise`'s. */
  readonly older?: string;
  /** Article under `fise-2001` when its copy puts the rule elsewhere than 2004's; defaults to `older`. */
  readonly fise2001?: string;
  readonly editions?: readonly Edition[];
  readonly variants?: readonly string[];
  readonly es: string;
  readonly en: string;
  readonly notes?: Readonly<Partial<Record<Edition, LocalizedText>>>;
}

const NASPA_GOING_OUT: LocalizedText = {
  es: 'Con NASPA quien termina suma en una sola línea el doble del valor del atril del oponente: (ATRIL) +2R.',
  en: "Under NASPA the player who goes out adds twice the value of the opponent's rack in a single line: (RACK) +2R.",
};

const SPECS: Readonly<Record<FindingCode, Spec>> = {
  'syntax-error': {
    severity: 'error',
    fise: '',
    es: 'La línea no sigue la notación GCG ni el dialecto FISE, así que no se ha podido leer. El resto del archivo se sigue comprobando.',
    en: 'The line follows neither GCG notation nor the FISE dialect, so it could not be read. The rest of the file is still checked.',
  },
  'unknown-player': {
    severity: 'error',
    fise: '5.1, 29',
    es: 'Cada línea de jugada pertenece a uno de los dos jugadores de la planilla (#player1, #player2). Un apodo desconocido suele ser una errata y deja sin cuenta a ese jugador.',
    en: "Every move line belongs to one of the two players on the sheet (#player1, #player2). An unknown nick is usually a typo and leaves that player's score uncounted.",
  },
  'out-of-turn': {
    severity: 'error',
    fise: '5.1, 29',
    es: 'Los jugadores se alternan: al terminar un turno juega el oponente. Dos jugadas seguidas del mismo jugador apuntan a una línea que falta o a un apodo equivocado.',
    en: 'Players alternate: when a turn ends, the opponent moves. Two moves in a row by the same player point to a missing line or a wrong nick.',
  },
  'first-move-center': {
    severity: 'error',
    fise: '6, 2',
    es: 'La primera palabra de la partida tiene que pasar por la casilla central, la de la estrella (H8).',
    en: 'The first word of the game has to cover the centre square, the one with the star (H8).',
  },
  'first-move-single-tile': {
    severity: 'error',
    fise: '6, 2',
    es: 'La jugada inicial forma una palabra de dos o más letras, así que coloca al menos dos fichas.',
    en: 'The opening move forms a word of two or more letters, so it places at least two tiles.',
  },
  'not-connected': {
    severity: 'error',
    fise: '2, 9',
    es: 'Después de la primera jugada, cada palabra nueva enlaza con las del tablero: al menos una ficha nueva debe tocar una ficha que ya estaba.',
    en: 'After the first move every new word links to the board: at least one new tile must touch a tile that was already there.',
  },
  'placement-not-in-line': {
    severity: 'error',
    fise: '8, 20',
    es: 'Todas las fichas que se colocan en un turno van en una misma fila o en una misma columna.',
    en: 'All the tiles placed in one turn go in a single row or a single column.',
  },
  'placement-gap': {
    severity: 'error',
    fise: '8, 20',
    es: 'Las fichas nuevas, junto con las del tablero que atraviesan, forman una sola palabra seguida: no puede quedar una casilla vacía en medio.',
    en: 'The new tiles, together with the board tiles they run through, form one continuous word: no empty square may be left inside it.',
  },
  'square-occupied': {
    severity: 'error',
    fise: '8, 20',
    es: 'Una ficha nueva no puede ir a una casilla que ya tiene ficha. Las letras que ya están en el tablero se anotan como atravesadas.',
    en: 'A new tile cannot go on a square that already holds a tile. Letters already on the board are written as played through.',
  },
  'off-board': {
    severity: 'error',
    fise: '8, 20',
    es: 'Empezando en la coordenada anotada, la palabra no cabe en el tablero de 15×15 casillas.',
    en: 'Starting at the written coordinate, the word does not fit on the 15×15 board.',
  },
  'through-tile-mismatch': {
    severity: 'error',
    fise: '8, 9.1',
    es: 'Una letra anotada sobre una casilla ocupada debe ser la ficha que ya está allí (o escribirse «.»). Si no coincide, la coordenada o la palabra están mal copiadas.',
    en: "A letter written over an occupied square must be the tile already there (or be written '.'). If it differs, the coordinate or the word was copied wrongly.",
  },
  'direction-mismatch': {
    severity: 'error',
    fise: '20',
    es: 'En GCG la coordenada da la dirección: fila primero (8D) es horizontal y columna primero (D8) es vertical. La palabra anotada no encaja en el tablero en esa dirección.',
    en: 'In GCG the coordinate gives the direction: row first (8D) is across, column first (D8) is down. The written word does not fit the board in that direction.',
  },
  'tile-not-in-rack': {
    severity: 'error',
    fise: '8, 29',
    es: 'Las fichas jugadas salen del atril del jugador. Si el atril está anotado y le falta una ficha de la jugada, el atril o la jugada tienen un error.',
    en: "The tiles played come from the player's rack. When the rack is written down and lacks a tile of the move, either the rack or the move is wrong.",
  },
  'rack-too-large': {
    severity: 'error',
    fise: '8, 29',
    es: 'Un atril tiene como mucho siete fichas: tras cada turno se repone hasta siete, nunca más.',
    en: 'A rack holds at most seven tiles: after each turn it is refilled up to seven, never beyond.',
  },
  'rack-not-in-bag': {
    severity: 'error',
    fise: '3',
    es: 'Las 100 fichas del juego son fijas. Un atril no puede tener más copias de una letra de las que quedan por ver, como un tercer comodín o una segunda Z.',
    en: 'The 100 tiles of the set are fixed. A rack cannot hold more copies of a letter than remain unseen, such as a third blank or a second Z.',
  },
  'rack-inconsistent': {
    severity: 'warning',
    fise: '29',
    es: 'Las fichas que no se usan en una jugada siguen en el atril. El siguiente atril anotado del mismo jugador debería conservarlas; si faltan, probablemente se copió mal un atril.',
    en: "The tiles not used in a move stay on the rack. The same player's next written rack should keep them; if some are missing, a rack was probably copied wrongly.",
  },
  'blank-k-w': {
    severity: 'error',
    fise: '10.1',
    // The 2001 copy has art. 10 (Comodines: a blank stands for any letter) and no 10.1; the K/W
    // clause is 10.1 in the 2004 and current texts.
    fise2001: '10',
    es: 'Un comodín puede representar cualquier letra del juego español salvo la K y la W, que no existen en él. La letra elegida queda fija durante toda la partida.',
    en: 'A blank may stand for any letter of the Spanish set except K and W, which the set lacks. The chosen letter stays fixed for the whole game.',
  },
  'tile-not-in-set': {
    severity: 'error',
    fise: '3, 10.1',
    es: 'La letra no forma parte del juego de fichas en uso (el español no tiene K ni W). Suele ser un error de copia o un juego de fichas mal elegido.',
    en: 'The letter is not part of the tile set in use (the Spanish set has no K or W). It is usually a copying slip or the wrong tile set.',
  },
  'separate-digraph': {
    severity: 'error',
    fise: '11',
    es: 'CH, LL y RR son fichas únicas en el juego español: no se forman juntando una C y una H, dos L o dos R sueltas.',
    en: 'CH, LL and RR are single tiles in the Spanish set: they cannot be built from a loose C and H, two Ls or two Rs.',
  },
  'unaccepted-word': {
    severity: 'warning',
    fise: '33, XII',
    older: '33, 38–39',
    variants: [
      'unaccepted-word-list',
      'unaccepted-word-named',
      'unaccepted-word-list-named',
      'unaccepted-word-doubtful',
      'unaccepted-word-open',
      'unaccepted-word-list-open',
    ],
    es: 'La palabra no figura en el léxico elegido, o el reglamento la nombra entre las que no se aceptan. Si el oponente anotó la puntuación sin cuestionarla, la jugada queda en pie; por eso es un aviso y los totales no cambian.',
    en: 'The word is not in the selected lexicon, or the rulebook names it among the words it does not accept. If the opponent recorded the score without challenging it, the play stands; that is why it is a warning and the totals do not change.',
  },
  'score-mismatch': {
    severity: 'error',
    fise: '12–19',
    variants: [
      'score-mismatch-bingo',
      'score-mismatch-missing',
      'score-mismatch-scoreless',
      'score-mismatch-word',
      'score-mismatch-word-unplaceable',
    ],
    es: 'La puntuación anotada no es la calculada: valor de las letras de cada palabra nueva, premios de letra antes que los de palabra, premios solo en casillas recién cubiertas y 50 puntos más por colocar las siete fichas.',
    en: "The written score is not the computed one: each new word's letter values, letter premiums before word premiums, premiums only on newly covered squares, and 50 more points for placing all seven tiles.",
  },
  'cumulative-mismatch': {
    severity: 'error',
    fise: '5.1, 34',
    older: '5.1',
    es: 'El total anotado no es el total anterior del jugador más lo anotado en esta línea. Solo se señala la suma de la propia planilla, para que un error no se repita en todas las líneas siguientes.',
    en: "The written total is not the player's previous total plus this line's amount. Only the sheet's own addition is checked, so that one slip is not repeated on every following line.",
  },
  'exchange-not-in-rack': {
    severity: 'error',
    fise: '24',
    es: 'Solo se pueden cambiar fichas que estén en el atril del jugador.',
    en: "Only tiles on the player's rack can be exchanged.",
  },
  'exchange-bag-too-small': {
    severity: 'error',
    fise: '24',
    variants: ['exchange-bag-too-small-count'],
    es: 'Para cambiar hace falta que la bolsa tenga fichas suficientes: al menos el mínimo configurado (1 por omisión con FISE) y nunca menos de las que se cambian.',
    en: 'An exchange needs enough tiles in the bag: at least the configured minimum (1 by default under FISE) and never fewer than the tiles exchanged.',
    notes: {
      naspa: {
        es: 'Con NASPA solo se puede cambiar si quedan al menos siete fichas en la bolsa.',
        en: 'Under NASPA an exchange needs at least seven tiles in the bag.',
      },
    },
  },
  'phony-withdrawn-mismatch': {
    severity: 'error',
    fise: '34',
    es: 'Al retirar una jugada cuestionada se descuenta exactamente lo que se había anotado por ella, y el jugador pierde el turno.',
    en: 'When a challenged play is withdrawn, exactly the score recorded for it is taken back, and the player loses the turn.',
  },
  'phony-withdrawn-without-play': {
    severity: 'error',
    fise: '34',
    variants: ['phony-withdrawn-without-play-late'],
    es: 'Una retirada anula la jugada inmediatamente anterior del mismo jugador, pero aquí no hay ninguna jugada suya que retirar.',
    en: "A withdrawal cancels the same player's play just before it, but here there is no play of theirs to take back.",
  },
  'challenge-bonus-not-fise': {
    severity: 'error',
    fise: '34',
    editions: FISE_EDITIONS,
    es: 'El reglamento FISE no da puntos por un cuestionamiento fallido: la palabra válida se queda en el tablero y nada más. La bonificación es propia de otros reglamentos, como el de NASPA. Una línea `(challenge) +0` solo deja constancia del cuestionamiento fallido y no es un error.',
    en: 'The FISE rules give no points for a failed challenge: the valid word stays on the board and that is all. The bonus belongs to other rulebooks, such as NASPA’s. A `(challenge) +0` line only records the failed challenge and is no error.',
    notes: {
      naspa: {
        es: 'Con NASPA la bonificación por cuestionamiento fallido es válida, así que este hallazgo no se aplica.',
        en: 'Under NASPA a failed-challenge bonus is valid, so this finding does not apply.',
      },
    },
  },
  'withdrawn-play-was-valid': {
    severity: 'warning',
    fise: '34–35',
    es: 'Todas las palabras de la jugada retirada están en el léxico, así que el cuestionamiento no debió prosperar. Quizá el torneo usó otro léxico o la línea está mal anotada.',
    en: 'All the words of the withdrawn play are in the lexicon, so the challenge should not have succeeded. The tournament may have used another lexicon, or the line may be misrecorded.',
  },
  'valid-ruling-not-in-lexicon': {
    severity: 'warning',
    fise: '34–35',
    es: 'La planilla recoge un fallo que dio por válida una palabra que el léxico elegido no contiene. La jugada se mantiene; el aviso muestra la diferencia entre el fallo y el léxico.',
    en: 'The sheet records a ruling that accepted a word the selected lexicon lacks. The play stands; the warning shows the difference between the ruling and the lexicon.',
  },
  'end-rack-mismatch': {
    severity: 'error',
    fise: '37.4',
    older: '40.3',
    variants: ['end-rack-mismatch-rack', 'end-rack-mismatch-after-2r', 'end-rack-mismatch-no-end'],
    es: 'Cuando un jugador agota su atril con la bolsa vacía, suma el valor de las fichas que le quedan al oponente y el oponente lo resta. La línea de ajuste no coincide con ese valor o con las fichas que quedaban.',
    en: "When a player empties the rack with the bag empty, the player adds the value of the opponent's remaining tiles and the opponent subtracts it. The adjustment line does not match that value or the tiles that were left.",
    notes: { naspa: NASPA_GOING_OUT },
  },
  'missing-end-adjustment': {
    severity: 'error',
    fise: '37.4',
    older: '40.3',
    variants: ['missing-end-adjustment-own', 'missing-end-adjustment-time-turns'],
    es: 'Al terminar la partida se ajustan los atriles: si un jugador agotó su atril con la bolsa vacía, suma el valor del atril del oponente y este lo resta; si nadie podía jugar o se acabaron los pases o los turnos sin puntos, cada uno resta el de su propio atril. Falta una de esas líneas, así que los totales finales quedan incompletos.',
    en: "At the end of the game the racks are settled: if a player emptied the rack with the bag empty, the player adds the value of the opponent's rack and the opponent subtracts it; if nobody could play or the passes or scoreless turns ran out, each player subtracts their own rack. One of those lines is missing, so the final totals are incomplete.",
    notes: { naspa: NASPA_GOING_OUT },
  },
  'end-rack-gcg-convention': {
    severity: 'information',
    fise: '37.4',
    older: '40.3',
    editions: FISE_EDITIONS,
    es: 'La línea sigue la costumbre GCG de sumar en una sola línea el doble del atril del oponente. Se acepta tal cual porque la diferencia final es la misma, pero según FISE quien termina suma el valor del atril y el oponente lo resta.',
    en: "The line follows the GCG habit of adding twice the opponent's rack in a single line. It is accepted as written because the final spread is the same, but under FISE the finisher adds the rack's value and the opponent subtracts it.",
  },
  'move-after-game-end': {
    severity: 'error',
    fise: '37',
    older: '40',
    variants: ['move-after-game-end-pragma'],
    es: 'La partida ya había terminado (por ejemplo, un jugador agotó su atril con la bolsa vacía o ambos pasaron dos veces seguidas). Después solo caben las líneas de ajuste final y las penalizaciones.',
    en: 'The game had already ended (for instance, a player emptied the rack with the bag empty, or both passed twice in a row). After that only the end-of-game adjustment and penalty lines belong.',
    notes: {
      naspa: {
        es: 'Con NASPA la partida también termina tras seis turnos seguidos sin puntos.',
        en: 'Under NASPA the game also ends after six scoreless turns in a row.',
      },
    },
  },
  'scoreless-turns-end': {
    severity: 'error',
    fise: '37.3',
    older: '',
    editions: ['fise'],
    es: 'Con el reglamento vigente, doce turnos seguidos sin puntos (pases, jugadas retiradas o cambios) terminan la partida, salvo con el marcador 0-0. Esta jugada llega después de ese final.',
    en: 'Under the current rulebook, twelve scoreless turns in a row (passes, withdrawn plays or exchanges) end the game, except at 0-0. This move comes after that end.',
  },
  'time-penalty-mismatch': {
    severity: 'error',
    fise: '32',
    variants: ['time-penalty-mismatch-multiple', 'time-penalty-mismatch-missing', 'time-penalty-mismatch-twice'],
    es: 'Quien se pasa de su tiempo total pierde 10 puntos por minuto de exceso, y un minuto empezado cuenta entero. La penalización anotada no corresponde al exceso del reloj o no es un múltiplo de 10.',
    en: 'A player who exceeds the total time loses 10 points per minute over, and a started minute counts in full. The written penalty does not match the overtime on the clock, or is not a multiple of 10.',
  },
  'arbiter-penalty-mismatch': {
    severity: 'error',
    fise: '38',
    older: '41.5',
    es: 'La penalización que impone el árbitro principal por infringir las reglas es de 30 puntos; la línea anota otra cantidad.',
    en: 'The penalty the chief arbiter imposes for breaking the rules is 30 points; the line records a different amount.',
  },
  'encoding-fallback': {
    severity: 'hint',
    fise: '',
    es: 'El archivo no es UTF-8 válido y se ha leído con otra codificación, así que las tildes o la Ñ podrían verse mal. Guardarlo en UTF-8 con #character-encoding UTF-8 lo evita.',
    en: 'The file is not valid UTF-8 and was read with another encoding, so accents or Ñ may look wrong. Saving it as UTF-8 with #character-encoding UTF-8 avoids this.',
  },
  'unknown-pragma': {
    severity: 'hint',
    fise: '',
    es: 'La línea empieza por # pero no es ninguna directiva conocida de GCG ni del dialecto FISE, así que se ignora. Puede ser una errata.',
    en: 'The line starts with # but is no known directive of GCG or of the FISE dialect, so it is ignored. It may be a typo.',
  },
  'mixed-tile-notation': {
    severity: 'warning',
    fise: '',
    variants: ['mixed-tile-notation-plain'],
    es: 'Un archivo escribe los dígrafos de una sola manera: con corchetes ([RR]) o sin ellos (RR, rr); la notación se decide una vez para todo el archivo. Aquí algunos grupos solo encajan en su turno leídos de la otra manera, así que se leen así en su propia línea y el resto del archivo no cambia.',
    en: 'A file writes the digraph tiles one way: in brackets ([RR]) or plain (RR, rr); the notation is decided once for the whole file. Here some tokens fit their turn only when read the other way, so they are read so on their own line and the rest of the file does not change.',
  },
};

function entry(code: FindingCode, spec: Spec): RuleEntry {
  const older = spec.older ?? spec.fise;
  return {
    code,
    severity: spec.severity,
    articles: { fise: spec.fise, 'fise-2004': older, 'fise-2001': spec.fise2001 ?? older, naspa: '' },
    editions: spec.editions ?? EDITIONS,
    messageIds: [code, ...(spec.variants ?? [])],
    explanation: { es: spec.es, en: spec.en },
    ...(spec.notes ? { notes: spec.notes } : {}),
  };
}

/** The registry: one entry per finding code. */
export const RULES: Readonly<Record<FindingCode, RuleEntry>> = Object.fromEntries(
  FINDING_CODES.map((code) => [code, entry(code, SPECS[code])]),
) as Record<FindingCode, RuleEntry>;

/** The registry entry of a code; undefined only for a string that is no finding code. */
export function ruleFor(code: FindingCode): RuleEntry;
export function ruleFor(code: string): RuleEntry | undefined;
export function ruleFor(code: string): RuleEntry | undefined {
  return Object.prototype.hasOwnProperty.call(RULES, code) ? RULES[code as FindingCode] : undefined;
}

/** The article(s) a code rests on in an edition ('' when none, or for an unknown edition). */
export function articleFor(code: FindingCode, edition: Edition): string {
  const rule = ruleFor(code);
  if (!rule || !Object.prototype.hasOwnProperty.call(rule.articles, edition)) return '';
  return rule.articles[edition];
}

function isSeverity(value: unknown): value is Severity {
  return typeof value === 'string' && (SEVERITIES as readonly string[]).includes(value);
}

export interface MakeFindingOptions {
  /** A variant message id (default: the code). */
  readonly messageId?: string;
  /** Severity overrides per code (settings); an invalid value is ignored. */
  readonly severities?: Readonly<Partial<Record<FindingCode, Severity>>>;
  /** Other places involved (LSP related information). */
  readonly related?: readonly RelatedInfo[];
  /**
   * A more precise article than the registry's, e.g. the annex section a lexicon hint points to
   * ('XII §17.5'). Use only references that exist in articles.ts for the edition.
   */
  readonly article?: string;
}

/** Builds a finding with the registry's severity (or the override), message id and article. */
export function makeFinding(
  code: FindingCode,
  edition: Edition,
  span: Span,
  args: MessageArgs = {},
  opts: MakeFindingOptions = {},
): Finding {
  const override = opts.severities?.[code];
  const severity: Severity = isSeverity(override) ? override : (ruleFor(code)?.severity ?? 'error');
  return {
    code,
    severity,
    span,
    messageId: opts.messageId ?? code,
    args,
    article: opts.article ?? articleFor(code, edition),
    ...(opts.related && opts.related.length > 0 ? { related: opts.related } : {}),
  };
}

// -----------------------------------------------------------------------------------------------
// Notices: what the engine says once about a whole record. Not findings (RULES.md lists those):
// a notice has no code in the CLI's JSON diagnostics and is never an error.

type NoticeId = 'plays-not-checked';

interface NoticeEntry {
  readonly id: NoticeId;
  readonly severity: 'information';
  /** Article(s) per edition; '' when none. */
  readonly articles: Readonly<Record<Edition, string>>;
  readonly messageId: string;
  /** Our explanation: message id in the catalogue. */
  readonly explanationId: string;
}

/** The notices, with the article each rests on (art. 5.1: each player keeps a score sheet). */
export const NOTICES: Readonly<Record<NoticeId, NoticeEntry>> = {
  'plays-not-checked': {
    id: 'plays-not-checked',
    severity: 'information',
    articles: { fise: '5.1', 'fise-2004': '5.1', 'fise-2001': '5.1', naspa: '' },
    messageId: 'notice.plays-not-checked',
    explanationId: 'notice.plays-not-checked.explanation',
  },
};

/** One notice about a record, shaped like a finding (span, message, arguments, article). */
export interface Notice {
  readonly id: NoticeId;
  readonly severity: 'information';
  readonly span: Span;
  readonly messageId: string;
  readonly args: MessageArgs;
  readonly article: string;
}

export function makeNotice(id: NoticeId, edition: Edition, span: Span, args: MessageArgs = {}): Notice {
  const entry = NOTICES[id];
  return { id, severity: entry.severity, span, messageId: entry.messageId, args, article: entry.articles[edition] ?? '' };
}
