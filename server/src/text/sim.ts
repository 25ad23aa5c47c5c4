/**
 * Messages of the simulation (docs/deep-analysis.md "Simulation"): `planilla moves --sim`, the
 * `"sim"` field of `moves --stdin`, its progress bar, in Spanish and English.
 *
 * Invariants: every id starts with `sim.`; both languages carry the same placeholders.
 *
 * Example:
 *   formatMessage('sim.needs-sim', { option: '--plies' }, 'en');   // 'planilla: --plies needs --sim'
 */
import type { Catalog } from './types';

export const SIM_MESSAGES: Catalog = {
  'sim.needs-sim': {
    es: 'planilla: {option} solo tiene sentido con --sim',
    en: 'planilla: {option} needs --sim',
  },
  'sim.not-stdin': {
    es: 'planilla: --sim es para FICHERO --line L; con --stdin, cada posición pide la simulación con "sim": {…}',
    en: 'planilla: --sim is for FILE --line L; with --stdin, each position asks for it with "sim": {…}',
  },
  'sim.no-all': {
    es: 'planilla: --all no vale con --sim (--top N dice cuántas jugadas se simulan; 15 por omisión)',
    en: 'planilla: --all does not go with --sim (--top N says how many moves are simulated; 15 by default)',
  },
  'sim.heading-cgp': {
    es: 'Posición CGP: atril {rack}, bolsa {bag}; simulación a {plies} jugadas, semilla {seed}',
    en: 'CGP position: rack {rack}, bag {bag}; simulation {plies} plies ahead, seed {seed}',
  },
  'sim.heading': {
    es: '{player}, línea {line}: atril {rack}, bolsa {bag}; simulación a {plies} jugadas, semilla {seed}',
    en: '{player}, line {line}: rack {rack}, bag {bag}; simulation {plies} plies ahead, seed {seed}',
  },
  'sim.row': {
    es: '{rank}. {move} {score} · deja {leave} · estática {static} · simulada {equity} ± {half}{win} · {iterations} iter.{pruned}',
    en: '{rank}. {move} {score} · leaves {leave} · static {static} · simulated {equity} ± {half}{win} · {iterations} iter.{pruned}',
  },
  'sim.row-unplayed': {
    es: '{rank}. {move} {score} · deja {leave} · estática {static} · sin simular (se acabó el tiempo)',
    en: '{rank}. {move} {score} · leaves {leave} · static {static} · not simulated (the time ran out)',
  },
  'sim.win': { es: ' · gana {pct} %', en: ' · wins {pct}%' },
  'sim.pruned': { es: ' (descartada)', en: ' (pruned)' },
  'sim.summary': {
    es: '{iterations} iteraciones, {playouts} simulaciones de jugada; {stop}',
    en: '{iterations} iterations, {playouts} playouts; {stop}',
  },
  'sim.stop.separated': {
    es: 'la mejor queda por encima de las demás con un {confidence} % de confianza',
    en: 'the best is above every other at {confidence}% confidence',
  },
  'sim.stop.iterations': { es: 'límite de iteraciones alcanzado', en: 'iteration limit reached' },
  'sim.stop.time': { es: 'límite de tiempo alcanzado', en: 'time limit reached' },
  'sim.stop.cancelled': { es: 'interrumpida', en: 'stopped' },
  'sim.progress': {
    es: '{done}/{total} iteraciones · {active} jugadas en liza',
    en: '{done}/{total} iterations · {active} moves in contention',
  },
  'sim.json.sim': {
    es: '"sim" es un objeto: {"plies": N, "iterations": N, "seed": N, "time": S, "candidates": N}',
    en: '"sim" is an object: {"plies": N, "iterations": N, "seed": N, "time": S, "candidates": N}',
  },
  'sim.json.field': {
    es: '"sim": «{field}» no es válido (se admite: {allowed})',
    en: '"sim": "{field}" is not valid (allowed: {allowed})',
  },
};
