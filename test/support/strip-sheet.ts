/**
 * Turns a full record into what an annotator copies from a paper sheet (test code): each placement
 * line loses its coordinate and gets its main word written whole (the board's letters included,
 * a blank in lower case, digraphs as the file writes them), and optionally its rack or its score.
 * The placements' true answers are returned beside the text, line by line.
 *
 * Invariants: only placement lines whose replay found no problem are rewritten; every other line
 * is kept as it is; the text keeps its line breaks.
 *
 * Example:
 *   const s = stripCoordinates(text, { rack: false });
 *   s.text;             // '>Ana: LAMiNAN +69 69' where the record had '>Ana: ?AALMNN 9G LAMiNAN +69 69'
 *   s.answers.get(12);  // { coord: '9G', play: 'LAMiNAN' }
 */
import { analyze } from '../../server/src/service/document';
import type { Lexicon } from '../../server/src/lexicon/types';

export interface StripOptions {
  /** Keep the racks (default true). */
  readonly rack?: boolean;
  /** Keep the scores (default true; without, the totals tell them). */
  readonly score?: boolean;
  readonly lexicon?: Lexicon;
}

export interface Stripped {
  readonly text: string;
  /** By 0-based line: the coordinate and the new tiles' squares of the play the line had. */
  readonly answers: ReadonlyMap<number, { readonly coord: string; readonly squares: string }>;
}

export function stripCoordinates(text: string, options: StripOptions = {}): Stripped {
  const analysis = analyze(text, options.lexicon ? { lexicon: options.lexicon } : {});
  const file = analysis.parsed.file;
  const bracket = file.notation === 'brackets';
  const badLines = new Set(
    analysis.findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => f.span.start.line),
  );
  const lines = text.split(/(\r\n|\r|\n)/);
  const answers = new Map<number, { coord: string; squares: string }>();
  file.events.forEach((e, i) => {
    const turn = analysis.replay.turns[i];
    if (e.kind !== 'placement' || !e.coord || !e.play || !turn || turn.words.length === 0 || badLines.has(e.line)) return;
    const main = turn.words[0];
    const word = main.squares
      .map((s) => {
        const face = s.letter.length > 1 && bracket ? `[${s.letter}]` : s.letter;
        return s.blank ? face.toLowerCase() : face;
      })
      .join('');
    const squares = turn.placed.map((p) => `${p.row},${p.col}`).join(' ');
    answers.set(e.line, { coord: e.coord.text.toUpperCase(), squares });
    const lineText = lines[e.line * 2];
    const col = (o: number): number => o - e.span.start.offset;
    const rackStart = e.rack ? col(e.rack.span.start.offset) : col(e.coord.span.start.offset);
    const head = options.rack === false ? lineText.slice(0, rackStart) : lineText.slice(0, col(e.coord.span.start.offset));
    let tail = lineText.slice(col(e.play.span.end.offset));
    if (options.score === false && e.score) tail = lineText.slice(col(e.score.span.end.offset));
    lines[e.line * 2] = `${head}${word}${tail}`;
  });
  return { text: lines.join(''), answers };
}
