import { expect, it } from 'vitest';
import { createExecutor } from '../execute/executor.js';
import { HistoryWriter } from '../history/history-writer.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { AgentDirectory } from './agent-directory.js';

describeEachDatabase('the agent directory', (fixture) => {
  it('an unreachable database on the first load is a failure, not "not published" (no 404 for a database outage)', async () => {
    const db = await fixture.fresh();
    const executor = createExecutor({ allowList: () => [] });
    const directory = new AgentDirectory(
      db,
      { executor, history: new HistoryWriter(db), serverVersion: '0.0.0' },
      { refreshMs: 60_000 },
    );
    await db.close();
    try {
      await expect(Promise.resolve(directory.get('ws', 'agent'))).rejects.toThrow();
    } finally {
      await directory.close();
      await executor.close();
    }
  });

  it('an agent that does not exist is not published (undefined), and stays cached as such', async () => {
    const executor = createExecutor({ allowList: () => [] });
    const db = fixture.db();
    const directory = new AgentDirectory(
      db,
      { executor, history: new HistoryWriter(db), serverVersion: '0.0.0' },
      { refreshMs: 60_000 },
    );
    try {
      expect(await directory.get('no-such-ws', 'agent')).toBeUndefined();
      expect(directory.get('no-such-ws', 'agent')).toBeUndefined();
    } finally {
      await directory.close();
      await executor.close();
    }
  });
});
