import { PassThrough } from 'node:stream';
import { createServer, s, text } from '@mcpforge/server';
import { fromStreams } from '@mcpforge/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { McplHost, type McplHostOptions } from '../host/index.js';
import type { BeforeInferenceParams, InferenceLifecycleParams } from '../protocol/index.js';
import { checkpointNotFound, type McplHooks, McplServeError, type McplSession, serveMcpl } from './index.js';

const MANIFEST = {
  contextHooks: { beforeInference: { observe: true, inject: { system: true, afterUser: true } } },
  inferenceRequest: { streaming: true },
  inferenceLifecycle: true,
  modelInfo: true,
  featureSets: {
    'notes.memory': {
      description: 'Recalled notes',
      uses: ['contextHooks.beforeInference.observe', 'contextHooks.beforeInference.inject.system'],
    },
    'notes.think': { description: 'Asks the model', uses: ['inferenceRequest', 'modelInfo'] },
    'notes.state': { description: 'Undoable notes', uses: ['tools'], rollback: true },
  },
};

const EVERYTHING = [
  'tools',
  'contextHooks.beforeInference.observe',
  'contextHooks.beforeInference.inject.system',
  'inferenceRequest',
  'inferenceLifecycle',
  'modelInfo',
];

interface Wired {
  host: McplHost;
  session: McplSession;
  serverLines: string[];
  asked: unknown[];
}

const open: Wired[] = [];
afterEach(() => {
  for (const { host, session } of open.splice(0)) {
    host.close();
    session.close();
  }
});

function wire(hostOptions: Partial<McplHostOptions>, hooks: McplHooks = {}): Wired {
  const toServer = new PassThrough();
  const toHost = new PassThrough();
  const serverLines: string[] = [];
  toHost.on('data', (chunk: Buffer) => serverLines.push(...chunk.toString().split('\n').filter(Boolean)));
  const server = createServer({ name: 'notes', version: '1.0.0' });
  server.tool({ name: 'note', inputSchema: s.object({ text: s.string() }) }, ({ text: said }) => text(said));
  const asked: unknown[] = [];
  const session = serveMcpl(server, fromStreams(toServer, toHost, { queueIncoming: false }), {
    mcpl: MANIFEST,
    hooks: {
      beforeInference: (params) => {
        asked.push(params);
        return {
          featureSet: 'notes.memory',
          contextInjections: [
            { namespace: 'notes', position: 'system', content: 'The user likes tea' },
            { namespace: 'notes', position: 'afterUser', content: 'Not granted here' },
          ],
        };
      },
      rollback: ({ checkpoint }) => {
        if (checkpoint === 'gone') throw checkpointNotFound(checkpoint);
        return { checkpoint, success: true };
      },
      ...hooks,
    },
  });
  const host = new McplHost(fromStreams(toHost, toServer, { queueIncoming: false }), {
    clientInfo: { name: 'hooks-host', version: '0' },
    mcpl: { version: '0.5', pushEvents: true, ...MANIFEST, featureSets: true },
    ...hostOptions,
  });
  const wired = { host, session, serverLines, asked };
  open.push(wired);
  return wired;
}

const ASK: BeforeInferenceParams = {
  inferenceId: 'inf-1',
  conversationId: 'conv-1',
  turnIndex: 3,
  userMessage: 'What do I like?',
  model: 'test-model',
};

describe('serveMcpl hooks: context/beforeInference (H→S)', () => {
  it('answers with the injections the grant allows; the hook sees the user message only with observe', async () => {
    const { host, asked } = wire({ grant: { effectiveCapabilities: EVERYTHING } });
    await host.initialize();
    expect(await host.beforeInference(ASK)).toEqual({
      featureSet: 'notes.memory',
      contextInjections: [{ namespace: 'notes', position: 'system', content: 'The user likes tea' }],
    });
    expect(asked).toEqual([ASK]);
    await host.updateGrant({
      effectiveCapabilities: ['tools', 'contextHooks.beforeInference.inject.system'],
    });
    await host.beforeInference(ASK);
    expect(asked[1]).toEqual({ ...ASK, userMessage: null });
  });

  it('refuses without any hook leaf granted (-32002); the host client does not even send it', async () => {
    const { host, serverLines } = wire({ grant: { effectiveCapabilities: ['tools'] } });
    await host.initialize();
    await expect(host.beforeInference(ASK)).rejects.toMatchObject({ code: 'ERR_NOT_GRANTED' });
    await expect(host.request('context/beforeInference', ASK)).rejects.toMatchObject({
      code: -32002,
      data: { capability: 'contextHooks.beforeInference.observe' },
    });
    expect(serverLines.some((line) => line.includes('contextInjections'))).toBe(false);
  });

  it('an answer for a disabled feature set is -32001; malformed params are -32602', async () => {
    const { host } = wire({ grant: { effectiveCapabilities: EVERYTHING, disabled: ['notes.memory'] } });
    await host.initialize();
    await expect(host.request('context/beforeInference', ASK)).rejects.toMatchObject({
      code: -32001,
      data: { featureSet: 'notes.memory' },
    });
    await expect(host.request('context/beforeInference', { turnIndex: 1 })).rejects.toMatchObject({
      code: -32602,
    });
  });
});

describe('serveMcpl hooks: a beforeInference hook cannot trigger inference/request (§10)', () => {
  it('session.host.inference throws inside the hook, and works again outside it', async () => {
    let session: McplSession | undefined;
    const thrown: unknown[] = [];
    const wired = wire(
      {
        grant: { effectiveCapabilities: EVERYTHING },
        handlers: {
          'inference/request': () => ({
            content: 'ok',
            model: 'm',
            finishReason: 'end_turn',
            usage: { inputTokens: 0, outputTokens: 0 },
          }),
        },
      },
      {
        beforeInference: async () => {
          await Promise.resolve();
          try {
            await session?.host.inference({ featureSet: 'notes.think', messages: [] });
          } catch (error) {
            thrown.push(error);
          }
          return { featureSet: 'notes.memory', contextInjections: [] };
        },
      },
    );
    session = wired.session;
    await wired.host.initialize();
    await wired.host.beforeInference(ASK);
    expect(thrown).toEqual([expect.objectContaining({ code: 'ERR_MCPL_INVALID' })]);
    await expect(session.host.inference({ featureSet: 'notes.think', messages: [] })).resolves.toMatchObject({
      content: 'ok',
    });
  });
});

describe('serveMcpl hooks: state/rollback (H→S)', () => {
  it('rolls back for an enabled set; a pruned checkpoint is -32005 with the checkpoint; a disabled set -32001', async () => {
    const { host } = wire({ grant: { effectiveCapabilities: EVERYTHING, disabled: ['notes.think'] } });
    await host.initialize();
    expect(await host.rollback({ featureSet: 'notes.state', checkpoint: 'c7' })).toEqual({
      checkpoint: 'c7',
      success: true,
    });
    await expect(host.rollback({ featureSet: 'notes.state', checkpoint: 'gone' })).rejects.toMatchObject({
      code: -32005,
      data: { checkpoint: 'gone' },
    });
    await expect(host.rollback({ featureSet: 'notes.think', checkpoint: 'c1' })).rejects.toMatchObject({
      code: -32001,
    });
    await expect(host.request('state/rollback', { featureSet: 'notes.state' })).rejects.toMatchObject({
      code: -32602,
    });
  });
});

describe('serveMcpl host requests (S→H): inference, model info, state, branches', () => {
  it('sends inference/request and model/info when granted; the host answers through its handlers', async () => {
    const { host, session } = wire({
      grant: { effectiveCapabilities: EVERYTHING },
      handlers: {
        'inference/request': (params) => ({
          content: `echo: ${String(params.messages[0]?.content)}`,
          model: 'test-model',
          finishReason: 'end_turn',
          usage: { inputTokens: 3, outputTokens: 2 },
        }),
        'model/info': () => ({ id: 'test-model', vendor: 'test', contextWindow: 1000, capabilities: [] }),
      },
    });
    await host.initialize();
    const answer = await session.host.inference({
      featureSet: 'notes.think',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(answer).toMatchObject({ content: 'echo: hi', finishReason: 'end_turn' });
    expect(await session.host.modelInfo()).toMatchObject({ id: 'test-model', contextWindow: 1000 });
  });

  it('a streamed inference/request: the host handler sends inference/chunk first, the server hears them before the answer', async () => {
    const chunks: unknown[] = [];
    let host: McplHost | undefined;
    const wired = wire(
      {
        grant: { effectiveCapabilities: [...EVERYTHING, 'inferenceRequest.streaming'] },
        handlers: {
          'inference/request': (_params, ctx) => {
            for (const [index, delta] of ['he', 'llo'].entries()) {
              host?.notify('inference/chunk', { requestId: ctx.requestId, index, delta });
            }
            return {
              content: 'hello',
              model: 'm',
              finishReason: 'end_turn',
              usage: { inputTokens: 1, outputTokens: 2 },
            };
          },
        },
      },
      { inferenceChunk: (params) => chunks.push(params) },
    );
    host = wired.host;
    await host.initialize();
    const answer = await wired.session.host.inference({
      featureSet: 'notes.think',
      stream: true,
      messages: [],
    });
    expect(answer.content).toBe('hello');
    expect(chunks).toEqual([
      { requestId: expect.anything(), index: 0, delta: 'he' },
      { requestId: expect.anything(), index: 1, delta: 'llo' },
    ]);
  });

  it('refuses before sending when not granted: streaming without .streaming, a disabled set, modelInfo', async () => {
    const { host, session, serverLines } = wire({
      grant: { effectiveCapabilities: ['tools', 'inferenceRequest'], disabled: ['notes.memory'] },
    });
    await host.initialize();
    const before = serverLines.length;
    const refused = (call: () => unknown) => {
      try {
        call();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const streamed = refused(() =>
      session.host.inference({ featureSet: 'notes.think', stream: true, messages: [] }),
    );
    expect(streamed).toBeInstanceOf(McplServeError);
    expect(streamed).toMatchObject({
      code: 'ERR_MCPL_NOT_GRANTED',
      capability: 'inferenceRequest.streaming',
    });
    expect(refused(() => session.host.inference({ featureSet: 'notes.memory', messages: [] }))).toMatchObject(
      {
        code: 'ERR_MCPL_NOT_GRANTED',
        featureSet: 'notes.memory',
      },
    );
    expect(refused(() => session.host.modelInfo())).toMatchObject({ capability: 'modelInfo' });
    expect(refused(() => session.host.getState({ featureSet: 'notes.memory' }))).toMatchObject({
      featureSet: 'notes.memory',
    });
    expect(serverLines.length).toBe(before);
  });

  it('the host refuses an inference/request outside its grant (-32002, -32001) even with a handler', async () => {
    const { host, session } = wire({
      grant: { effectiveCapabilities: ['tools'] },
      handlers: {
        'inference/request': () => ({
          content: 'x',
          model: 'm',
          finishReason: 'end_turn',
          usage: { inputTokens: 0, outputTokens: 0 },
        }),
        'model/info': () => ({ id: 'm', vendor: 'v', contextWindow: 1, capabilities: [] }),
      },
    });
    await host.initialize();
    // Bypassing the server's own check, as a misbehaving server would.
    await expect(
      session.connection.request('inference/request', { featureSet: 'notes.think', messages: [] }),
    ).rejects.toMatchObject({ code: -32002, data: { capability: 'inferenceRequest' } });
    await expect(session.connection.request('model/info', {})).rejects.toMatchObject({ code: -32002 });
    await host.updateGrant({
      effectiveCapabilities: ['tools', 'inferenceRequest'],
      disabled: ['notes.think'],
    });
    await expect(
      session.connection.request('inference/request', { featureSet: 'notes.think', messages: [] }),
    ).rejects.toMatchObject({ code: -32001 });
    await expect(session.connection.request('inference/request', { messages: [] })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('state/update, state/get and branches/* reach the host handlers; without one, -32601', async () => {
    const kept: unknown[] = [];
    const { host, session } = wire({
      grant: { effectiveCapabilities: EVERYTHING },
      handlers: {
        'state/update': (params) => {
          kept.push(params);
          return { accepted: true };
        },
        'state/get': () => ({ checkpoint: 'c1', data: { notes: 1 } }),
        'branches/list': () => ({ branches: [] }),
      },
    });
    await host.initialize();
    expect(
      await session.host.updateState({ featureSet: 'notes.state', checkpoint: 'c1', parent: null, data: {} }),
    ).toEqual({ accepted: true });
    expect(kept).toHaveLength(1);
    expect(await session.host.getState({ featureSet: 'notes.state' })).toEqual({
      checkpoint: 'c1',
      data: { notes: 1 },
    });
    expect(await session.host.branches('branches/list', { featureSet: 'notes.state' })).toEqual({
      branches: [],
    });
    await expect(
      session.host.branches('branches/create', { featureSet: 'notes.state', name: 'b' }),
    ).rejects.toMatchObject({ code: -32601 });
  });
});

describe('serveMcpl hooks: notifications and plain MCP hosts', () => {
  it('inference/lifecycle reaches the hook only when granted; inference/chunk reaches its hook', async () => {
    const phases: InferenceLifecycleParams[] = [];
    const chunks: unknown[] = [];
    const { host } = wire(
      { grant: { effectiveCapabilities: EVERYTHING } },
      {
        inferenceLifecycle: (params) => phases.push(params),
        inferenceChunk: (params) => chunks.push(params),
      },
    );
    await host.initialize();
    const lifecycle = { inferenceId: 'i', conversationId: 'c', turnIndex: 0, phase: 'started' };
    host.notify('inference/lifecycle', lifecycle);
    host.notify('inference/chunk', { requestId: 4, index: 0, delta: 'he' });
    await expect.poll(() => chunks.length).toBe(1);
    expect(phases).toEqual([lifecycle]);
    await host.updateGrant({ effectiveCapabilities: ['tools'] });
    host.notify('inference/lifecycle', { ...lifecycle, phase: 'completed' });
    host.notify('inference/chunk', { requestId: 4, index: 1, delta: 'llo' });
    await expect.poll(() => chunks.length).toBe(2);
    expect(phases).toHaveLength(1);
  });

  it('a plain MCP host gets -32601 for the hooks, and the server cannot send it MCPL requests', async () => {
    const { host, session, asked } = wire({ mcpl: false });
    await host.initialize();
    await expect(host.request('context/beforeInference', ASK)).rejects.toMatchObject({ code: -32601 });
    await expect(
      host.request('state/rollback', { featureSet: 'notes.state', checkpoint: 'c' }),
    ).rejects.toMatchObject({
      code: -32601,
    });
    expect(asked).toEqual([]);
    expect(() => session.host.modelInfo()).toThrow(
      expect.objectContaining({ code: 'ERR_MCPL_NOT_NEGOTIATED' }),
    );
    expect(() => session.host.inference({ featureSet: 'notes.think', messages: [] })).toThrow(McplServeError);
    expect((await host.callTool('note', { text: 'still MCP' })).content).toEqual([
      { type: 'text', text: 'still MCP' },
    ]);
  });
});
