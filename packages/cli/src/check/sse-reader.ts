/**
 * Reads a Server-Sent Events body (Streamable HTTP answers a POST with one) as the `data` of
 * each event, under a byte cap so a server cannot make the checker buffer without bound.
 * @module
 */

/** The body was larger than the cap. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the answer is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Yields the `data` of each event of `body` (its `data:` lines joined by `\n`), in order. */
export async function* sseData(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let read = 0;
  for await (const chunk of body) {
    read += chunk.byteLength;
    if (read > maxBytes) throw new BodyTooLargeError(maxBytes);
    buffer += decoder.decode(chunk, { stream: true });
    // A trailing \r may be the first half of \r\n: it waits for the next chunk.
    const held = buffer.endsWith('\r') ? '\r' : '';
    const lines = (held === '' ? buffer : buffer.slice(0, -1)).split(/\r\n|\r|\n/);
    // The last piece is a line still arriving.
    buffer = (lines.pop() ?? '') + held;
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      // Comments (`:`), `id:`, `event:` and `retry:` lines say nothing the checks need.
    }
  }
  if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
  if (data.length > 0) yield data.join('\n');
}

/** Reads `body` as text, up to `maxBytes`. */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (body === null) return '';
  const decoder = new TextDecoder();
  let text = '';
  let read = 0;
  for await (const chunk of body) {
    read += chunk.byteLength;
    if (read > maxBytes) throw new BodyTooLargeError(maxBytes);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
