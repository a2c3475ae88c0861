import { describe, expect, it } from 'vitest';
import { createHttpHandler } from './handler.js';
import { type HttpWarning, MAX_WARNED_VALUE_LENGTH, MAX_WARNED_VALUES } from './http-warning.js';
import { fixtureServer } from './test-support/fixture-server.js';
import { modernHeaders, modernMeta } from './test-support/serve.js';

const handler = createHttpHandler(fixtureServer(), { keepAliveMs: 0 });

/** A modern `tools/call` of the fixture's `progress` tool (which streams when it may). */
function call(headers: Record<string, string>, name = 'echo'): Promise<Response> {
  return handler.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...modernHeaders('tools/call', name), host: 'localhost', ...headers },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name,
          arguments: name === 'echo' ? { text: 'hi' } : {},
          _meta: { ...modernMeta(), progressToken: 'p' },
        },
      }),
    }),
  );
}

describe('Content-Type of a POST', () => {
  it('text/plain carrying "application/json" in a parameter is refused with 415 (CORS-safelisted type)', async () => {
    for (const contentType of [
      'text/plain; x=application/json',
      'text/plain;charset=application/json',
      'application/jsonx',
      'application/json-patch+json',
      'application/json, text/plain',
      'multipart/form-data; boundary=application/json',
      'application/json; charset',
      'application /json',
    ]) {
      const response = await call({ 'content-type': contentType });
      expect(response.status, contentType).toBe(415);
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32600);
    }
  });

  it('application/json is accepted in any case and with parameters', async () => {
    for (const contentType of [
      'APPLICATION/JSON',
      'Application/Json; Charset=UTF-8',
      'application/json;charset="utf-8"',
      ' application/json ',
    ]) {
      const response = await call({ 'content-type': contentType });
      expect(response.status, contentType).toBe(200);
      expect(await response.json()).toMatchObject({ result: { content: [{ text: 'hi' }] } });
    }
  });
});

describe('Accept of a POST', () => {
  it('streams only when text/event-stream is accepted with a weight above 0', async () => {
    const streamed = async (accept: string) =>
      (await call({ accept }, 'progress')).headers.get('content-type') ?? '';
    expect(await streamed('application/json, text/event-stream')).toBe('text/event-stream');
    expect(await streamed('application/json, TEXT/*')).toBe('text/event-stream');
    expect(await streamed('*/*')).toBe('text/event-stream');
    // Substring matches that used to stream:
    expect(await streamed('application/json, text/event-stream;q=0')).toBe('application/json');
    expect(await streamed('application/json, x-text/event-stream-not')).toBe('application/json');
    expect(await streamed('application/json;q=1, */*;q=0')).toBe('application/json');
    expect(await streamed('application/json, text/event-stream;q=2')).toBe('application/json');
  });
});

describe('onWarning', () => {
  function withHost(target: ReturnType<typeof createHttpHandler>, host: string, origin?: string) {
    const headers: Record<string, string> = { ...modernHeaders('tools/list'), host };
    if (origin !== undefined) headers['origin'] = origin;
    return target.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { _meta: modernMeta() },
        }),
      }),
    );
  }

  it('names the fix for a refused Host, once per distinct value', async () => {
    const warnings: HttpWarning[] = [];
    const warned = createHttpHandler(fixtureServer(), { onWarning: (warning) => warnings.push(warning) });
    for (const host of ['10.1.2.3:8080', '10.1.2.3:8080', '[::1]evil.com', 'localhost:1']) {
      await withHost(warned, host);
    }
    await withHost(warned, 'localhost', 'http://evil.example');
    await withHost(warned, 'localhost', 'chrome-extension://x:y');
    expect(warnings).toEqual([
      {
        code: 'HOST_NOT_ALLOWED',
        message:
          'refused Host "10.1.2.3:8080": not in allowed hosts; add "10.1.2.3" to hostValidation.allowedHosts to accept it',
        value: '10.1.2.3:8080',
        host: '10.1.2.3',
      },
      {
        code: 'HOST_INVALID',
        message: 'refused Host "[::1]evil.com": not a valid host[:port]',
        value: '[::1]evil.com',
        host: undefined,
      },
      expect.objectContaining({ code: 'ORIGIN_NOT_ALLOWED', host: 'evil.example' }),
      expect.objectContaining({ code: 'ORIGIN_INVALID', value: 'chrome-extension://x:y' }),
    ]);
    warned.close();
  });

  it('reports at most MAX_WARNED_VALUES distinct values, each cut short, and survives a throwing hook', async () => {
    let calls = 0;
    const warned = createHttpHandler(fixtureServer(), {
      onWarning: (warning) => {
        calls++;
        expect(warning.value?.length).toBeLessThanOrEqual(MAX_WARNED_VALUE_LENGTH + 1);
        throw new Error('the log is down');
      },
    });
    for (let index = 0; index < MAX_WARNED_VALUES + 20; index++) {
      const response = await withHost(warned, `host-${index}-${'x'.repeat(500)}.example`);
      expect(response.status).toBe(403);
    }
    expect(calls).toBe(MAX_WARNED_VALUES);
    warned.close();
  });
});
