import { DEFAULT_DESCRIBE_MAX_LENGTH, describePeerValue } from '@mcpforge/wire';

/**
 * A peer's string (a method, tool or prompt name, a URI) for an error message: as it is when
 * short, else cut by `describePeerValue`. The peer chose its size; echoed whole, a 200 KB name
 * would make every refusal a 200 KB answer.
 */
export function peerText(text: string): string {
  return text.length <= DEFAULT_DESCRIBE_MAX_LENGTH ? text : describePeerValue(text);
}
