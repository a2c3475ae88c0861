import type { Readable, Writable } from 'node:stream';
import { Connection } from '../connection/connection.js';
import type { ConnectionOptions } from '../connection/options.js';
import { ProtocolViolationError } from '../errors/local-error.js';
import { LineDecoder } from '../framing/line-decoder.js';
import { ErrorCode } from '../messages.js';

/**
 * A connection over a readable/writable pair, one JSON message per `\n`-terminated line.
 * Messages sent in the same tick are written with one `write()`; while `write()` reports
 * back-pressure, output waits for the single shared `drain` listener.
 */
export class StreamConnection extends Connection {
  readonly #input: Readable;
  readonly #output: Writable;
  readonly #decoder: LineDecoder;
  #outgoing = '';
  #outgoingSeq = 0;
  #flushScheduled = false;
  #awaitingDrain = false;
  #outputFinished = false;

  readonly #onData = (chunk: Buffer | string): void => {
    for (const line of this.#decoder.push(chunk)) {
      if (this.closed) return;
      if (typeof line === 'string') this.receiveText(line);
      else this.reportProblem(line, oversizeAnswer(line.limit));
    }
  };
  readonly #onInputEnd = (): void => {
    const leftover = this.#decoder.end();
    if (leftover > 0) {
      this.reportProblem(
        new ProtocolViolationError(
          'ERR_TRUNCATED_MESSAGE',
          `Input ended inside a message (${leftover} bytes without a closing newline); dropped`,
        ),
      );
    }
    this.terminate();
  };
  readonly #onInputClose = (): void => this.terminate();
  readonly #onStreamError = (error: Error): void => this.terminate(error);
  readonly #onDrain = (): void => {
    this.#awaitingDrain = false;
    this.#flush();
  };
  readonly #onOutputFinish = (): void => {
    this.#outputFinished = true;
    if (!this.outputReleased) this.#outputEndedOnPurpose();
  };
  readonly #onOutputClose = (): void => {
    if (this.#outputFinished || this.outputReleased) return;
    this.terminate();
  };
  readonly #flushTask = (): void => {
    this.#flushScheduled = false;
    this.#flush();
  };

  constructor(input: Readable, output: Writable, options?: ConnectionOptions) {
    super(options);
    this.#input = input;
    this.#output = output;
    this.#decoder = new LineDecoder(this.options.maxMessageBytes);
    input.on('error', this.#onStreamError);
    output.on('error', this.#onStreamError);
    const finished = alreadyFinished(input, output);
    if (finished) {
      // Closed from the start, reported once listeners had a chance to attach.
      this.terminateLater(finished.error);
      return;
    }
    if (output.writableEnded) this.#outputEndedOnPurpose();
    output.on('drain', this.#onDrain);
    output.on('finish', this.#onOutputFinish);
    output.on('close', this.#onOutputClose);
    input.on('end', this.#onInputEnd);
    input.on('close', this.#onInputClose);
    input.on('data', this.#onData);
  }

  protected override transmit(text: string): void {
    this.#outgoing += `${text}\n`;
    this.#outgoingSeq = this.queuedSeq;
    if (!this.#flushScheduled && !this.#awaitingDrain) {
      this.#flushScheduled = true;
      queueMicrotask(this.#flushTask);
    }
  }

  protected override settleOutput(): void {
    if (this.#outgoing === '') return;
    if (this.#output.writable) {
      // Accepted before the close: written now (Node buffers it even under back-pressure).
      this.#awaitingDrain = false;
      this.#flush();
    } else this.#outgoing = '';
  }

  #flush(): void {
    if (this.#awaitingDrain || this.#outgoing === '' || !this.#output.writable) return;
    const text = this.#outgoing;
    this.#outgoing = '';
    this.handedOffSeq = this.#outgoingSeq;
    if (!this.#output.write(text)) this.#awaitingDrain = true;
  }

  #outputEndedOnPurpose(): void {
    this.#outgoing = '';
    this.stopSending('the output was ended');
  }

  protected override releaseOutput(): void {
    const output = this.#output;
    if (output.writableEnded || output.destroyed) return;
    // What the caller already sent goes out first, then the output ends.
    const text = this.#outgoing;
    this.#outgoing = '';
    this.handedOffSeq = this.#outgoingSeq;
    if (text === '') output.end();
    else output.end(text);
  }

  protected override stopInput(): void {
    const input = this.#input;
    input.off('data', this.#onData);
    input.off('end', this.#onInputEnd);
    input.off('close', this.#onInputClose);
    this.#output.off('drain', this.#onDrain);
    // The 'error' listeners stay (as no-ops once closed) so a later stream error cannot crash the process.
    if (input !== (this.#output as unknown)) input.pause();
  }
}

function oversizeAnswer(limit: number) {
  return {
    jsonrpc: '2.0' as const,
    id: null,
    error: { code: ErrorCode.InvalidRequest, message: `Message exceeds the limit of ${limit} bytes` },
  };
}

/** Whether either stream can no longer carry the connection, and the error that finished it. */
function alreadyFinished(input: Readable, output: Writable): { error: Error | undefined } | undefined {
  const error = (input.errored ?? output.errored) || undefined;
  if (error) return { error };
  if (input.readableEnded || input.destroyed) return { error: undefined };
  if (output.destroyed && !output.writableFinished) return { error: undefined };
  return undefined;
}
