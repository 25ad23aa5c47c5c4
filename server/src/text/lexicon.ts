/**
 * Messages of the lexicon: load errors and reports, rejection hints (always "parece…" /
 * "looks like…": a guess for the player to check), and the `planilla lexicon` command.
 * Ids start with `lexicon.`; placeholders `{name}` are the same in both languages.
 *
 * Example:
 *   fillTemplate(LEXICON_MESSAGES['lexicon.hint.diminutive'].es, { word: 'casita', base: 'casa' });
 *   // '«casita» parece un diminutivo de «casa» que la lista no recoge…'
 */
import type { Catalog } from './types';

export const LEXICON_MESSAGES: Catalog = {
  // Load errors (the caller falls back to the built-in list)
  'lexicon.not-found': { es: 'no existe la lista de palabras {path}', en: 'the word list {path} does not exist' },
  'lexicon.not-a-file': {
    es: '{path} no es un archivo normal (¿una carpeta o un dispositivo?)',
    en: '{path} is not a regular file (a folder or a device?)',
  },
  'lexicon.unreadable': { es: 'no se puede leer {path} ({detail})', en: 'cannot read {path} ({detail})' },
  // The cache folder refused (files/cache.ts): the command goes on without the cache
  'lexicon.cache-refused.link': {
    es: 'no se usa la carpeta de caché {path}: es un enlace simbólico; se sigue sin caché',
    en: 'not using the cache folder {path}: it is a symbolic link; going on without the cache',
  },
  'lexicon.cache-refused.not-a-folder': {
    es: 'no se usa la carpeta de caché {path}: no es una carpeta; se sigue sin caché',
    en: 'not using the cache folder {path}: it is not a folder; going on without the cache',
  },
  'lexicon.cache-refused.other-owner': {
    es: 'no se usa la carpeta de caché {path}: es de otro usuario ({detail}); se sigue sin caché',
    en: 'not using the cache folder {path}: it belongs to another user ({detail}); going on without the cache',
  },
  'lexicon.cache-refused.shared': {
    es: 'no se usa la carpeta de caché {path}: otros usuarios pueden escribir en ella o por encima de ella ({detail}); se sigue sin caché',
    en: 'not using the cache folder {path}: other users may write in it or above it ({detail}); going on without the cache',
  },
  'lexicon.cache-refused.unusable': {
    es: 'no se usa la carpeta de caché {path}: no se puede crear ni leer ({detail}); se sigue sin caché',
    en: 'not using the cache folder {path}: it cannot be made or read ({detail}); going on without the cache',
  },
  'lexicon.too-large': {
    es: '{path} es demasiado grande para ser una lista de palabras ({size, number} bytes; máximo {max, number})',
    en: '{path} is too large to be a word list ({size, number} bytes; at most {max, number})',
  },
  'lexicon.empty': { es: 'la lista de palabras {path} está vacía', en: 'the word list {path} is empty' },
  'lexicon.binary': {
    es: '{path} es un archivo binario que no es un léxico .kwg ni .dawg',
    en: '{path} is a binary file that is neither a .kwg nor a .dawg lexicon',
  },
  'lexicon.no-words': {
    es: '{path}: ninguna de sus {entries} entradas es una palabra jugable',
    en: '{path}: none of its {entries} entries is a playable word',
  },
  'lexicon.kwg-malformed': { es: '{path}: archivo .kwg dañado ({detail})', en: '{path}: damaged .kwg file ({detail})' },
  'lexicon.kwg-alphabet': {
    es: '{path}: el .kwg no usa el alfabeto español ({detail})',
    en: '{path}: the .kwg does not use the Spanish alphabet ({detail})',
  },
  'lexicon.too-many-words': {
    es: '{path}: demasiadas palabras para un léxico ({detail})',
    en: '{path}: too many words for a lexicon ({detail})',
  },
  'lexicon.kwg-expands': {
    es: '{path}: el .kwg de {bytes, number} bytes da más de {max, number} palabras; no parece un léxico (se admiten {perByte} palabras por byte del archivo, y al menos {floor, number})',
    en: '{path}: the {bytes, number}-byte .kwg expands to more than {max, number} words; it does not look like a lexicon ({perByte} words per byte of the file are allowed, and at least {floor, number})',
  },
  'lexicon.dawg-corrupt': { es: '{path}: archivo .dawg dañado ({detail})', en: '{path}: damaged .dawg file ({detail})' },
  'lexicon.bad-digraphs': {
    es: 'modo de dígrafos desconocido «{value}» (auto, plain, brackets o digits)',
    en: 'unknown digraph mode "{value}" (auto, plain, brackets or digits)',
  },
  'lexicon.builtin-missing': {
    es: 'falta el léxico incorporado {path}; vuelva a compilar con «npm run build»',
    en: 'the built-in lexicon {path} is missing; rebuild with "npm run build"',
  },
  'lexicon.builtin-corrupt': {
    es: 'el léxico incorporado {path} está dañado ({detail}); vuelva a compilar con «npm run build»',
    en: 'the built-in lexicon {path} is damaged ({detail}); rebuild with "npm run build"',
  },

  // Why a word is not accepted: guesses, never certainties
  'lexicon.hint.k-w': {
    es: '«{word}» lleva K o W, letras que no existen en el Scrabble en español (tampoco con comodín)',
    en: '"{word}" has a K or W, letters that do not exist in Spanish Scrabble (not even as a blank)',
  },
  'lexicon.hint.digraph-alone': {
    es: '«{word}» parece la ficha {tile} sola: una ficha sola no forma palabra',
    en: '"{word}" looks like the {tile} tile on its own: a single tile is not a word',
  },
  'lexicon.hint.enclitic': {
    es: '«{word}» parece un verbo con pronombres enclíticos ({base} + {pronouns}); el Scrabble en español no los acepta',
    en: '"{word}" looks like a verb with enclitic pronouns ({base} + {pronouns}); Spanish Scrabble does not accept them',
  },
  'lexicon.hint.diminutive': {
    es: '«{word}» parece un diminutivo de «{base}» que la lista no recoge; solo valen los que figuran en el diccionario',
    en: '"{word}" looks like a diminutive of "{base}" that the list does not hold; only those in the dictionary are valid',
  },
  'lexicon.hint.augmentative': {
    es: '«{word}» parece un aumentativo de «{base}» que la lista no recoge; solo valen los que figuran en el diccionario',
    en: '"{word}" looks like an augmentative of "{base}" that the list does not hold; only those in the dictionary are valid',
  },
  'lexicon.hint.superlative': {
    es: '«{word}» parece un superlativo de «{base}» que la lista no recoge; solo valen los que figuran en el diccionario',
    en: '"{word}" looks like a superlative of "{base}" that the list does not hold; only those in the dictionary are valid',
  },
  'lexicon.hint.pejorative': {
    es: '«{word}» parece un despectivo de «{base}» que la lista no recoge; solo valen los que figuran en el diccionario',
    en: '"{word}" looks like a pejorative of "{base}" that the list does not hold; only those in the dictionary are valid',
  },
  'lexicon.hint.participle': {
    es: '«{word}» parece el femenino o el plural del participio «{base}»; de un verbo sin uso transitivo solo vale el masculino singular',
    en: '"{word}" looks like the feminine or plural of the participle "{base}"; a verb with no transitive use has only the masculine singular',
  },
  'lexicon.hint.plural': {
    es: '«{word}» parece el plural de «{base}», que la lista no admite en plural',
    en: '"{word}" looks like the plural of "{base}", which the list does not accept in the plural',
  },
  'lexicon.hint.not-a-word': {
    es: '«{word}» tiene caracteres que no son fichas (cifras, guiones, espacios…)',
    en: '"{word}" has characters that are not tiles (digits, hyphens, spaces…)',
  },

  // What was loaded
  'lexicon.info.name': { es: 'léxico: {name}', en: 'lexicon: {name}' },
  'lexicon.info.words': { es: 'palabras: {words, number}', en: 'words: {words, number}' },
  'lexicon.info.sha256': { es: 'SHA-256: {sha256}', en: 'SHA-256: {sha256}' },
  'lexicon.info.source': { es: 'origen: {source}', en: 'source: {source}' },
  'lexicon.info.format': { es: 'formato: {format}', en: 'format: {format}' },
  'lexicon.info.read': {
    es: 'leídas {entries} entradas ({encoding}, dígrafos: {digraphs}); conservadas {kept}',
    en: 'read {entries} entries ({encoding}, digraphs: {digraphs}); kept {kept}',
  },
  'lexicon.info.dropped': {
    es: '  descartadas {count} ({reason}), p. ej.: {examples}',
    en: '  dropped {count} ({reason}), e.g.: {examples}',
  },
  'lexicon.info.cache': { es: 'caché: {cache}', en: 'cache: {cache}' },
  'lexicon.info.extra': { es: 'palabras añadidas: {path} ({words, number})', en: 'extra words: {path} ({words, number})' },
  'lexicon.info.banned': { es: 'palabras excluidas: {path} ({words, number})', en: 'banned words: {path} ({words, number})' },
  'lexicon.info.warning': { es: 'aviso: {message}', en: 'warning: {message}' },
  'lexicon.format.builtin': { es: 'incorporado (DAWG)', en: 'built-in (DAWG)' },
  'lexicon.format.text': { es: 'lista de texto', en: 'text list' },
  'lexicon.format.kwg': { es: 'grafo .kwg (Woogles/wolges)', en: '.kwg graph (Woogles/wolges)' },
  'lexicon.format.dawg': { es: 'grafo .dawg de planilla', en: 'planilla .dawg graph' },
  'lexicon.cache.hit': { es: 'ya compilado', en: 'compiled before' },
  'lexicon.cache.miss': { es: 'compilado ahora y guardado', en: 'compiled now and stored' },
  'lexicon.cache.unwritable': { es: 'compilado ahora; no se pudo guardar', en: 'compiled now; could not be stored' },
  'lexicon.cache.off': { es: 'no se usa', en: 'not used' },
  'lexicon.drop.characters': { es: 'caracteres que no son letras', en: 'characters that are not letters' },
  'lexicon.drop.k-w': { es: 'con K o W', en: 'with K or W' },
  'lexicon.drop.case': { es: 'mayúsculas: nombres propios o símbolos', en: 'capitals: proper nouns or symbols' },
  'lexicon.drop.separate-digraph': {
    es: 'C+H, L+L o R+R sueltas que no forman dígrafo',
    en: 'separate C+H, L+L or R+R that cannot form a digraph',
  },
  'lexicon.drop.length': { es: 'menos de 2 o más de 15 fichas', en: 'fewer than 2 or more than 15 tiles' },
  'lexicon.drop.duplicate': { es: 'repetidas tras normalizar', en: 'repeated after normalising' },

  // planilla lexicon …
  'lexicon.usage': {
    es: [
      'Uso: planilla lexicon <orden> [opciones]',
      '',
      '  info [RUTA]                                 qué léxico se usa: nombre, palabras, SHA-256, lo descartado',
      '  check [--json] [--lexicon RUTA] [--rules EDICIÓN | --edition EDICIÓN] PALABRA...',
      '                                              si cada palabra vale y, si no, por qué parece que no',
      '  compile ENTRADA SALIDA                      compila una lista (texto o .kwg) a un .dawg',
      '',
      'Opciones: --digraphs auto|plain|brackets|digits (cómo escribe la lista CH, LL, RR),',
      '          --extra RUTA, --banned RUTA (palabras añadidas o excluidas), --cache-dir RUTA',
      'Opciones comunes: --lang es|en (idioma de los mensajes), -h, --help (esta ayuda)',
      'Salida: 0 bien; 1 alguna palabra no vale (check); 2 uso incorrecto o léxico ilegible',
    ].join('\n'),
    en: [
      'Usage: planilla lexicon <command> [options]',
      '',
      '  info [PATH]                                 which lexicon is used: name, words, SHA-256, what was dropped',
      '  check [--json] [--lexicon PATH] [--rules EDITION | --edition EDITION] WORD...',
      '                                              whether each word is accepted and, if not, why it seems not',
      '  compile INPUT OUTPUT                        compile a list (text or .kwg) to a .dawg',
      '',
      'Options: --digraphs auto|plain|brackets|digits (how the list writes CH, LL, RR),',
      '         --extra PATH, --banned PATH (added or removed words), --cache-dir PATH',
      'Common options: --lang es|en (message language), -h, --help (this help)',
      'Exit: 0 fine; 1 some word is not accepted (check); 2 bad usage or unreadable lexicon',
    ].join('\n'),
  },
  'lexicon.cli.error': { es: 'planilla lexicon: {message}', en: 'planilla lexicon: {message}' },
  'lexicon.cli.unknown-command': {
    es: 'orden desconocida «{command}» (info, check o compile)',
    en: 'unknown command "{command}" (info, check or compile)',
  },
  'lexicon.cli.bad-edition': {
    es: 'edición desconocida «{value}» (fise, fise-2004, fise-2001, naspa)',
    en: 'unknown edition "{value}" (fise, fise-2004, fise-2001, naspa)',
  },
  'lexicon.cli.no-words': { es: 'check necesita al menos una palabra', en: 'check needs at least one word' },
  'lexicon.cli.compile-args': { es: 'compile necesita ENTRADA y SALIDA', en: 'compile needs INPUT and OUTPUT' },
  'lexicon.cli.compile-kwg': {
    es: 'compile escribe un grafo .dawg de Planilla, no un .kwg de Woogles: dé a {path} la extensión .dawg',
    en: 'compile writes a Planilla .dawg graph, not a Woogles .kwg: give {path} the .dawg extension',
  },
  'lexicon.cli.too-many-args': { es: 'sobran argumentos: {args}', en: 'unexpected arguments: {args}' },
  'lexicon.check.accepted': { es: '{word}: válida', en: '{word}: accepted' },
  'lexicon.check.rejected': { es: '{word}: no está en el léxico', en: '{word}: not in the lexicon' },
  'lexicon.check.rejected-hint': {
    es: '{word}: no está en el léxico — {hint}',
    en: '{word}: not in the lexicon — {hint}',
  },
  'lexicon.compile.done': {
    es: 'escrito {path}: {words, plural, one {# palabra} other {# palabras}}, {bytes, number} bytes, SHA-256 {sha256}',
    en: 'written {path}: {words, plural, one {# word} other {# words}}, {bytes, number} bytes, SHA-256 {sha256}',
  },
};
