import { PassThrough } from 'node:stream';
import { type Connection, fromStreams, type JsonRpcRequest } from '@mcpforge/wire';
import { afterEach, describe, expect, it } from 'vitest';
import type { BeforeInferenceResult } from '../protocol/index.js';
import { McplHost } from './index.js';

const connections: Connection[] = [];
afterEach(() => {
  for (const connection of connections.splice(0)) connection.close();
});

const SERVER = {
  tools: {},
  experimental: {
    mcpl: {
      version: '0.5',
      contextHooks: { beforeInference: true },
      featureSets: {
        'x.memory': { description: 'm', uses: ['contextHooks.beforeInference.inject.system'] },
        'x.off': { description: 'o', uses: ['contextHooks.beforeInference.inject.system'] },
      },
    },
  },
};

/** A hand-written server that answers context/beforeInference with `answer` (a misbehaving one too). */
function wire(answer: BeforeInferenceResult, effectiveCapabilities: string[]) {
  const toServer = new PassThrough();
  const toHost = new PassThrough();
  const server = fromStreams(toServer, toHost, { queueIncoming: false });
  const asked: unknown[] = [];
  server.on('request', (message: JsonRpcRequest) => {
    if (message.method === 'initialize') {
      server.respond(message.id, {
        protocolVersion: '2024-11-05',
        capabilities: SERVER,
        serverInfo: { name: 'raw', version: '0' },
      });
    } else if (message.method === 'featureSets/update') {
      server.respond(message.id, { accepted: true });
    } else if (message.method === 'context/beforeInference') {
      asked.push(message.params);
      server.respond(message.id, answer);
    } else {
      server.respondError(message.id, -32601, 'nope');
    }
  });
  const host = new McplHost(fromStreams(toHost, toServer, { queueIncoming: false }), {
    clientInfo: { name: 'h', version: '0' },
    mcpl: { version: '0.5', contextHooks: { beforeInference: true }, featureSets: true },
    grant: { effectiveCapabilities, disabled: ['x.off'] },
  });
  const errors: Error[] = [];
  host.on('error', (error) => errors.push(error));
  connections.push(server, host.connection);
  return { host, asked, errors };
}

const ASK = { inferenceId: 'i', conversationId: 'c', turnIndex: 0, userMessage: 'secret', model: 'm' };
const INJECTIONS = [
  { namespace: 'n', position: 'system' as const, content: 'kept' },
  { namespace: 'n', position: 'beforeUser' as const, content: 'not granted' },
  { namespace: 'n', position: 'afterUser' as const, content: 'not granted either' },
];

describe('McplHost.beforeInference: authorised at receipt (§5.4, §10)', () => {
  it('keeps only injections at granted positions and withholds the user message without observe', async () => {
    const { host, asked, errors } = wire({ featureSet: 'x.memory', contextInjections: INJECTIONS }, [
      'contextHooks.beforeInference.inject.system',
    ]);
    await host.initialize();
    expect(await host.beforeInference(ASK)).toEqual({
      featureSet: 'x.memory',
      contextInjections: [INJECTIONS[0]],
    });
    expect(asked).toEqual([{ ...ASK, userMessage: null }]);
    expect(errors.map((error) => error.message)).toEqual([
      'context/beforeInference: injections at ungranted positions dropped',
    ]);
  });

  it("the answer's featureSet never authorises: a disabled or undeclared set keeps nothing", async () => {
    for (const featureSet of ['x.off', 'x.unknown']) {
      const { host } = wire({ featureSet, contextInjections: INJECTIONS }, [
        'contextHooks.beforeInference.observe',
        'contextHooks.beforeInference.inject.system',
      ]);
      await host.initialize();
      expect(await host.beforeInference(ASK)).toEqual({ featureSet, contextInjections: [] });
    }
  });

  it('a malformed answer is ERR_INVALID_RESULT', async () => {
    const { host } = wire({ featureSet: 'x.memory' } as never, [
      'contextHooks.beforeInference.inject.system',
    ]);
    await host.initialize();
    await expect(host.beforeInference(ASK)).rejects.toMatchObject({ code: 'ERR_INVALID_RESULT' });
  });
});
