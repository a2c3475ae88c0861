import {
  advertisedCapabilities,
  capabilityGranted,
  deriveFeatureSets,
  ManifestTracker,
  type McplManifest,
  method,
} from '@mcpforge/mcpl';

// A server's experimental.mcpl object is its manifest.
const manifest: McplManifest = {
  version: '0.5',
  pushEvents: true,
  channels: { register: true, publish: true },
  featureSets: { chat: { description: 'Chat', uses: ['pushEvents', 'channels.publish'] } },
};
console.log([...advertisedCapabilities(manifest)].join(' '));

// The host's featureSets/update request is the grant: only effectiveCapabilities counts.
const grant = { effectiveCapabilities: ['pushEvents', 'channels.*'] };
console.log(capabilityGranted(grant.effectiveCapabilities, 'channels.publish'));
console.log(deriveFeatureSets(manifest.featureSets, grant.effectiveCapabilities).enabled);

// The tracker digests each manifest and tells every attached connection what changed.
const tracker = new ManifestTracker(manifest);
const connection = { notify: (name: string, params: unknown) => console.log(name, JSON.stringify(params)) };
tracker.attach(connection, { announcedRevision: tracker.revision });
tracker.setManifest({ ...manifest, modelInfo: true });
console.log(method.MANIFEST, tracker.handleManifestRequest()['revision'] === tracker.revision);
