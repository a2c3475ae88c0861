import { describe, expect, it } from 'vitest';
import { CHAT_TAG_IMPLIES, CHAT_TAGS, expandTags, isEventTag } from './tags.js';

describe('event tags (§16)', () => {
  it('applies the core closure, chat:dm implying addressed and private', () => {
    expect(expandTags(['chat:mention'])).toEqual(['chat:mention', 'chat:addressed']);
    expect(expandTags(['chat:reply'])).toEqual(['chat:reply', 'chat:addressed']);
    expect(expandTags(['chat:dm'])).toEqual(['chat:dm', 'chat:addressed', 'chat:private']);
  });

  it('drops chat:ambient once chat:addressed holds, and only then', () => {
    expect(expandTags(['chat:ambient', 'chat:mention'])).toEqual(['chat:mention', 'chat:addressed']);
    expect(expandTags(['chat:ambient', 'chat:from-bot'])).toEqual(['chat:ambient', 'chat:from-bot']);
  });

  it('is idempotent', () => {
    const once = expandTags(['chat:dm', 'demo:x']);
    expect(expandTags(once)).toEqual(once);
  });

  it('applies accepted producer implications transitively, and survives cycles', () => {
    const accepted = { 'demo:a': ['demo:b'], 'demo:b': ['demo:a', 'chat:mention'] };
    expect(expandTags(['demo:a'], accepted)).toEqual(['demo:a', 'demo:b', 'chat:mention', 'chat:addressed']);
    // Unaccepted implications are not applied; an inherited name is not an implication.
    expect(expandTags(['demo:a', 'constructor'])).toEqual(['demo:a', 'constructor']);
  });

  it('every chat tag is in the reserved chat: namespace and is a valid tag', () => {
    for (const tag of [...Object.values(CHAT_TAGS), ...Object.keys(CHAT_TAG_IMPLIES)]) {
      expect(tag.startsWith('chat:')).toBe(true);
      expect(isEventTag(tag)).toBe(true);
    }
    expect(['plain', ':x', 'ns:', 'ns:k=v', 'ns:a b'].map(isEventTag)).toEqual([
      false,
      false,
      false,
      true,
      false,
    ]);
  });
});
