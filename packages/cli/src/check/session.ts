import { LATEST_MODERN_PROTOCOL_VERSION, MetaKey } from '@mcpforge/server';
import type { CheckEra, McpTransport, RpcOutcome } from './transport.js';

/** How the checker names itself to the server. */
export const CLIENT_INFO = { name: 'mcpforge-check', version: '0.1.0' } as const;

/** The `_meta` every modern request carries. */
export const MODERN_META = {
  [MetaKey.protocolVersion]: LATEST_MODERN_PROTOCOL_VERSION,
  [MetaKey.clientCapabilities]: {},
  [MetaKey.clientInfo]: CLIENT_INFO,
} as const;

/** Extra routing information of a `tools/call`. */
export interface CallRouting {
  name?: string | undefined;
  headerParams?: Readonly<Record<string, string | number | boolean>> | undefined;
}

/**
 * Requests in one era over one transport, each under the step timeout; modern ones get the
 * `_meta` keys. Once the server is gone (`failed`), it stays gone: later requests are not sent.
 */
export class CheckSession {
  #gone: string | undefined;

  constructor(
    readonly transport: McpTransport,
    readonly era: CheckEra,
    readonly timeoutMs: number,
  ) {}

  /** Why the server is gone, once it is. */
  get gone(): string | undefined {
    return this.#gone;
  }

  async request(
    method: string,
    params: Record<string, unknown> = {},
    routing: CallRouting = {},
  ): Promise<RpcOutcome> {
    if (this.#gone !== undefined) return { kind: 'failed', reason: this.#gone };
    const sent =
      this.era === 'modern'
        ? { ...params, _meta: { ...((params['_meta'] as object | undefined) ?? {}), ...MODERN_META } }
        : params;
    const outcome = await this.transport.request(method, sent, {
      timeoutMs: this.timeoutMs,
      era: this.era,
      ...routing,
    });
    if (outcome.kind === 'failed') this.#gone = outcome.reason;
    return outcome;
  }

  notify(method: string, params: Record<string, unknown> = {}): Promise<string | undefined> {
    return this.transport.notify(method, params, { timeoutMs: this.timeoutMs, era: this.era });
  }
}
