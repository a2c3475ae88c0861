/**
 * @module
 * What JSON-RPC 2.0 says a server owes one incoming message, and whether what came back is a
 * valid response. Worked out from the text as sent, independently of the server's own code.
 */

/** The answer a message calls for: none (notifications, responses), or exactly one. */
export type Expectation =
  | { readonly answer: 'none' }
  /**
   * `id` is the request's id when it could be read, else null (parse errors, invalid requests).
   */
  | { readonly answer: 'one'; readonly id: string | number | null };

/** A transport's rule for a usable request id (stdio: any finite number; HTTP: an integer). */
export type IdRule = (value: unknown) => value is string | number;

export const finiteOrString: IdRule = (value): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

export const integerOrString: IdRule = (value): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));

export function expectationOf(text: string, isId: IdRule): Expectation {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { answer: 'one', id: null };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { answer: 'one', id: null };
  const message = value as Record<string, unknown>;
  const hasMethod = Object.hasOwn(message, 'method');
  if (!hasMethod && (Object.hasOwn(message, 'result') || Object.hasOwn(message, 'error'))) {
    return { answer: 'none' };
  }
  const hasId = Object.hasOwn(message, 'id');
  if (typeof message['method'] === 'string' && !hasId && message['jsonrpc'] === '2.0') {
    const params = message['params'];
    // Structured or absent params: a notification. Otherwise it is an invalid request (id null).
    if (params === undefined || (typeof params === 'object' && params !== null)) return { answer: 'none' };
    return { answer: 'one', id: null };
  }
  if (!hasId) return { answer: 'one', id: null };
  return { answer: 'one', id: isId(message['id']) ? message['id'] : null };
}

/** The message's id when it is one under `isId`, else null. */
export function readableId(text: string, isId: IdRule): string | number | null {
  try {
    const id = (JSON.parse(text) as { id?: unknown } | null)?.id;
    return isId(id) ? id : null;
  } catch {
    return null;
  }
}

const INTERNAL_ERROR = -32603;

/** The longest error message a peer may be sent, whatever it put in its request. */
const MAX_ERROR_MESSAGE_LENGTH = 1024;

/** Why `value` is not a valid JSON-RPC 2.0 response, or undefined when it is one. */
export function responseProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const response = value as Record<string, unknown>;
  if (response['jsonrpc'] !== '2.0') return 'jsonrpc is not "2.0"';
  const id = response['id'];
  if (!(id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) {
    return 'bad id';
  }
  const hasResult = Object.hasOwn(response, 'result');
  const hasError = Object.hasOwn(response, 'error');
  if (hasResult === hasError) return 'needs exactly one of result and error';
  if (hasResult) return id === null ? 'a result with id null' : undefined;
  const error = response['error'] as Record<string, unknown> | null;
  if (typeof error !== 'object' || error === null) return 'error is not an object';
  if (!Number.isInteger(error['code'])) return 'error code is not an integer';
  if (typeof error['message'] !== 'string') return 'error message is not a string';
  // The runtime's answer to an exception nobody meant (the fuzz server's handlers throw none):
  // peer input broke something. Deliberate errors (a missing client capability) say what they are.
  if (error['code'] === INTERNAL_ERROR && error['message'] === 'Internal error')
    return 'an unexpected internal error';
  // Peer strings are cut before they go into a message: an answer's text stays small whatever
  // the peer sent (a 200 KB method name once came back whole).
  if (error['message'].length > MAX_ERROR_MESSAGE_LENGTH) {
    return `error message of ${error['message'].length} characters (bound ${MAX_ERROR_MESSAGE_LENGTH})`;
  }
  // Internal failure text must not reach the peer (issue 8, defect 7).
  if (/Maximum call stack|RangeError|TypeError|at .+:\d+:\d+/.test(error['message'])) {
    return `error message leaks internals: ${error['message'].slice(0, 120)}`;
  }
  return undefined;
}

/** Whether `value` is a message a server may send unasked (a request or notification). */
export function isServerMessage(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return message['jsonrpc'] === '2.0' && typeof message['method'] === 'string';
}

/**
 * Checks the responses one message got against what it was owed; returns the problems found.
 * An answer owed to an id must carry that id, or null when the server could not accept it.
 */
export function answerProblems(expected: Expectation, responses: readonly unknown[], copies = 1): string[] {
  const problems: string[] = [];
  for (const response of responses) {
    const problem = responseProblem(response);
    if (problem !== undefined) problems.push(`invalid response (${problem}): ${preview(response)}`);
  }
  if (expected.answer === 'none') {
    if (responses.length > 0) problems.push(`expected no answer, got ${responses.length}`);
    return problems;
  }
  if (responses.length !== copies) {
    problems.push(`expected ${copies} answer(s), got ${responses.length}`);
    return problems;
  }
  for (const response of responses) {
    const id = (response as { id?: unknown }).id;
    const isError = Object.hasOwn(response as object, 'error');
    if (id !== expected.id && !(id === null && isError)) {
      problems.push(`answer id ${preview(id)} does not match ${preview(expected.id)}`);
    }
  }
  return problems;
}

function preview(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return '(not serialisable)';
  }
}
