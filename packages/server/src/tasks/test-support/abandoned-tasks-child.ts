// Child for abandoned-tasks.test.ts: creates many tasks with 10 KB
// arguments that are never driven to the end (half park on input_required, half never finish)
// and prints the heap after GC at two points, so the test can tell bounded from linear growth.
import { setImmediate as tick } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createSessionState, type Session } from '../../server/session.js';
import { createTaskServer, TASKS_EXTENSION } from '../task-server.js';
import { MemoryTaskStore } from '../task-store.js';

const CAP = 500;
const FIRST = 2_000;
const SECOND = 10_000;

const server = createTaskServer({
  name: 'abandoned',
  version: '1.0.0',
  taskStore: new MemoryTaskStore({ maxTasks: CAP }),
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
    await ctx.input({ name: question });
    return { content: [{ type: 'text', text: 'answered' }] };
  },
);
server.taskTool({ name: 'hang', inputSchema: { type: 'object' } }, { support: 'required' }, (_args, ctx) => {
  return new Promise((resolve) => {
    ctx.signal.addEventListener('abort', () => resolve({ content: [{ type: 'text', text: 'aborted' }] }));
  });
});

const session: Session = {
  id: undefined,
  state: createSessionState(),
  notify() {},
  request: () => Promise.reject(new Error('unused')),
};
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, extensions: { [TASKS_EXTENSION]: {} } },
};
// The test needs a full collection before each reading; the flag exposes `gc` to new contexts.
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

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
          arguments: { pad: `${created}`.padEnd(10_240, 'x') },
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

async function heapAfterGc(): Promise<number> {
  for (let round = 0; round < 10; round++) await tick();
  gc();
  return process.memoryUsage().heapUsed;
}

await createUntil(FIRST);
const first = await heapAfterGc();
await createUntil(SECOND);
const second = await heapAfterGc();
process.stdout.write(`${JSON.stringify({ first, second, tasks: SECOND, argumentBytes: 10_240 })}\n`);
