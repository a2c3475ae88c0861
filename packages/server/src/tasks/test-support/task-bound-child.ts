// Child for task-bound.test.ts (issue 19, point 15): creates 24,000 tasks nobody drives to the
// end (half park on input_required, waiting for an elicitation answer; half run a handler
// that never finishes) and counts, after 12,000 and after 24,000, what each one could leave
// behind: live task entries, stored records (and those waiting for an elicitation), handlers
// still running, timers still pending, and requests to the client still pending. Counted by
// construction (async_hooks for timers, the store's and the tools' own counts), not from RSS.
import { createHook } from 'node:async_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import { createSessionState, type Session } from '../../server/session.js';
import { createTaskServer, TASKS_EXTENSION } from '../task-server.js';
import { MemoryTaskStore, type TaskRecord } from '../task-store.js';

const CAP = 500;
const HALF = 12_000;
const TOTAL = 24_000;

// Every timer created from now on, until it fires or is cleared.
const timers = new Set<number>();
createHook({
  init(asyncId, type) {
    if (type === 'Timeout') timers.add(asyncId);
  },
  destroy(asyncId) {
    timers.delete(asyncId);
  },
}).enable();

/** The in-memory store, remembering which ids it was given so its records can be counted by status. */
class CountingStore extends MemoryTaskStore {
  readonly ids = new Set<string>();

  override create(record: TaskRecord): void {
    super.create(record);
    this.ids.add(record.taskId);
  }

  /** Records held now, by status (dropped ids are forgotten). */
  statuses(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const id of this.ids) {
      const record = super.get(id);
      if (record === undefined) {
        this.ids.delete(id);
        continue;
      }
      counts[record.status] = (counts[record.status] ?? 0) + 1;
    }
    return counts;
  }
}

const store = new CountingStore({ maxTasks: CAP });
const server = createTaskServer({
  name: 'abandoned',
  version: '1.0.0',
  taskStore: store,
  maxLiveTasks: CAP,
  onInternalError: () => {},
});
const question = {
  method: 'elicitation/create',
  params: { message: 'Name?', requestedSchema: { type: 'object' } },
} as const;
server.taskTool(
  { name: 'ask', inputSchema: { type: 'object' } },
  { support: 'required' },
  async (_args, ctx) => {
    await ctx.elicit(question.params);
    return { content: [{ type: 'text', text: 'answered' }] };
  },
);
let hanging = 0;
server.taskTool({ name: 'hang', inputSchema: { type: 'object' } }, { support: 'required' }, (_args, ctx) => {
  hanging++;
  return new Promise((resolve) => {
    ctx.signal.addEventListener('abort', () => {
      hanging--;
      resolve({ content: [{ type: 'text', text: 'aborted' }] });
    });
  });
});

// Requests the server sends the client (an elicitation outside MRTR would be one): never answered.
let clientRequests = 0;
const session: Session = {
  id: undefined,
  state: createSessionState(),
  notify() {},
  request: () => {
    clientRequests++;
    return new Promise(() => {});
  },
};
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, extensions: { [TASKS_EXTENSION]: {} } },
};

let created = 0;
async function createUntil(total: number): Promise<void> {
  for (; created < total; created++) {
    const answer = await server.handle(
      {
        jsonrpc: '2.0',
        id: created,
        method: 'tools/call',
        params: {
          name: created % 2 === 0 ? 'ask' : 'hang',
          arguments: { pad: `${created}`.padEnd(256, 'x') },
          _meta: meta,
        },
      },
      session,
    );
    if (answer === undefined || 'error' in answer)
      throw new Error(`task not created: ${JSON.stringify(answer)}`);
    if (created % 100 === 0) await tick();
  }
}

async function counts(): Promise<Record<string, unknown>> {
  // Let every started round settle (a parked round, an aborted handler) before counting.
  for (let round = 0; round < 20; round++) await tick();
  const statuses = store.statuses();
  return {
    created,
    liveTasks: server.liveTasks,
    storedRecords: store.size,
    awaitingElicitation: statuses['input_required'] ?? 0,
    statuses,
    runningHandlers: hanging,
    pendingTimers: timers.size,
    pendingClientRequests: clientRequests,
    inFlightOnSession: session.state.inFlight.size,
  };
}

await createUntil(HALF);
const half = await counts();
await createUntil(TOTAL);
const total = await counts();
process.stdout.write(`${JSON.stringify({ cap: CAP, half, total })}\n`);
store.close();
