import { describe, expect, it } from 'vitest';
import { longestTurnCpuMs } from '../../test-support/event-loop-turns.js';
import { ToolSearchIndex } from './tool-search-index.js';
import type { SearchDocument } from './types.js';

const WORDS = [
  'repository',
  'issue',
  'comment',
  'workflow',
  'release',
  'branch',
  'label',
  'member',
  'secret',
  'team',
];
const VERBS = ['list', 'get', 'create', 'update', 'delete', 'archive', 'enable', 'disable'];

/** A catalog of `size` tools shaped like an imported REST API (names, prose, parameters). */
function catalog(size: number): SearchDocument[] {
  return Array.from({ length: size }, (_, i) => {
    const verb = VERBS[i % VERBS.length] as string;
    const noun = WORDS[i % WORDS.length] as string;
    const other = WORDS[(i * 7) % WORDS.length] as string;
    return {
      name: `${noun}s_${verb}-${other}-${i}`,
      title: `${verb} a ${noun} of the ${other} number ${i}`,
      description: `${verb}s the ${noun} that belongs to the ${other}. Tokens need the repo scope. Item ${i} of the set ${i % 97}.`,
      sections: [{ slug: noun, title: noun }],
      inputSchema: {
        type: 'object',
        properties: {
          owner: { type: 'string', description: 'The account owner of the repository.' },
          [`${other}_id`]: { type: 'integer', description: `The id of the ${other} ${i % 13}.` },
        },
      },
    };
  });
}

// Indexing 5,000 tools a few times takes seconds on a loaded machine.
describe('building the index in slices', { timeout: 120_000 }, () => {
  const documents = catalog(5_000);

  it('gives the same index as a build at once', async () => {
    const atOnce = ToolSearchIndex.build(documents);
    const sliced = await ToolSearchIndex.buildInSlices(documents);
    for (const query of ['delete a release', 'archive the team secret', 'workflow 4211', 'members']) {
      expect(sliced.search(query, { limit: 8 })).toEqual(atOnce.search(query, { limit: 8 }));
    }
    expect(sliced.size).toBe(5_000);
  });

  it('never holds the event loop for long while 5,000 tools are indexed (a build at once does)', async () => {
    // The bound is generous against an 8 ms slice; the build at once of the same tools takes
    // hundreds of milliseconds, so the check fails without slicing.
    const sliced = await longestTurnCpuMs(() => ToolSearchIndex.buildInSlices(documents));
    expect(sliced).toBeLessThan(50);
    const atOnce = await longestTurnCpuMs(async () => ToolSearchIndex.build(documents));
    expect(atOnce).toBeGreaterThan(50);
  });

  it('refuses a duplicate name in slices as at once', async () => {
    const twice = [...documents.slice(0, 3), documents[0] as SearchDocument];
    await expect(ToolSearchIndex.buildInSlices(twice)).rejects.toMatchObject({
      code: 'search_duplicate_tool_name',
    });
  });
});
