import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Infer, JsonSchema } from '../schema/types.js';
import { SchemaCompiler } from '../validation/compiler.js';
import { ConfigError } from './errors.js';
import type { Environment } from './expand.js';
import { type LoadedConfig, readConfigFile } from './load.js';
import { parseConfigText } from './parse.js';

/** Node's longest timer delay; a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** How often a reloader re-reads its file: cheap (a read and a hash), and soon enough for a person editing it. */
export const DEFAULT_RELOAD_INTERVAL_MS = 2000;

/** Options of `ConfigReloader`. */
export interface ConfigReloaderOptions<S extends JsonSchema, T = Infer<S>> {
  /** The config file (e.g. `loadConfig(...).source`). */
  source: string;
  /** Schema every new version must match. */
  schema: S;
  /** Variables for `${VAR}`. Default `process.env`. */
  env?: Environment | undefined;
  /** Compiler to use; default a private one. */
  compiler?: SchemaCompiler | undefined;
  /** Poll period in ms, an integer >= 0. Default {@link DEFAULT_RELOAD_INTERVAL_MS}; 0 disables polling (use `watch` or `check()`). */
  intervalMs?: number | undefined;
  /** Also react to `fs.watch` events on the file's directory. Default false. */
  watch?: boolean | undefined;
  /** The already-loaded version, so `start()` does not read the file again. */
  initial?: LoadedConfig<T> | undefined;
  /** A new valid version replaced the current one. */
  onChange?: ((config: T, loaded: LoadedConfig<T>) => void) | undefined;
  /**
   * A new version could not be used (missing file, bad JSON, invalid, or an
   * `onChange` that threw); the last good config stays current. Reported once per
   * distinct content, not on every poll.
   */
  onError?: ((error: Error) => void) | undefined;
}

/** Counters, for diagnostics and tests. */
export interface ReloaderStats {
  /** File reads. */
  reads: number;
  /** Parses (only when the raw content's SHA-256 changed). */
  parses: number;
}

/**
 * Keeps a config file's latest valid version. It re-reads the file every
 * `intervalMs` (and on `fs.watch` events when asked), hashes the raw bytes, and
 * re-parses only when the SHA-256 changed. A new invalid version is reported through
 * `onError` and the last good one is kept: a typo never takes a running server down.
 */
export class ConfigReloader<S extends JsonSchema, T = Infer<S>> {
  readonly #options: ConfigReloaderOptions<S, T>;
  readonly #compiler: SchemaCompiler;
  readonly #stats: ReloaderStats = { reads: 0, parses: 0 };
  #loaded: LoadedConfig<T> | undefined;
  /** Hash (or error text) of the last failure reported, to report each failure once. */
  #lastFailure: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  #watcher: FSWatcher | undefined;
  #inflight: Promise<boolean> | undefined;
  #again = false;
  #running = false;
  #stopped = false;

  /** @throws RangeError for an `intervalMs` that is not an integer >= 0. */
  constructor(options: ConfigReloaderOptions<S, T>) {
    const interval = options.intervalMs;
    // Infinity or more than 2^31 - 1 ms would make Node's setInterval fire every millisecond.
    if (
      interval !== undefined &&
      (!Number.isSafeInteger(interval) || interval < 0 || interval > MAX_TIMER_MS)
    ) {
      throw new RangeError(`intervalMs must be a non-negative integer (0 disables polling), got ${interval}`);
    }
    this.#options = options;
    this.#compiler = options.compiler ?? new SchemaCompiler({ subject: 'config field' });
    this.#loaded = options.initial;
  }

  /** The current valid config, `undefined` before the first successful load. */
  get current(): T | undefined {
    return this.#loaded?.config;
  }

  /** The current config with its source and hash. */
  get loaded(): LoadedConfig<T> | undefined {
    return this.#loaded;
  }

  /** A snapshot of the read/parse counters. */
  get stats(): ReloaderStats {
    return { ...this.#stats };
  }

  /**
   * Loads the file (unless `initial` was given) and starts watching.
   * @throws ConfigError when the first load fails; nothing is started then.
   */
  async start(): Promise<LoadedConfig<T>> {
    if (this.#loaded === undefined) {
      const { raw, sha256 } = await this.#read();
      this.#loaded = { config: this.#parse(raw), source: this.#options.source, sha256 };
    }
    if (this.#running) return this.#loaded;
    this.#running = true;
    this.#stopped = false;
    const interval = this.#options.intervalMs ?? DEFAULT_RELOAD_INTERVAL_MS;
    if (interval > 0) {
      this.#timer = setInterval(() => void this.check(), interval);
      this.#timer.unref();
    }
    if (this.#options.watch === true) this.#startWatching();
    return this.#loaded;
  }

  /** Stops polling and watching. A check already running finishes but reports nothing. */
  stop(): void {
    this.#running = false;
    this.#stopped = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  /**
   * Re-reads the file now. Resolves `true` when a new valid version was applied.
   * Concurrent calls share one read, and one more read follows if asked meanwhile.
   */
  check(): Promise<boolean> {
    if (this.#inflight !== undefined) {
      this.#again = true;
      return this.#inflight;
    }
    const run = async (): Promise<boolean> => {
      let applied = false;
      do {
        this.#again = false;
        applied = (await this.#checkOnce()) || applied;
      } while (this.#again);
      return applied;
    };
    this.#inflight = run().finally(() => {
      this.#inflight = undefined;
    });
    return this.#inflight;
  }

  async #checkOnce(): Promise<boolean> {
    let raw: string;
    let sha256: string;
    try {
      ({ raw, sha256 } = await this.#read());
    } catch (error) {
      this.#fail((error as Error).message, error as Error);
      return false;
    }
    if (sha256 === this.#loaded?.sha256) {
      this.#lastFailure = undefined;
      return false;
    }
    if (sha256 === this.#lastFailure) return false;
    let config: T;
    try {
      config = this.#parse(raw);
    } catch (error) {
      this.#fail(sha256, error as Error);
      return false;
    }
    this.#lastFailure = undefined;
    const loaded = { config, source: this.#options.source, sha256 };
    this.#loaded = loaded;
    if (!this.#stopped) {
      try {
        this.#options.onChange?.(config, loaded);
      } catch (error) {
        this.#options.onError?.(error as Error);
      }
    }
    return true;
  }

  async #read(): Promise<{ raw: string; sha256: string }> {
    this.#stats.reads += 1;
    return readConfigFile(this.#options.source);
  }

  #parse(raw: string): T {
    this.#stats.parses += 1;
    const env = this.#options.env ?? process.env;
    return parseConfigText(raw, this.#options.source, this.#options.schema, this.#compiler, env) as T;
  }

  #fail(key: string, error: Error): void {
    if (key === this.#lastFailure) return;
    this.#lastFailure = key;
    if (this.#stopped) return;
    const reported =
      error instanceof ConfigError
        ? error
        : new ConfigError('ERR_CONFIG_NOT_FOUND', error.message, { cause: error });
    this.#options.onError?.(reported);
  }

  #startWatching(): void {
    const name = basename(this.#options.source);
    try {
      this.#watcher = watch(dirname(this.#options.source), { persistent: false }, (_event, file) => {
        if (file === null || file === name) void this.check();
      });
      // A watcher failure is not fatal: polling (or check()) still sees changes.
      this.#watcher.on('error', () => {
        this.#watcher?.close();
        this.#watcher = undefined;
      });
    } catch {
      this.#watcher = undefined;
    }
  }
}
