import { TASKS_EXTENSION } from '@mcpforge/server/tasks';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpV2,
  type JSONRPCMessage,
  SdkError,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVOICE_TOOL, type SeededApprovalAgent, seedApprovalAgent } from '../approvals/approval-fixture.js';
import { createKey } from '../keys/api-keys-table.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { type ListeningGateway, listenGateway, MODERN_VERSION } from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

const APPROVAL_ID = /approval_[0-9A-HJKMNP-TV-Z]{26}/;
const INVOICE = { invoice: 'inv_42', total: 120 };

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON-RPC results by path
type Json = any;

/**
 * The official SDK v2 transport on its own: the v2 `Client` (2.4.0) refuses `resultType: "task"`
 * (UNSUPPORTED_RESULT_TYPE), so a tasks client drives `tools/call` and `tasks/get` itself over
 * the SDK's Streamable HTTP transport, which adds the modern headers from the `_meta` envelope.
 */
class TasksClient {
  readonly #transport: HttpV2;
  readonly #waiting = new Map<number, (message: Json) => void>();
  #nextId = 1;

  constructor(url: URL, key: string) {
    this.#transport = new HttpV2(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } });
    this.#transport.onmessage = (message: JSONRPCMessage) => {
      const id = (message as { id?: number }).id;
      if (id !== undefined) this.#waiting.get(id)?.(message);
    };
  }

  start(): Promise<void> {
    return this.#transport.start();
  }

  async request(method: string, params: Record<string, unknown>): Promise<Json> {
    const id = this.#nextId++;
    const answered = new Promise<Json>((resolve) => this.#waiting.set(id, resolve));
    const _meta = {
      'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
      'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
    };
    await this.#transport.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta } });
    const message = await answered;
    this.#waiting.delete(id);
    return message;
  }

  /** Polls `tasks/get` until its status message names the approval request (made in the background). */
  async waitingFor(taskId: string): Promise<{ task: Json; approvalId: string }> {
    for (;;) {
      const task = (await this.request('tasks/get', { taskId })).result;
      const approvalId = (task?.statusMessage as string | undefined)?.match(APPROVAL_ID)?.[0];
      if (approvalId !== undefined) return { task, approvalId };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Polls `tasks/get` until the task leaves `working`. */
  async settled(taskId: string): Promise<Json> {
    for (;;) {
      const got = await this.request('tasks/get', { taskId });
      if (got.result?.status !== 'working') return got.result;
      await new Promise((resolve) => setTimeout(resolve, got.result.pollIntervalMs ?? 200));
    }
  }

  close(): Promise<void> {
    return this.#transport.close();
  }
}

describeEachDatabase(
  'tools/call of an approval-required tool as a task (2026-07-28, tasks extension)',
  (fixture) => {
    let upstream: TestUpstream;
    let gateway: ListeningGateway;
    let seeded: SeededApprovalAgent;
    let url: URL;
    let tasks: TasksClient;

    beforeAll(async () => {
      upstream = await startUpstream((_request, response) => {
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(INVOICE));
      });
      gateway = await listenGateway(fixture.db());
      seeded = await seedApprovalAgent(fixture.db(), upstream);
      url = new URL(`${gateway.origin}/mcp/v1/${seeded.workspace}/${seeded.agent}`);
      tasks = new TasksClient(url, seeded.clientKey);
      await tasks.start();
    });
    afterAll(async () => {
      await tasks?.close();
      await gateway?.gateway.approvals.close();
      await gateway?.close();
      await upstream?.close();
    });

    it('the SDK v2 Client sees the extension in server/discover; its callTool cannot take the task the gateway answers', async () => {
      const client = new ClientV2(
        { name: 'sdk-v2', version: '2.0.0' },
        {
          versionNegotiation: { mode: { pin: MODERN_VERSION } },
          capabilities: { extensions: { [TASKS_EXTENSION]: {} } },
        },
      );
      await client.connect(
        new HttpV2(url, { requestInit: { headers: { authorization: `Bearer ${seeded.clientKey}` } } }),
      );
      try {
        expect(client.getServerCapabilities()?.extensions).toHaveProperty([TASKS_EXTENSION]);
        const refused = await client
          .callTool({ name: INVOICE_TOOL, arguments: { customer: 'SDK', amount: 1 } })
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        expect(refused).toBeInstanceOf(SdkError);
        expect((refused as SdkError).code).toBe('UNSUPPORTED_RESULT_TYPE');
      } finally {
        await client.close();
      }
      expect(upstream.requests).toHaveLength(0);
    });

    it('working with the approval URL while pending; completed with the upstream result once approved (a twin call waits on the same request; one execution)', async () => {
      const before = upstream.requests.length;
      const call = await tasks.request('tools/call', {
        name: INVOICE_TOOL,
        arguments: { customer: 'ACME', amount: 120 },
      });
      expect(call.result).toMatchObject({ resultType: 'task', status: 'working' });
      const taskId = call.result.taskId as string;

      const { task: pending, approvalId: id } = await tasks.waitingFor(taskId);
      expect(pending.status).toBe('working');
      const twin = await tasks.request('tools/call', {
        name: INVOICE_TOOL,
        arguments: { amount: 120, customer: 'ACME' },
      });
      expect((await tasks.waitingFor(twin.result.taskId)).approvalId).toBe(id);
      expect(pending.statusMessage).toContain(`/mcp/v1/${seeded.workspace}/${seeded.agent}/approvals/${id}`);
      expect(upstream.requests.length).toBe(before);

      const approved = await gateway.gateway.approvals.approve(seeded, id, { keyId: seeded.approvalKeyId });
      expect(approved?.status).toBe('completed');
      const done = await tasks.settled(taskId);
      expect(done.status).toBe('completed');
      expect(done.result.structuredContent).toEqual(INVOICE);
      expect(done.result.isError).not.toBe(true);
      const twinDone = await tasks.settled(twin.result.taskId);
      expect(twinDone.result.structuredContent).toEqual(INVOICE);
      expect(upstream.requests.length).toBe(before + 1);
      expect(JSON.parse(upstream.requests.at(-1)?.body ?? '{}')).toEqual({ customer: 'ACME', amount: 120 });
    });

    it('a denied request completes the task with the structured approval_denied tool error (never the upstream)', async () => {
      const before = upstream.requests.length;
      const call = await tasks.request('tools/call', {
        name: INVOICE_TOOL,
        arguments: { customer: 'Globex', amount: 5 },
      });
      const taskId = call.result.taskId as string;
      const { approvalId } = await tasks.waitingFor(taskId);
      const request = await gateway.gateway.approvals.get(seeded, approvalId);
      expect(request?.payloadPreview).toEqual({ customer: 'Globex', amount: 5 });
      await gateway.gateway.approvals.deny(seeded, approvalId, { keyId: seeded.approvalKeyId });
      const done = await tasks.settled(taskId);
      // The extension: `failed` is for JSON-RPC errors only; a tool error completes the task.
      expect(done.status).toBe('completed');
      expect(done.result.isError).toBe(true);
      expect(done.result.structuredContent).toMatchObject({
        error_code: 'approval_denied',
        outcome_certainty: 'not_executed',
      });
      expect(upstream.requests.length).toBe(before);
    });

    it('tasks/cancel stops the wait and leaves the approval request pending (cancelling is not denying)', async () => {
      const call = await tasks.request('tools/call', {
        name: INVOICE_TOOL,
        arguments: { customer: 'Hooli', amount: 8 },
      });
      const taskId = call.result.taskId as string;
      const { approvalId } = await tasks.waitingFor(taskId);
      expect((await tasks.request('tasks/cancel', { taskId })).result).toBeDefined();
      expect((await tasks.request('tasks/get', { taskId })).result.status).toBe('cancelled');
      expect((await gateway.gateway.approvals.get(seeded, approvalId))?.status).toBe('pending');
    });

    it('a task is bound to the key that created it', async () => {
      const call = await tasks.request('tools/call', {
        name: INVOICE_TOOL,
        arguments: { customer: 'Umbrella', amount: 9 },
      });
      const second = await createKey(fixture.db(), {
        type: 'mcp_client',
        name: 'second client',
        workspace: seeded.workspace,
        agent: seeded.agent,
      });
      const stranger = new TasksClient(url, second.value);
      await stranger.start();
      try {
        const got = await stranger.request('tasks/get', { taskId: call.result.taskId });
        expect(got.error?.code).toBe(-32602);
        expect((await tasks.request('tasks/get', { taskId: call.result.taskId })).result.status).toBe(
          'working',
        );
      } finally {
        await stranger.close();
      }
    });
  },
);
