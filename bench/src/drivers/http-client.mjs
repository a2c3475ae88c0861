/**
 * A lean HTTP/1.1 load driver: raw keep-alive sockets, requests built by string
 * concatenation, one request in flight per connection (like autocannon's default),
 * responses parsed by `ResponseParser`. No undici or http.Agent in the measured path.
 */
import net from 'node:net';
import { ResponseParser } from './http-parser.mjs';

/** One keep-alive connection; reconnects when the server closes it. */
export class HttpConnection {
  #port;
  #path;
  #headers;
  #socket = null;
  #connecting = null;
  #waiter = null;

  /**
   * `path`: where POSTs go (default `/mcp`); `headers`: header lines (each ending in CRLF)
   * sent on every POST of this connection, e.g. an `Authorization` line.
   */
  constructor(port, { path = '/mcp', headers = '' } = {}) {
    this.#port = port;
    this.#path = path;
    this.#headers = headers;
  }

  /** The head of a POST to the connection's path with the given extra header lines (each ending in CRLF). */
  postHead(extraHeaders, contentLength) {
    return `POST ${this.#path} HTTP/1.1\r\nHost: 127.0.0.1:${this.#port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${this.#headers}${extraHeaders}Content-Length: ${contentLength}\r\n\r\n`;
  }

  /** A whole GET request for `path` (a REST call: no body). */
  getRequest(path) {
    return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${this.#port}\r\nAccept: application/json\r\n\r\n`;
  }

  post(extraHeaders, body) {
    return this.exchange(this.postHead(extraHeaders, Buffer.byteLength(body)) + body);
  }

  get(path) {
    return this.exchange(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${this.#port}\r\n\r\n`);
  }

  /** Sends a whole request and calls `done(error, response)`. */
  send(request, done) {
    if (this.#socket === null) {
      this.#connect().then(
        () => this.send(request, done),
        (error) => done(error),
      );
      return;
    }
    this.#waiter = done;
    this.#socket.write(request);
  }

  exchange(request) {
    return new Promise((resolve, reject) =>
      this.send(request, (error, response) => (error ? reject(error) : resolve(response))),
    );
  }

  close() {
    this.#socket?.destroy();
    this.#socket = null;
  }

  #connect() {
    if (this.#connecting !== null) return this.#connecting;
    this.#connecting = new Promise((resolve, reject) => {
      const socket = net.connect(this.#port, '127.0.0.1');
      socket.setNoDelay(true);
      const parser = new ResponseParser((response) => {
        const waiter = this.#waiter;
        this.#waiter = null;
        if (response.headers.connection?.toLowerCase() === 'close') this.#drop(socket);
        waiter?.(null, response);
      });
      socket.on('data', (chunk) => parser.push(chunk));
      socket.once('connect', () => {
        this.#socket = socket;
        this.#connecting = null;
        resolve();
      });
      socket.on('error', (error) => {
        this.#connecting = null;
        reject(error);
        this.#fail(socket, error);
      });
      socket.on('close', () => this.#fail(socket, new Error('connection closed by the server')));
    });
    return this.#connecting;
  }

  #drop(socket) {
    if (this.#socket === socket) this.#socket = null;
    socket.end();
  }

  #fail(socket, error) {
    if (this.#socket === socket) this.#socket = null;
    const waiter = this.#waiter;
    this.#waiter = null;
    waiter?.(error);
  }
}

/**
 * A pool of `connections` keep-alive connections for closed-loop load. `open(connection)`
 * runs once per connection (e.g. an initialize handshake) and returns the extra header
 * lines of that connection's requests. `run()` can be called repeatedly on the same pool.
 */
export class HttpLoad {
  #pool;
  #headerLines;

  constructor(pool, headerLines) {
    this.#pool = pool;
    this.#headerLines = headerLines;
  }

  /** `path` and `headers`: as for {@link HttpConnection}. */
  static async open({ port, connections, open, path, headers }) {
    const pool = [];
    for (let i = 0; i < connections; i++) pool.push(new HttpConnection(port, { path, headers }));
    const headerLines = [];
    // Sequential, so a server is never asked to open many sessions at once.
    for (const connection of pool) headerLines.push(await open(connection));
    return new HttpLoad(pool, headerLines);
  }

  /**
   * One warm-up then one measured window. `body(id)` builds a POST body, or `request(connection,
   * extra, id)` the whole request (a REST GET, say); a response
   * counts as an error unless `ok(response)`; `check(response)` vets the first measured one;
   * `hooks.onMeasureStart/onMeasureEnd` run when the measured window opens and closes.
   */
  run({ body, request, ok, check, warmupMs, measureMs, hooks }) {
    const latencies = [];
    let phase = 'warmup';
    let completed = 0;
    let errors = 0;
    let measureStart = 0;
    let measureEnd = 0;
    let checked = false;
    let nextId = 1;
    let active = this.#pool.length;
    let failure = null;

    return new Promise((resolve, reject) => {
      const settle = () => {
        if (--active > 0) return;
        if (failure !== null) reject(failure);
        else resolve({ completed, errors, seconds: (measureEnd - measureStart) / 1000, latencies });
      };
      const loop = (connection, extra) => {
        if (phase === 'drain' || failure !== null) return settle();
        let wire;
        if (request === undefined) {
          const payload = body(nextId++);
          wire = connection.postHead(extra, payload.length) + payload;
        } else {
          wire = request(connection, extra, nextId++);
        }
        const started = performance.now();
        connection.send(wire, (error, response) => {
          if (error) {
            failure ??= error;
            return settle();
          }
          if (phase === 'measure') {
            latencies.push(performance.now() - started);
            completed++;
            if (!ok(response)) errors++;
            if (!checked) {
              checked = true;
              const problem = check(response);
              if (problem) failure = new Error(`unexpected response: ${problem}`);
            }
          }
          loop(connection, extra);
        });
      };
      setTimeout(() => {
        phase = 'measure';
        measureStart = performance.now();
        hooks?.onMeasureStart();
      }, warmupMs);
      setTimeout(() => {
        phase = 'drain';
        measureEnd = performance.now();
        hooks?.onMeasureEnd();
      }, warmupMs + measureMs);
      for (let i = 0; i < this.#pool.length; i++) loop(this.#pool[i], this.#headerLines[i]);
    });
  }

  close() {
    for (const connection of this.#pool) connection.close();
  }
}
