import { describe, expect, it } from 'vitest';
import { changedDomains } from './domains.js';

const base = {
  version: '0.5',
  pushEvents: true,
  featureSets: {
    chat: {
      description: 'Chat',
      uses: ['pushEvents', 'tools'],
      tagOntology: { coreTags: ['chat:mention'] },
    },
  },
};

describe('changedDomains (§17.1)', () => {
  it('names all three domains when nothing was known before', () => {
    expect(changedDomains(null, base)).toEqual(['capabilities', 'featureSets', 'tagOntology']);
  });

  it('a version-only change (or a new revision member) names no domain', () => {
    expect(changedDomains(base, { ...base, version: '0.5.1' })).toEqual([]);
    expect(changedDomains(base, { ...base, revision: 'sha256:x' })).toEqual([]);
  });

  it('a capability member, vendor extensions included, is the capabilities domain', () => {
    expect(changedDomains(base, { ...base, pushEvents: false })).toEqual(['capabilities']);
    expect(changedDomains(base, { ...base, vendorLimit: 3 })).toEqual(['capabilities']);
  });

  it('a declaration change is featureSets; reordering a set array is no change', () => {
    const reordered = structuredClone(base);
    reordered.featureSets.chat.uses = ['tools', 'pushEvents', 'tools'];
    expect(changedDomains(base, reordered)).toEqual([]);
    const described = structuredClone(base);
    described.featureSets.chat.description = 'Chat 2';
    expect(changedDomains(base, described)).toEqual(['featureSets']);
  });

  it('an ontology change is tagOntology alone', () => {
    const next = structuredClone(base);
    next.featureSets.chat.tagOntology.coreTags = ['chat:mention', 'chat:reply'];
    expect(changedDomains(base, next)).toEqual(['tagOntology']);
  });

  it('absent is not empty: featureSets appearing as {} changes featureSets and tagOntology', () => {
    expect(changedDomains({ version: '0.5' }, { version: '0.5', featureSets: {} })).toEqual([
      'featureSets',
      'tagOntology',
    ]);
    expect(changedDomains({ version: '0.5', featureSets: {} }, { version: '0.5' })).toEqual([
      'featureSets',
      'tagOntology',
    ]);
  });

  it('diffs the 0.4 array form too, ontologies by entry', () => {
    const v04 = {
      version: '0.4',
      featureSets: [{ name: 'hb', uses: ['tools'], tagOntology: { open: true } }],
    };
    const next = {
      version: '0.4',
      featureSets: [{ name: 'hb', uses: ['tools'], tagOntology: { open: false } }],
    };
    expect(changedDomains(v04, next)).toEqual(['tagOntology']);
    expect(
      changedDomains(v04, {
        version: '0.4',
        featureSets: [{ name: 'hb2', uses: ['tools'], tagOntology: { open: true } }],
      }),
    ).toEqual(['featureSets']);
  });

  it('a member named __proto__ is compared like any other', () => {
    const a = JSON.parse('{"version":"0.5","__proto__":{"x":1}}') as Record<string, unknown>;
    const b = JSON.parse('{"version":"0.5","__proto__":{"x":2}}') as Record<string, unknown>;
    expect(changedDomains(a, b)).toEqual(['capabilities']);
  });
});
