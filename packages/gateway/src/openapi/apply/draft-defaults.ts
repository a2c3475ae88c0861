import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from '../../catalog/rest-binding.js';

/**
 * A planned draft with the defaults the gateway fills when it reads one (the binding's timeout
 * and size cap, `approval`, `sections`), so a re-import can see that a draft is unchanged
 * without the full read, whose schema compile is most of an import's time (about 50 ms for a
 * large GitHub operation). Only a shortcut to "equal": when the result differs from the stored
 * draft, the import reads the draft properly before comparing again, so a default missing
 * here costs time, never a wrong answer.
 */
export function withReadDefaults(draft: Record<string, unknown>): Record<string, unknown> {
  const filled: Record<string, unknown> = { approval: 'none', sections: [], ...draft };
  const binding = draft['binding'];
  if (typeof binding === 'object' && binding !== null && !Array.isArray(binding)) {
    filled['binding'] = {
      timeoutMs: DEFAULT_TIMEOUT_MS,
      maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
      ...(binding as Record<string, unknown>),
    };
  }
  return filled;
}
