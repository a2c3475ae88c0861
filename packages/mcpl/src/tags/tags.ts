/**
 * Event tags (§16): `namespace:value` or `namespace:key=value` on `push/event` and
 * `channels/incoming` messages; a set, never authority. `chat:` and `mcpl:` are reserved.
 */

/** The reserved `chat:` tags this package knows by name. */
export const CHAT_TAGS = {
  mention: 'chat:mention',
  reply: 'chat:reply',
  dm: 'chat:dm',
  addressed: 'chat:addressed',
  private: 'chat:private',
  ambient: 'chat:ambient',
  broadcast: 'chat:broadcast',
  fromBot: 'chat:from-bot',
  fromHuman: 'chat:from-human',
  fromSelf: 'chat:from-self',
  deleted: 'chat:deleted',
} as const;

/** The core closure hosts must apply (§16); producers' `implies` need explicit acceptance. */
export const CHAT_TAG_IMPLIES: Readonly<Record<string, readonly string[]>> = {
  'chat:mention': ['chat:addressed'],
  'chat:reply': ['chat:addressed'],
  'chat:dm': ['chat:addressed', 'chat:private'],
};

const TAG = /^[A-Za-z0-9._-]+:[A-Za-z0-9._:*-]+(?:=[A-Za-z0-9._:*-]+)?$/;

/** Whether `value` is a namespaced tag (`ns:value` or `ns:key=value`); un-namespaced tags are not allowed. */
export function isEventTag(value: unknown): value is string {
  return typeof value === 'string' && TAG.test(value);
}

/**
 * The tag set after the closure: the core implications (SPEC §16, which the public core lags:
 * `chat:dm` implies `chat:private` too, and `chat:ambient` is dropped once `chat:addressed`
 * holds) plus the `accepted` producer implications, applied transitively and safely on
 * cycles. Additive except for that one drop; the input order is kept, implied tags follow.
 */
export function expandTags(
  tags: readonly string[],
  accepted: Readonly<Record<string, readonly string[]>> = {},
): string[] {
  const result = new Set<string>();
  const pending = [...tags];
  while (pending.length > 0) {
    const tag = pending.shift() as string;
    if (result.has(tag)) continue;
    result.add(tag);
    const core = Object.hasOwn(CHAT_TAG_IMPLIES, tag) ? (CHAT_TAG_IMPLIES[tag] ?? []) : [];
    const extra = Object.hasOwn(accepted, tag) ? (accepted[tag] ?? []) : [];
    pending.push(...core, ...extra);
  }
  if (result.has(CHAT_TAGS.addressed)) result.delete(CHAT_TAGS.ambient);
  return [...result];
}
