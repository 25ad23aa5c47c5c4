/**
 * The sentences that go around a board, shared by the text board, the SVG caption and the reports:
 * the heading (which event), the racks, the totals (true and the sheet's), the bag, the unseen
 * tiles and the end of the game. Plain text in the chosen language, from the message catalogues;
 * the callers escape it for their format.
 *
 * Invariants: pure; never throws; tiles are written as faces separated by spaces ('A CH ?'),
 * so a digraph tile reads as one tile.
 *
 * Example:
 *   boardHeading(model, 'en');       // 'Board after event 27 of 27 (line 32: >Beto: …)'
 *   unseenLine(model, 'es');         // 'Fichas no vistas por Ana (7): ? A E E N O T'
 */
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import type { BoardModel, PlayerModel, RackModel, TileModel, UnseenModel } from '../service/board-model';

const t = (lang: Language, id: string, args: Record<string, string | number> = {}): string => formatMessage(id, args, lang);

/** 'Tablero tras la jugada 3 de 27 (línea 9: >Ana: …)' or 'Tablero inicial (ninguna jugada)'. */
export function boardHeading(model: BoardModel, lang: Language): string {
  const e = model.event;
  if (!e) return t(lang, 'board.start');
  return t(lang, 'board.after-turn', { turn: e.number, count: model.turnCount, line: e.line, event: e.text });
}

/** Faces separated by spaces ('C CH Ñ T ?'). */
function tilesText(tiles: readonly TileModel[]): string {
  return tiles.map((tile) => (tile.blank ? '?' : tile.letter)).join(' ');
}

/** The rack as known: its tiles, '(parcial)' when only some are known, '(desconocido)' when none. */
export function rackText(rack: RackModel, lang: Language): string {
  if (rack.unknown) return t(lang, 'board.rack-unknown');
  if (rack.tiles.length === 0) return t(lang, 'report.board.rack-empty');
  const tiles = tilesText(rack.tiles);
  return rack.partial ? `${tiles} ${t(lang, 'board.rack-partial')}` : tiles;
}

/** 'Atril de Ana: A E CH (parcial)'. */
function rackLine(player: PlayerModel, lang: Language): string {
  return t(lang, 'board.rack', { nick: player.nick, rack: rackText(player.rack, lang) });
}

/** 'Totales: Ana 364 · Beto 322', plus the sheet's totals when they differ from the true ones. */
function totalsLine(model: BoardModel, lang: Language): string {
  const [a, b] = model.players;
  const line = t(lang, 'board.totals', { totals: `${a.nick} ${a.total} · ${b.nick} ${b.total}` });
  const differs = model.players.some((p) => p.declaredTotal !== null && p.declaredTotal !== p.total);
  if (!differs) return line;
  const sheet = model.players.map((p) => `${p.nick} ${p.declaredTotal ?? '—'}`).join(' · ');
  return `${line} ${t(lang, 'report.board.sheet-totals', { totals: sheet })}`;
}

/** 'Bolsa: 12 ficha(s)'. */
function bagLine(model: BoardModel, lang: Language): string {
  return t(lang, 'board.bag', { n: model.bag });
}

/** Unseen tiles grouped by letter, in the tile set's order: 'A×3 E×2 CH ?'. */
export function unseenTiles(unseen: UnseenModel): string {
  return unseen.groups.map((g) => (g.count > 1 ? `${g.letter}×${g.count}` : g.letter)).join(' ');
}

/** 'Fichas no vistas por Ana (7): …', or, at the start, every tile of the set. */
function unseenLine(model: BoardModel, lang: Language): string {
  const u = model.unseen;
  const nick = u.perspective >= 0 ? model.players[u.perspective]?.nick : undefined;
  const tiles = u.total > 0 ? unseenTiles(u) : '—';
  return nick !== undefined
    ? t(lang, 'report.board.unseen-for', { nick, n: u.total, tiles })
    : t(lang, 'board.unseen', { n: u.total, tiles });
}

/** 'Partida terminada: … (art. 37.4)', or undefined while the game goes on. */
export function gameOverLine(model: BoardModel, lang: Language): string | undefined {
  const g = model.gameOver;
  if (!g) return undefined;
  return t(lang, 'board.game-over', { reason: t(lang, `end.${g.reason}`), article: g.article });
}

/** Words of the event shown: 'CUENTE 8 · ES 2 (no aceptada)', with the bingo bonus. */
function wordsLine(model: BoardModel, lang: Language): string | undefined {
  const e = model.event;
  if (!e || e.words.length === 0) return undefined;
  const words = e.words
    .map((w) => `${w.word} ${w.score}${w.accepted === false ? ` ${t(lang, 'report.word.unaccepted')}` : ''}`)
    .join(' · ');
  const bingo = e.bingo > 0 ? ` ${t(lang, 'report.board.bingo', { n: e.bingo })}` : '';
  return t(lang, 'report.board.words', { words: `${words}${bingo}` });
}

/** Every line under a board, in reading order. */
export function boardFooter(model: BoardModel, lang: Language): string[] {
  return [
    wordsLine(model, lang),
    rackLine(model.players[0], lang),
    rackLine(model.players[1], lang),
    totalsLine(model, lang),
    bagLine(model, lang),
    unseenLine(model, lang),
    gameOverLine(model, lang),
  ].filter((l): l is string => l !== undefined);
}
