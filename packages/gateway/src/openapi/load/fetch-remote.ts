import { Agent, request } from 'undici';
import { guardedConnector } from '../../execute/guarded-connector.js';
import type { ByteBudget } from './byte-budget.js';
import { MAX_REMOTE_REDIRECTS, type ResolvedLoadOptions } from './load-options.js';
import { OpenApiImportError } from './openapi-import-error.js';

/**
 * Remote documents, fetched the way the gateway calls upstreams: every connection goes through
 * the SSRF guard (the address checked is the address connected to), the body is read against
 * the byte budget and stops at the cap, and the whole fetch has a deadline. Redirects are
 * followed by hand, at most {@link MAX_REMOTE_REDIRECTS}, each to an http(s) URL and each
 * through the same guard.
 * @module
 */

function failed(url: string, reason: string, cause?: unknown): OpenApiImportError {
  return new OpenApiImportError('remote_fetch_failed', `${url}: ${reason}`, { cause });
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    // undici wraps the connector's refusal; the refusal says which host and address class.
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/** A fetcher of remote documents; close it when the load is done. */
export class RemoteFetcher {
  readonly #options: ResolvedLoadOptions;
  readonly #agent: Agent;

  constructor(options: ResolvedLoadOptions) {
    this.#options = options;
    this.#agent = new Agent({
      connect: guardedConnector(options.addressPolicy, {
        connectTimeoutMs: options.remoteTimeoutMs,
        lookup: options.lookup,
      }),
    });
  }

  /** The body of `url`. @throws OpenApiImportError `remote_fetch_failed`, `spec_too_large`. */
  async fetch(url: string, budget: ByteBudget): Promise<Buffer> {
    const signal = AbortSignal.timeout(this.#options.remoteTimeoutMs);
    let target = url;
    for (let hop = 0; hop <= MAX_REMOTE_REDIRECTS; hop++) {
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(target, {
          dispatcher: this.#agent,
          signal,
          headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5' },
        });
      } catch (error) {
        throw failed(target, describe(error), error);
      }
      const { statusCode, headers, body } = response;
      if (statusCode >= 300 && statusCode < 400 && typeof headers['location'] === 'string') {
        await body.dump();
        const next = new URL(headers['location'], target);
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw failed(target, `redirects to ${next.protocol} URL, only http(s) is fetched`);
        }
        target = next.href;
        continue;
      }
      if (statusCode !== 200) {
        await body.dump();
        throw failed(target, `answered HTTP ${statusCode}`);
      }
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          budget.take(chunk.length, target);
          chunks.push(chunk);
        }
      } catch (error) {
        body.destroy();
        if (error instanceof OpenApiImportError) throw error;
        throw failed(target, describe(error), error);
      }
      return Buffer.concat(chunks);
    }
    throw failed(url, `more than ${MAX_REMOTE_REDIRECTS} redirects`);
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }
}
