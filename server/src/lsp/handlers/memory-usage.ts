/**
 * `planilla/memoryUsage` (diagnostic): the host's memory figures plus what the server holds (open
 * documents, analyses, per-document settings) and how many analyses it has run; null where the
 * host has no figures (a web worker).
 */
import type { MemoryUsageResult } from '../../shared/protocol';
import type { ServerState } from '../state';

export function memoryUsage(state: ServerState, _params: unknown): MemoryUsageResult | null {
  const memory = state.host.memoryUsage?.();
  return memory
    ? {
        ...memory,
        documents: state.documents.all().length,
        analyses: state.cache.size,
        settings: state.settingsByUri.size,
        analysed: state.analysisCount,
      }
    : null;
}
