import { PassThrough } from 'node:stream';
import { fromStreams } from '@mcpforge/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { McplHost } from '../host/index.js';
import { ManifestTracker } from '../manifest/index.js';
import type { ManifestChangedParams } from '../protocol/index.js';
import { type McplSession, serveMcpl } from './index.js';
import { demoServer } from './test-support/demo-server.js';

const MANIFEST = {
  version: '0.5',
  pushEvents: true,
  featureSets: {
    'demo.tools': { description: 'tools', uses: ['tools'] },
    'demo.events': { description: 'events', uses: ['pushEvents'] },
  },
};

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function connect(tracker: ManifestTracker, version: '0.4' | '0.5'): { host: McplHost; session: McplSession } {
  const toServer = new PassThrough();
  const toHost = new PassThrough();
  let session: McplSession | undefined;
  session = serveMcpl(
    demoServer(() => session as McplSession),
    fromStreams(toServer, toHost, { queueIncoming: false }),
    {
      tracker,
    },
  );
  const host = new McplHost(fromStreams(toHost, toServer, { queueIncoming: false }), {
    clientInfo: { name: 'h', version: '0' },
    mcpl: { version, pushEvents: true },
    ...(version === '0.5' ? { grant: { effectiveCapabilities: ['tools', 'pushEvents'] } } : {}),
  });
  closers.push(
    () => host.close(),
    () => session?.close(),
  );
  return { host, session };
}

describe('serveMcpl with a ManifestTracker', () => {
  it('advertises the tracked manifest; setManifest announces mcpl/manifestChanged to 0.5 hosts only; mcpl/manifest is current', async () => {
    const tracker = new ManifestTracker(MANIFEST);
    const modern = connect(tracker, '0.5');
    const legacy = connect(tracker, '0.4');
    const hello = await modern.host.initialize();
    expect(hello.mcpl?.revision).toBe(tracker.revision);
    await legacy.host.initialize();
    expect(tracker.connectionCount).toBe(1);

    const heard: ManifestChangedParams[] = [];
    legacy.host.on('manifestChanged', (params) => heard.push(params));
    const announced = new Promise<ManifestChangedParams>((resolve) =>
      modern.host.once('manifestChanged', resolve),
    );
    const change = tracker.setManifest({ ...MANIFEST, modelInfo: true });
    await expect(announced).resolves.toEqual({ revision: change.revision, domains: ['capabilities'] });
    await expect(modern.host.request('mcpl/manifest', {})).resolves.toMatchObject({
      modelInfo: true,
      revision: change.revision,
    });
    // the tools feature set comes from the tracked manifest, and is enforced
    await expect(modern.host.callTool('echo', { text: 'ok' })).resolves.toMatchObject({
      content: [{ text: 'ok' }],
    });
    expect(heard).toEqual([]);

    modern.host.close();
    await modern.session.closed;
    expect(tracker.connectionCount).toBe(0);
  });

  it('needs mcpl or tracker', () => {
    expect(() =>
      serveMcpl(
        demoServer(() => undefined as never),
        fromStreams(new PassThrough(), new PassThrough()),
        {},
      ),
    ).toThrow(TypeError);
  });
});
