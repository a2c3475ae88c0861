import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import type { Connection } from '../connection/connection.js';
import type { ConnectionOptions } from '../connection/options.js';
import { StreamConnection } from './stream-connection.js';

/**
 * A connection over a readable/writable pair (e.g. `process.stdin`, `process.stdout`).
 * `close()` ends the output; the input stays the caller's (the connection only stops reading it).
 */
export function fromStreams(input: Readable, output: Writable, options?: ConnectionOptions): Connection {
  return new StreamConnection(input, output, options);
}

/**
 * A connection to a child process over its stdout (input) and stdin (output). It closes when the
 * child's stdout ends or a pipe breaks, and shortly after the child exits (even if a grandchild
 * keeps the pipe open); a spawn failure closes it with that error.
 */
export function fromChildProcess(child: ChildProcess, options?: ConnectionOptions): Connection {
  const { stdout, stdin } = child;
  if (!stdout || !stdin)
    throw new TypeError('fromChildProcess needs a child spawned with piped stdin and stdout');
  return new ChildProcessConnection(child, stdout, stdin, options);
}

/** Lets output already in the pipe be read before an exited child's connection closes. */
const EXIT_GRACE_MS = 100;

class ChildProcessConnection extends StreamConnection {
  constructor(child: ChildProcess, stdout: Readable, stdin: Writable, options?: ConnectionOptions) {
    super(stdout, stdin, options);
    if (this.closed) return;
    const onExit = (): void => {
      setTimeout(() => this.terminate(), EXIT_GRACE_MS).unref();
    };
    const onSpawnError = (error: Error): void => this.terminate(error);
    child.once('exit', onExit);
    // Stays after the close (a no-op then), like the stream 'error' listeners: a spawn failure
    // reported after an early close() must not become an uncaught exception.
    child.on('error', onSpawnError);
    this.once('close', () => child.off('exit', onExit));
    if (child.exitCode !== null || child.signalCode !== null) onExit();
  }
}

/**
 * A connection over a TCP (or IPC) socket. The socket is both input and output; `close()` ends it
 * and destroys it once the end is flushed.
 */
export function fromSocket(socket: Socket, options?: ConnectionOptions): Connection {
  return new SocketConnection(socket, options);
}

class SocketConnection extends StreamConnection {
  readonly #socket: Socket;

  constructor(socket: Socket, options?: ConnectionOptions) {
    super(socket, socket, options);
    this.#socket = socket;
  }

  protected override releaseOutput(): void {
    super.releaseOutput();
    const socket = this.#socket;
    if (socket.destroyed) return;
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  }
}
