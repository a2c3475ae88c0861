import { describe, expect, it } from 'vitest';
import { Method } from '../protocol/index.js';
import { BUILT_IN_METHODS, METHOD_TABLE } from './method-table.js';

const SERVER_TO_CLIENT = new Set<string>([Method.createMessage, Method.elicit, Method.listRoots]);

function erasOf(method: string): string {
  const entry = METHOD_TABLE.get(method);
  if (entry === undefined) return 'none';
  if (entry.legacy !== undefined && entry.modern !== undefined) return 'both';
  return entry.legacy !== undefined ? 'legacy' : 'modern';
}

describe('the method table', () => {
  it('answers every client-to-server method Method names, and nothing else', () => {
    const requests = Object.values(Method).filter((method) => !SERVER_TO_CLIENT.has(method));
    expect([...BUILT_IN_METHODS].sort()).toEqual(requests.sort());
  });

  it('shares one step between the eras, except what 2026-07-28 removed or added', () => {
    const byEra: Record<string, string[]> = {};
    for (const method of BUILT_IN_METHODS) {
      const eras = erasOf(method);
      byEra[eras] = [...(byEra[eras] ?? []), method];
    }
    expect(byEra['legacy']?.sort()).toEqual(
      ['initialize', 'logging/setLevel', 'ping', 'resources/subscribe', 'resources/unsubscribe'].sort(),
    );
    expect(byEra['modern']?.sort()).toEqual(['server/discover', 'subscriptions/listen']);
    for (const method of byEra['both'] ?? []) {
      const entry = METHOD_TABLE.get(method);
      expect(entry?.legacy).toBe(entry?.modern);
    }
    const beforeInitialize = [...METHOD_TABLE].filter(([, entry]) => entry.beforeInitialize);
    expect(beforeInitialize.map(([method]) => method).sort()).toEqual(['initialize', 'ping']);
  });
});
