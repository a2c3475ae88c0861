/**
 * The searchable text of a tool name. OpenAPI import cuts a long name and appends `_` and a short
 * hex hash of the operation (`..._e837b9`, see openapi/convert/naming.ts); those characters are
 * no words, and tokenize would split them into letters and digits that a query's "issue 9" or
 * "b9" then matches. A trailing run of 6 to 16 hex digits holding at least one digit is taken
 * for that hash and left out; a word such as `_facade` (no digit) stays.
 * @module
 */

const HASH_SUFFIX = /[_-]([0-9a-f]{6,16})$/;
/** The import's longest name (MAX_TOOL_NAME_LENGTH): a name this long was cut before its hash. */
const CUT_LENGTH = 64;

/**
 * `name` without the import's hash suffix; a name that was cut also loses the word the cut
 * ended in (`...-organization-b_5197a9` would else match a query's "b").
 */
export function nameText(name: string): string {
  const match = HASH_SUFFIX.exec(name);
  if (match === null || !/[0-9]/.test(match[1] as string)) return name;
  const head = name.slice(0, match.index);
  if (name.length < CUT_LENGTH) return head;
  const lastSeparator = Math.max(head.lastIndexOf('_'), head.lastIndexOf('-'));
  return lastSeparator > 0 ? head.slice(0, lastSeparator) : head;
}
