import { DEFAULT_MAX_TASKS } from './task-store.js';

/** How long a task stays retrievable: long enough for a slow client to come back, short enough to free memory. */
export const DEFAULT_TASK_TTL_MS = 600_000;

/** Suggested `tasks/get` polling interval: a human-scale wait without flooding the server. */
export const DEFAULT_TASK_POLL_INTERVAL_MS = 500;

/**
 * Tasks kept live at once (running or waiting for input): the in-memory store's own record cap,
 * so live entries never outnumber the records they belong to.
 */
export const DEFAULT_MAX_LIVE_TASKS = DEFAULT_MAX_TASKS;

/** Node's largest timer delay; a task's expiry timer set longer would fire after 1 ms instead. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The task options a {@link TaskServer} runs with. */
export interface TaskSettings {
  ttlMs: number;
  pollIntervalMs: number;
  maxLive: number;
}

/** The task options as given (all optional). */
export interface TaskSettingsInput {
  taskTtlMs?: number | undefined;
  taskPollIntervalMs?: number | undefined;
  maxLiveTasks?: number | undefined;
}

/**
 * Defaults and checks the task options.
 * @throws RangeError naming the option: a NaN or out-of-range value would silently turn the
 * expiry or the bound off.
 */
export function resolveTaskSettings(options: TaskSettingsInput): TaskSettings {
  const ttlMs = options.taskTtlMs ?? DEFAULT_TASK_TTL_MS;
  const pollIntervalMs = options.taskPollIntervalMs ?? DEFAULT_TASK_POLL_INTERVAL_MS;
  const maxLive = options.maxLiveTasks ?? DEFAULT_MAX_LIVE_TASKS;
  if (!Number.isInteger(ttlMs) || ttlMs <= 0 || ttlMs > MAX_TIMER_MS) {
    throw new RangeError(`taskTtlMs must be an integer from 1 to ${MAX_TIMER_MS} (ms), got ${ttlMs}`);
  }
  if (!Number.isInteger(pollIntervalMs) || pollIntervalMs < 0) {
    throw new RangeError(`taskPollIntervalMs must be an integer >= 0 (ms), got ${pollIntervalMs}`);
  }
  if (!Number.isInteger(maxLive) || maxLive <= 0) {
    throw new RangeError(`maxLiveTasks must be a positive integer, got ${maxLive}`);
  }
  return { ttlMs, pollIntervalMs, maxLive };
}
