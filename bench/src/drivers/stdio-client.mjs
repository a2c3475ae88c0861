/**
 * A lean newline-JSON client over a child's stdio: lines are split on raw buffers, ids
 * are read straight from the bytes, and requests are built by concatenating a
 * pre-serialised prefix and suffix around the id. Responses are parsed in full only
 * for control requests and for the sample checked at the start of each measurement.
 */

const NEWLINE = 10;
const ID_KEY = Buffer.from('"id":');
const ERROR_KEY = Buffer.from('"error":');
const IS_ERROR_KEY = Buffer.from('"isError":true');
const SLOT_MASK = 0xffff;
/** Control requests use ids above this, load requests below. */
const CONTROL_ID_BASE = 2_000_000_000;

export class StdioClient {
  #stdin;
  #pieces = [];
  #control = new Map();
  #nextControlId = CONTROL_ID_BASE;
  #load = null;
  #closed = false;

  constructor(child) {
    this.#stdin = child.stdin;
    child.stdout.on('data', (chunk) => this.#onData(chunk));
    child.once('exit', () => {
      this.#closed = true;
      for (const { reject } of this.#control.values()) reject(new Error('server exited'));
      this.#control.clear();
      this.#load?.fail(new Error('server exited during the measurement'));
    });
  }

  /** Sends one request line (its id taken from `build(id)`) and resolves with the parsed response. */
  request(build, timeoutMs = 30_000) {
    const id = this.#nextControlId++;
    return new Promise((resolve, reject) => {
      if (this.#closed) return reject(new Error('server exited'));
      const timer = setTimeout(() => {
        this.#control.delete(id);
        reject(new Error(`no response to control request ${id}`));
      }, timeoutMs);
      this.#control.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.#stdin.write(`${build(id)}\n`);
    });
  }

  notify(line) {
    this.#stdin.write(`${line}\n`);
  }

  /**
   * Closed-loop load: keeps `window` requests in flight, each built as
   * `parts.prefix + id + parts.suffix`, for a warm-up then a measured window.
   * `check(response)` validates the first response of the measured window. With
   * `limit`, exactly that many requests are sent (no warm-up, no time limit).
   * `hooks.onMeasureStart/onMeasureEnd` run when the measured window opens and closes.
   */
  load({ parts, window, warmupMs = 0, measureMs = 0, check, limit, hooks }) {
    if (this.#load !== null) throw new Error('a load is already running');
    const { prefix, suffix } = parts;
    const starts = new Float64Array(SLOT_MASK + 1);
    const latencies = [];
    let nextId = 1;
    let inFlight = 0;
    let phase = 'warmup';
    let completed = 0;
    let errors = 0;
    let measureStart = 0;
    let measureEnd = 0;
    let checked = false;
    let out = '';

    return new Promise((resolve, reject) => {
      const issue = () => {
        if (limit !== undefined && nextId > limit) {
          if (phase !== 'drain') {
            phase = 'drain';
            measureEnd = performance.now();
          }
          if (inFlight === 0) finish();
          return;
        }
        const id = nextId++;
        starts[id & SLOT_MASK] = performance.now();
        out += `${prefix}${id}${suffix}\n`;
        inFlight++;
      };
      const finish = () => {
        this.#load = null;
        resolve({ completed, errors, seconds: (measureEnd - measureStart) / 1000, latencies });
      };
      this.#load = {
        onLine: (buf, start, end) => {
          const now = performance.now();
          const id = readId(buf, start, end);
          inFlight--;
          if (phase === 'measure' || limit !== undefined) {
            latencies.push(now - starts[id & SLOT_MASK]);
            completed++;
            if (hasKey(buf, start, end, ERROR_KEY) || hasKey(buf, start, end, IS_ERROR_KEY)) errors++;
            if (!checked) {
              checked = true;
              const problem = check?.(JSON.parse(buf.toString('utf8', start, end)));
              if (problem) this.#load.fail(new Error(`unexpected response: ${problem}`));
            }
          }
          if (phase !== 'drain') issue();
          else if (inFlight === 0) finish();
        },
        flush: () => {
          if (out !== '') {
            this.#stdin.write(out);
            out = '';
          }
        },
        fail: (error) => {
          this.#load = null;
          clearTimeout(warmTimer);
          clearTimeout(endTimer);
          reject(error);
        },
      };
      let warmTimer;
      let endTimer;
      if (limit === undefined) {
        warmTimer = setTimeout(() => {
          phase = 'measure';
          measureStart = performance.now();
          hooks?.onMeasureStart();
        }, warmupMs);
        endTimer = setTimeout(() => {
          phase = 'drain';
          measureEnd = performance.now();
          hooks?.onMeasureEnd();
          if (inFlight === 0) finish();
        }, warmupMs + measureMs);
      } else {
        phase = 'measure';
        measureStart = performance.now();
      }
      for (let i = 0; i < window && phase !== 'drain'; i++) issue();
      this.#load.flush();
    });
  }

  #onData(chunk) {
    let start = 0;
    let newline = chunk.indexOf(NEWLINE);
    if (newline !== -1 && this.#pieces.length > 0) {
      this.#pieces.push(chunk.subarray(0, newline));
      const line = Buffer.concat(this.#pieces);
      this.#pieces = [];
      this.#onLine(line, 0, line.length);
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    while (newline !== -1) {
      if (newline > start) this.#onLine(chunk, start, newline);
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) this.#pieces.push(chunk.subarray(start));
    this.#load?.flush();
  }

  #onLine(buf, start, end) {
    const id = readId(buf, start, end);
    if (id >= CONTROL_ID_BASE) {
      const waiter = this.#control.get(id);
      if (waiter === undefined) return;
      this.#control.delete(id);
      waiter.resolve(JSON.parse(buf.toString('utf8', start, end)));
      return;
    }
    if (id < 0) return; // a notification
    this.#load?.onLine(buf, start, end);
  }
}

/** The numeric id of a response line: the last `"id":` (ids are ours, never in payloads). */
function readId(buf, start, end) {
  const at = buf.lastIndexOf(ID_KEY, end - 1);
  if (at < start) return -1;
  let i = at + ID_KEY.length;
  while (buf[i] === 32) i++;
  let value = 0;
  let digits = 0;
  for (let c = buf[i]; c >= 48 && c <= 57; c = buf[++i]) {
    value = value * 10 + (c - 48);
    digits++;
  }
  return digits === 0 ? -1 : value;
}

/** Whether `key` occurs in the line: searched in the line only, so a chunk of many lines stays linear. */
function hasKey(buf, start, end, key) {
  return buf.subarray(start, end).indexOf(key) !== -1;
}
