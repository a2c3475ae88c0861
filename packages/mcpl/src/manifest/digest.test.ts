import { describe, expect, it } from 'vitest';
import { ManifestDigestError } from '../errors/mcpl-error.js';
import { isManifestRevision, manifestCanonicalString, manifestDigest, withRevision } from './digest.js';
import { isManifestIdentifier } from './identifiers.js';

const WORKED = {
  version: '0.5',
  pushEvents: true,
  contextHooks: { beforeInference: true },
  inferenceLifecycle: true,
  channels: { register: true, publish: true, incoming: true },
  featureSets: {
    'demo.messaging': {
      description: 'Demo',
      uses: ['channels.publish', 'channels.incoming', 'pushEvents', 'tools'],
    },
  },
};

describe('manifestDigest', () => {
  it("reproduces RFC-003's worked example and the two reference digests", () => {
    expect(manifestDigest(WORKED)).toBe('sha256:_YZTS0h1tqTAMZI6eElCszSQE2WNx3xhAhmgUvNI9H4');
    expect(manifestDigest({})).toBe('sha256:RBNvo1WzZ4oRRq0W9-hknpT7T8If536DEMBg9hyq_4o');
    expect(manifestDigest({ version: '0.5' })).toBe('sha256:bzEkFjhXH4ynFLptjb7MFQkzMSEXiRkRuGnA1GVxF8g');
  });

  it('excludes its own revision: a manifest carrying the revision digests to that revision', () => {
    const stamped = withRevision(WORKED);
    expect(stamped.revision).toBe(manifestDigest(WORKED));
    expect(manifestDigest(stamped)).toBe(stamped.revision);
    expect(manifestDigest({ ...WORKED, revision: 'anything at all' })).toBe(stamped.revision);
  });

  it("digests a host's mirror with featureSets: true (no set paths, no identifiers)", () => {
    expect(manifestCanonicalString({ version: '0.5', featureSets: true, pushEvents: true })).toBe(
      '{"featureSets":true,"pushEvents":true,"version":"0.5"}',
    );
  });

  it('digests the 0.4 dialect as deployed peers send it, array form verbatim', () => {
    const heartbeat = {
      version: '0.4',
      pushEvents: true,
      channels: false,
      rollback: false,
      featureSets: [
        { name: 'heartbeat', description: 'Heartbeat', uses: ['tools', 'pushEvents'], rollback: false },
      ],
    };
    expect(isManifestRevision(manifestDigest(heartbeat))).toBe(true);
    expect(manifestCanonicalString(heartbeat)).toContain('"uses":["tools","pushEvents"]');
  });

  it('refuses a value that is not a JSON object with manifest_not_object', () => {
    for (const value of [null, [], 'x', 1, true]) {
      let caught: unknown;
      try {
        manifestDigest(value);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ManifestDigestError);
      expect((caught as ManifestDigestError).code).toBe('ERR_MANIFEST_NOT_OBJECT');
      expect((caught as ManifestDigestError).conformanceCode).toBe('manifest_not_object');
    }
  });

  it('checks identifiers in the tag ontology positions the vectors name', () => {
    const withTag = (ontology: object) => ({
      version: '0.5',
      featureSets: { f: { description: 'd', uses: ['pushEvents'], tagOntology: ontology } },
    });
    const refused = (ontology: object): string | undefined => {
      try {
        manifestDigest(withTag(ontology));
        return undefined;
      } catch (error) {
        return (error as ManifestDigestError).path;
      }
    };
    expect(refused({ coreTags: ['chat:ok', 'bad tag'] })).toBe('featureSets.f.tagOntology.coreTags[]');
    expect(refused({ tags: { 'a:b': { implies: ['x y'] } } })).toBe(
      'featureSets.f.tagOntology.tags.a:b.implies[]',
    );
    expect(refused({ tags: { 'a:b': { facet: 'fa cet' } } })).toBe(
      'featureSets.f.tagOntology.tags.a:b.facet',
    );
    expect(refused({ keyed: { 'u rg': { values: [] } } })).toBe('featureSets.f.tagOntology.keyed.u rg');
    expect(refused({ keyed: { urg: { values: ['lo w'] } } })).toBe(
      'featureSets.f.tagOntology.keyed.urg.values[]',
    );
    expect(refused({ suggestedTreatment: [{ tagsNone: ['é'], behavior: 'mute' }] })).toBe(
      'featureSets.f.tagOntology.suggestedTreatment.tagsNone[]',
    );
    // Free text is not an identifier.
    expect(refused({ tags: { 'a:b': { desc: 'any text — at all' } } })).toBeUndefined();
  });

  it('isManifestRevision checks the shape only', () => {
    expect(isManifestRevision('sha256:_YZTS0h1tqTAMZI6eElCszSQE2WNx3xhAhmgUvNI9H4')).toBe(true);
    expect(isManifestRevision('sha256:_YZTS0h1tqTAMZI6eElCszSQE2WNx3xhAhmgUvNI9H4=')).toBe(false);
    expect(isManifestRevision('sha256:short')).toBe(false);
    expect(isManifestRevision(42)).toBe(false);
  });

  it('isManifestIdentifier is anchored and non-empty', () => {
    expect(isManifestIdentifier('chat:from-bot')).toBe(true);
    expect(isManifestIdentifier('a.b*c_d')).toBe(true);
    expect(isManifestIdentifier('')).toBe(false);
    expect(isManifestIdentifier('ok bad')).toBe(false);
    expect(isManifestIdentifier('ok\n')).toBe(false);
  });
});
