import { PassThrough } from 'node:stream';
import { fromStreams, type JsonRpcNotification } from '@mcpforge/wire';
import { describe, expect, it } from 'vitest';
import { ManifestDigestError, McplError } from '../errors/mcpl-error.js';
import { manifestDigest } from './digest.js';
import { type ManifestNotifier, ManifestTracker } from './tracker.js';

/** A notifier that records what it was told. */
function recorder(): {
  told: Array<{ method: string; params: unknown }>;
  sendNotification(method: string, params?: unknown): void;
} {
  const told: Array<{ method: string; params: unknown }> = [];
  return { told, sendNotification: (method, params) => void told.push({ method, params }) };
}

const initial = {
  version: '0.5',
  pushEvents: true,
  featureSets: {
    chat: { description: 'Chat', uses: ['pushEvents'], tagOntology: { coreTags: ['chat:dm'] } },
  },
};
const withChannels = { ...initial, channels: { publish: true } };

describe('ManifestTracker', () => {
  it('digests the initial manifest and serves it with its revision as mcpl/manifest', () => {
    const tracker = new ManifestTracker(initial);
    expect(tracker.revision).toBe(manifestDigest(initial));
    expect(tracker.handleManifestRequest()).toEqual({ ...initial, revision: tracker.revision });
  });

  it('snapshot() is a fresh copy: changing it changes nothing in the tracker', () => {
    const tracker = new ManifestTracker(initial);
    const snapshot = tracker.snapshot() as typeof initial;
    snapshot.featureSets.chat.uses.push('tools');
    snapshot.version = '9';
    expect(tracker.snapshot()).toEqual({ ...initial, revision: tracker.revision });
  });

  it('announces exactly {revision, domains} to every attached connection', () => {
    const tracker = new ManifestTracker(initial);
    const a = recorder();
    const b = recorder();
    tracker.attach(a, { announcedRevision: tracker.revision });
    tracker.attach(b, { announcedRevision: tracker.revision });
    const change = tracker.setManifest(withChannels);
    expect(change).toEqual({
      changed: true,
      revision: manifestDigest(withChannels),
      previousRevision: manifestDigest(initial),
      domains: ['capabilities'],
      announcedTo: 2,
      pending: false,
    });
    for (const connection of [a, b]) {
      expect(connection.told).toEqual([
        { method: 'mcpl/manifestChanged', params: { revision: change.revision, domains: ['capabilities'] } },
      ]);
    }
  });

  it('a connection seeded with the current revision hears nothing until a change', () => {
    const tracker = new ManifestTracker(initial);
    const a = recorder();
    tracker.attach(a, { announcedRevision: tracker.revision });
    expect(tracker.setManifest({ ...initial }).changed).toBe(false);
    expect(a.told).toEqual([]);
  });

  it('diffs per connection: one without a seed is told all domains, a seeded one only what changed', () => {
    const tracker = new ManifestTracker(initial);
    const seeded = recorder();
    const unseeded = recorder();
    tracker.attach(seeded, { announcedRevision: tracker.revision });
    tracker.attach(unseeded);
    tracker.setManifest(withChannels);
    expect(seeded.told.map((t) => t.params)).toEqual([
      { revision: tracker.revision, domains: ['capabilities'] },
    ]);
    expect(unseeded.told.map((t) => t.params)).toEqual([
      { revision: tracker.revision, domains: ['capabilities', 'featureSets', 'tagOntology'] },
    ]);
  });

  it('a connection attached later is diffed against what it was told, not against the previous install', () => {
    const tracker = new ManifestTracker(initial);
    const early = recorder();
    tracker.attach(early, { announcedRevision: tracker.revision });
    const ontology = structuredClone(withChannels);
    ontology.featureSets.chat.tagOntology.coreTags = ['chat:reply'];
    tracker.setManifest(withChannels);
    const late = recorder();
    tracker.attach(late, { announcedRevision: tracker.revision });
    tracker.setManifest(ontology);
    expect(early.told.map((t) => (t.params as { domains: string[] }).domains)).toEqual([
      ['capabilities'],
      ['tagOntology'],
    ]);
    expect(late.told.map((t) => (t.params as { domains: string[] }).domains)).toEqual([['tagOntology']]);
  });

  it('a seed older than the current revision is announced at attach, diffed when the tracker still knows it', () => {
    const tracker = new ManifestTracker(initial);
    const old = tracker.revision;
    tracker.setManifest(withChannels);
    const known = recorder();
    tracker.attach(known, { announcedRevision: old });
    expect(known.told.map((t) => t.params)).toEqual([
      { revision: tracker.revision, domains: ['capabilities'] },
    ]);
    const unknown = recorder();
    tracker.attach(unknown, { announcedRevision: 'sha256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.told.map((t) => (t.params as { domains: string[] }).domains)).toEqual([
      ['capabilities', 'featureSets', 'tagOntology'],
    ]);
  });

  it('a version-only change is installed (new revision) but announced to nobody', () => {
    const tracker = new ManifestTracker(initial);
    const a = recorder();
    tracker.attach(a, { announcedRevision: tracker.revision });
    const change = tracker.setManifest({ ...initial, version: '0.5.1' });
    expect(change).toMatchObject({ changed: true, domains: [], announcedTo: 0 });
    expect(tracker.revision).toBe(manifestDigest({ ...initial, version: '0.5.1' }));
    expect(tracker.snapshot()['version']).toBe('0.5.1');
    expect(a.told).toEqual([]);
    // The next real change is still diffed against what the connection was told.
    tracker.setManifest({ ...withChannels, version: '0.5.1' });
    expect(a.told.map((t) => (t.params as { domains: string[] }).domains)).toEqual([['capabilities']]);
  });

  it('a transaction coalesces its changes into one announcement; nested calls join it', () => {
    const tracker = new ManifestTracker(initial);
    const a = recorder();
    tracker.attach(a, { announcedRevision: tracker.revision });
    const ontology = structuredClone(withChannels);
    ontology.featureSets.chat.tagOntology.coreTags = ['chat:reply'];
    const change = tracker.transaction((tx) => {
      expect(tx.setManifest(withChannels).pending).toBe(true);
      const inner = tx.transaction((nested) => {
        nested.setManifest(ontology);
      });
      expect(inner.pending).toBe(true);
      expect(a.told).toEqual([]);
      // Hosts still see the installed manifest while the draft is open.
      expect(tracker.revision).toBe(manifestDigest(initial));
    });
    expect(change).toMatchObject({
      pending: false,
      announcedTo: 1,
      domains: ['capabilities', 'tagOntology'],
    });
    expect(a.told.map((t) => t.params)).toEqual([
      { revision: manifestDigest(ontology), domains: ['capabilities', 'tagOntology'] },
    ]);
  });

  it('a throwing transaction leaves the manifest and connections untouched', () => {
    const tracker = new ManifestTracker(initial);
    const a = recorder();
    tracker.attach(a, { announcedRevision: tracker.revision });
    expect(() =>
      tracker.transaction((tx) => {
        tx.setManifest(withChannels);
        throw new Error('edit failed');
      }),
    ).toThrow('edit failed');
    expect(tracker.revision).toBe(manifestDigest(initial));
    expect(a.told).toEqual([]);
    // A later transaction starts from the installed manifest, not the dropped draft.
    expect(tracker.transaction(() => {}).changed).toBe(false);
  });

  it('refuses an asynchronous edit (an announcement would otherwise depend on timing)', () => {
    const tracker = new ManifestTracker(initial);
    let caught: unknown;
    try {
      tracker.transaction((async () => {}) as unknown as () => void);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(McplError);
    expect((caught as McplError).code).toBe('ERR_MANIFEST_TRANSACTION');
  });

  it('an invalid manifest throws and changes nothing', () => {
    const tracker = new ManifestTracker(initial);
    const before = tracker.revision;
    expect(() => tracker.setManifest({ version: '0.5', 'bad name': true })).toThrow(ManifestDigestError);
    expect(tracker.revision).toBe(before);
    expect(() => new ManifestTracker([] as unknown as Record<string, unknown>)).toThrow(ManifestDigestError);
  });

  it('detach (or the returned function) stops announcements', () => {
    const tracker = new ManifestTracker(initial);
    const a = recorder();
    const b = recorder();
    const detachA = tracker.attach(a, { announcedRevision: tracker.revision });
    tracker.attach(b, { announcedRevision: tracker.revision });
    expect(tracker.connectionCount).toBe(2);
    detachA();
    expect(tracker.detach(b)).toBe(true);
    expect(tracker.detach(b)).toBe(false);
    expect(tracker.setManifest(withChannels).announcedTo).toBe(0);
    expect([a.told, b.told, tracker.connectionCount]).toEqual([[], [], 0]);
  });

  it('a notifier that throws is reported and the others are still told', () => {
    const errors: unknown[] = [];
    const tracker = new ManifestTracker(initial, { onAnnounceError: (error) => errors.push(error) });
    const broken: ManifestNotifier = {
      sendNotification: () => {
        throw new Error('closed');
      },
    };
    const a = recorder();
    tracker.attach(broken, { announcedRevision: tracker.revision });
    tracker.attach(a, { announcedRevision: tracker.revision });
    expect(tracker.setManifest(withChannels).announcedTo).toBe(1);
    expect(a.told).toHaveLength(1);
    expect(errors).toEqual([new Error('closed')]);
  });

  it('announces over a real @mcpforge/wire connection; the host reads one mcpl/manifestChanged line', async () => {
    const toHost = new PassThrough();
    const toServer = new PassThrough();
    const server = fromStreams(toServer, toHost);
    const host = fromStreams(toHost, toServer);
    const tracker = new ManifestTracker(initial);
    tracker.attach(server, { announcedRevision: tracker.revision });
    tracker.setManifest(withChannels);
    const message = (await host.nextMessage()) as JsonRpcNotification;
    expect(message).toEqual({
      jsonrpc: '2.0',
      method: 'mcpl/manifestChanged',
      params: { revision: manifestDigest(withChannels), domains: ['capabilities'] },
    });
    server.close();
    host.close();
  });
});
