import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ensureGithubOpenApi } from '../../../scripts/octokit-openapi.mjs';
import { GITHUB_BLIND_TASKS } from './github-blind-tasks.mjs';

/** Every operationId of GitHub's REST API description. */
function githubOperationIds() {
  const document = JSON.parse(readFileSync(ensureGithubOpenApi(), 'utf8'));
  const ids = new Set();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (typeof operation?.operationId === 'string') ids.add(operation.operationId);
    }
  }
  return ids;
}

describe('the blind GitHub search tasks', () => {
  it('hold 70 tasks with distinct queries', () => {
    expect(GITHUB_BLIND_TASKS).toHaveLength(70);
    const queries = GITHUB_BLIND_TASKS.map((task) => task.query.trim().toLowerCase());
    expect(new Set(queries).size).toBe(queries.length);
  });

  it('mark at least a third as paraphrases', () => {
    const paraphrased = GITHUB_BLIND_TASKS.filter((task) => task.paraphrase === true);
    expect(paraphrased.length * 3).toBeGreaterThanOrEqual(GITHUB_BLIND_TASKS.length);
  });

  it('give every task a non-empty query and at least one expected operation, none twice', () => {
    for (const task of GITHUB_BLIND_TASKS) {
      expect(task.query.trim(), JSON.stringify(task)).not.toBe('');
      expect(task.expected.length, task.query).toBeGreaterThan(0);
      expect(new Set(task.expected).size, task.query).toBe(task.expected.length);
    }
  });

  it("expect only operationIds of GitHub's REST API description", () => {
    const ids = githubOperationIds();
    expect(ids.size).toBeGreaterThan(1000);
    const unknown = GITHUB_BLIND_TASKS.flatMap((task) => task.expected.filter((id) => !ids.has(id)));
    expect(unknown).toEqual([]);
  });
});
