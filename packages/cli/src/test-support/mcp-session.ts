/**
 * A minimal MCP client over Streamable HTTP for the CLI's tests: the seed's curl sequence
 * (`initialize`, `notifications/initialized`, `tools/list`, `tools/call`) with fetch.
 * @module
 */

/** A JSON-RPC answer as received. */
export interface RpcAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read into the answer freely
  body: any;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    // The answer is the last `data:` event of the stream.
    const data = text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim());
    return JSON.parse(data[data.length - 1] ?? 'null');
  }
  return JSON.parse(text);
}

/** A legacy-era session on `url` with bearer `key`. */
export class McpSession {
  #id = 1;
  #session: string | undefined;

  constructor(
    readonly url: string,
    readonly key: string,
  ) {}

  async #post(message: object): Promise<RpcAnswer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (this.#session !== undefined) {
      headers['mcp-session-id'] = this.#session;
      headers['mcp-protocol-version'] = '2025-06-18';
    }
    const response = await fetch(this.url, { method: 'POST', headers, body: JSON.stringify(message) });
    return { status: response.status, headers: response.headers, body: await readBody(response) };
  }

  request(method: string, params: object = {}): Promise<RpcAnswer> {
    return this.#post({ jsonrpc: '2.0', id: this.#id++, method, params });
  }

  /** `initialize` then `notifications/initialized`; returns the `initialize` answer. */
  async connect(): Promise<RpcAnswer> {
    const answer = await this.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'mcpforge-cli-test', version: '1.0.0' },
    });
    this.#session = answer.headers.get('mcp-session-id') ?? undefined;
    await this.#post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return answer;
  }
}
