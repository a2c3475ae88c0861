import type { Dispatcher } from 'undici';
import type { ToolErrorCode } from '../errors/tool-error-table.js';
import { AddressRefusedError } from './guarded-connector.js';

/**
 * One request to an upstream and its answer, read with bounds: one deadline for the whole
 * exchange (connect, headers, body), a byte cap on the body, and the caller's cancellation.
 * It also records how far the request got, which decides what a failure means: before a
 * connected socket took it nothing was sent; after, a POST may have taken effect.
 * @module
 */

/** Response headers by lowercase name. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/** The request as it goes on the wire, after the origin. */
export interface UpstreamRequest {
  method: string;
  /** Path and query, already encoded. */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

/** Bounds of one exchange. */
export interface ExchangeBounds {
  /** From dispatch to the last body byte. */
  timeoutMs: number;
  /** Body bytes read at most; one more fails the exchange. */
  maxResponseBytes: number;
  signal?: AbortSignal | undefined;
}

/**
 * How far an exchange got: `connecting` (queued or connecting: nothing sent), `sent` (a
 * connected socket took the request: it may have reached the upstream), `receiving` (a 2xx
 * status arrived; the body is being read).
 */
export type ExchangePhase = 'connecting' | 'sent' | 'receiving';

/** An answer: for a 2xx status, the whole body; for any other status, no body (it is never used). */
export interface ExchangeResponse {
  kind: 'response';
  status: number;
  headers: ResponseHeaders;
  body: Buffer;
}

/** A failure, with the tool error code it maps to and whether the request may have left. */
export interface ExchangeFailure {
  kind: 'failure';
  code: ToolErrorCode;
  sent: boolean;
  /** For the operator log: the cause's code and text. Never returned to the caller. */
  diagnostic: string;
}

export type ExchangeOutcome = ExchangeResponse | ExchangeFailure;

/** Resolver failures: the name has no address (now). */
const DNS_ERROR_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'EAI_NONAME',
  'ENODATA',
]);
const TLS_ERROR_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/;

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** The tool error code of a failure of an exchange that had reached `phase`. */
export function failureCode(error: unknown, phase: ExchangePhase): ToolErrorCode {
  const code = errorCode(error);
  if (error instanceof AddressRefusedError) return 'upstream_address_refused';
  if (phase === 'connecting') {
    if (DNS_ERROR_CODES.has(code)) return 'upstream_dns_failed';
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return 'upstream_connect_timeout';
    if (TLS_ERROR_CODE.test(code)) return 'upstream_tls_failed';
    return 'upstream_connect_failed';
  }
  if (phase === 'sent') {
    if (code === 'UND_ERR_HEADERS_TIMEOUT') return 'upstream_timeout';
    if (code.startsWith('HPE_') || code === 'UND_ERR_HEADERS_OVERFLOW') return 'upstream_invalid_response';
    return 'upstream_connection_lost';
  }
  return code === 'UND_ERR_BODY_TIMEOUT' ? 'response_timeout' : 'response_interrupted';
}

/** The code of the exchange deadline passing in `phase`. */
function deadlineCode(phase: ExchangePhase): ToolErrorCode {
  if (phase === 'connecting') return 'upstream_connect_timeout';
  return phase === 'sent' ? 'upstream_timeout' : 'response_timeout';
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = errorCode(error);
    return code === '' ? `${error.name}: ${error.message}` : `${code}: ${error.message}`;
  }
  return String(error);
}

/** Why the gateway itself ended an exchange; the reason handed to undici's abort. */
class ExchangeEnded extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ExchangeEnded';
  }
}

function declaredLength(headers: ResponseHeaders): number | undefined {
  const value = headers['content-length'];
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Sends `request` through `dispatcher` and reads the answer within `bounds`. Never rejects:
 * every way the exchange can end is an {@link ExchangeOutcome}. A non-2xx answer resolves at
 * its headers; its body is drained and dropped in the background (so the connection can be
 * reused), within the same deadline and cap.
 */
export function exchange(
  dispatcher: Dispatcher,
  request: UpstreamRequest,
  bounds: ExchangeBounds,
): Promise<ExchangeOutcome> {
  return new Promise<ExchangeOutcome>((resolve) => {
    let phase: ExchangePhase = 'connecting';
    let controller: Dispatcher.DispatchController | undefined;
    let settled = false;
    let finished = false;
    let status = 0;
    let headers: ResponseHeaders = {};
    let received = 0;
    const chunks: Buffer[] = [];

    const end = () => {
      finished = true;
      clearTimeout(timer);
      bounds.signal?.removeEventListener('abort', onAbort);
    };
    const stop = (reason: string) => {
      if (!finished) controller?.abort(new ExchangeEnded(reason));
    };
    const fail = (code: ToolErrorCode, diagnostic: string) => {
      if (settled) return;
      settled = true;
      resolve({ kind: 'failure', code, sent: phase !== 'connecting', diagnostic });
      stop(diagnostic);
      if (controller === undefined) end(); // still queued: the request is dropped when it reaches a socket
    };
    const answer = () => {
      if (settled) return;
      settled = true;
      resolve({ kind: 'response', status, headers, body: Buffer.concat(chunks, received) });
    };
    const onAbort = () => fail('call_cancelled', 'the caller cancelled the call');
    const timer = setTimeout(() => {
      if (settled) stop('the drain of an error body passed the deadline');
      else fail(deadlineCode(phase), `no complete answer within ${bounds.timeoutMs} ms (${phase})`);
      end();
    }, bounds.timeoutMs);

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(requestController) {
        if (finished || settled) {
          requestController.abort(new ExchangeEnded('the call ended before a socket took it'));
          return;
        }
        controller = requestController;
        phase = 'sent';
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        if (statusCode < 200 || settled) return; // 1xx informational answers precede the real one
        status = statusCode;
        headers = responseHeaders;
        if (statusCode >= 300) {
          answer();
          return;
        }
        phase = 'receiving';
        const length = declaredLength(responseHeaders);
        if (length !== undefined && length > bounds.maxResponseBytes) {
          fail('response_too_large', `content-length ${length} over the ${bounds.maxResponseBytes} byte cap`);
        }
      },
      onResponseData(_controller, chunk) {
        received += chunk.length;
        if (received > bounds.maxResponseBytes) {
          if (settled) stop('an error body passed the byte cap');
          else fail('response_too_large', `body passed the ${bounds.maxResponseBytes} byte cap`);
          return;
        }
        if (!settled) chunks.push(chunk);
      },
      onResponseEnd() {
        end();
        answer();
      },
      onResponseError(_controller, error) {
        end();
        fail(failureCode(error, phase), describe(error));
      },
    };

    if (bounds.signal?.aborted === true) {
      onAbort();
      return;
    }
    bounds.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      dispatcher.dispatch(
        {
          path: request.path,
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers,
          body: request.body ?? null,
          headersTimeout: bounds.timeoutMs,
          bodyTimeout: bounds.timeoutMs,
        },
        handler,
      );
    } catch (error) {
      end();
      fail('internal', describe(error));
    }
  });
}
