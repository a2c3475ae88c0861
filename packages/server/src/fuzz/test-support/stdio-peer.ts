/**
 * @module
 * A fuzz peer over the server's stdin/stdout. After each message it sends a `ping` barrier: the
 * server reads in order, so every answer the message called for (the synchronous ones at once,
 * an async tool's a little later) is in by the time both it and the barrier's are.
 */
import { createInterface } from 'node:readline';
import {
  answerProblems,
  type Expectation,
  expectationOf,
  finiteOrString,
  isServerMessage,
} from './expectations.js';
import { type FuzzPeer, HEAP_TOOL, type Memory, spawnServer, within } from './fuzz-peer.js';

export async function startStdioPeer(): Promise<FuzzPeer> {
  const server = spawnServer();
  const received: unknown[] = [];
  const garbage: string[] = [];
  let wake: (() => void) | undefined;
  const stdout = server.child.stdout;
  if (stdout === null) throw new Error('the fuzz server has no stdout');
  createInterface({ input: stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    try {
      received.push(JSON.parse(line));
    } catch {
      garbage.push(line.slice(0, 200));
    }
    wake?.();
  });
  server.child.once('exit', () => wake?.());

  let barriers = 0;
  /** Messages at the front of `received` already looked at; dropped when the next window opens. */
  let consumed = 0;
  const openWindow = (): void => {
    received.splice(0, consumed);
    consumed = 0;
  };
  const write = (line: string): void => {
    server.child.stdin?.write(`${line}\n`);
  };

  /** Waits until `done()` holds for what arrived since `from`, the server exits, or the deadline passes. */
  const waitUntil = (done: () => boolean, what: string): Promise<void> =>
    within(
      new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (done()) {
            wake = undefined;
            resolve();
          } else if (server.exited() !== undefined) {
            wake = undefined;
            reject(new Error(`the server died (${server.exited()}) waiting for ${what}`));
          }
        };
        wake = check;
        check();
      }),
      what,
    );

  /** Sends `line` plus a barrier; returns the answers (other than the barrier's) that arrived. */
  const send = async (line: string, expected: Expectation, copies: number): Promise<unknown[]> => {
    openWindow();
    const barrierId = `barrier-${++barriers}`;
    for (let copy = 0; copy < copies; copy++) write(line);
    write(JSON.stringify({ jsonrpc: '2.0', id: barrierId, method: 'ping' }));
    const isBarrier = (message: unknown): boolean => (message as { id?: unknown }).id === barrierId;
    const answers = (): unknown[] =>
      received.filter((message) => !isServerMessage(message) && !isBarrier(message));
    await waitUntil(
      () => received.some(isBarrier) && (expected.answer === 'none' || answers().length >= copies),
      'the answer',
    );
    consumed = received.length;
    return answers();
  };

  const call = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
    openWindow();
    const id = `call-${++barriers}`;
    write(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }));
    let answer: unknown;
    await waitUntil(() => {
      answer = received.find((message) => (message as { id?: unknown }).id === id);
      return answer !== undefined;
    }, `tools/call ${name}`);
    consumed = received.length;
    return (answer as { result?: Record<string, unknown> }).result ?? {};
  };

  write(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
    }),
  );
  await waitUntil(
    () => received.some((message) => (message as { id?: unknown }).id === 'init'),
    'initialize',
  );
  write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  consumed = received.length;

  return {
    async exchange(text, copies) {
      const expected = expectationOf(text, finiteOrString);
      try {
        const problems = answerProblems(expected, await send(text, expected, copies), copies);
        if (garbage.length > 0)
          problems.push(`stdout carried non-JSON lines: ${garbage.splice(0).join(' | ')}`);
        return problems;
      } catch (error) {
        return [(error as Error).message];
      }
    },
    async echo(text) {
      const result = await call('echo', { text });
      return String((result['content'] as Array<{ text?: unknown }> | undefined)?.[0]?.text);
    },
    async memory() {
      return (await call(HEAP_TOOL, {}))['structuredContent'] as Memory;
    },
    exited: server.exited,
    stderrTail: server.stderrTail,
    async close() {
      server.child.stdin?.end();
      await server.stop();
    },
  };
}
