import type { Logger } from './logger.js';

/** What {@link RunOptions.onShutdown} is told. */
export interface ShutdownContext {
  /** Why: `SIGINT`, `SIGTERM`, `input closed` or `transport failed`. */
  reason: string;
  /** Aborts when the hook's grace period is over; the process exits then. */
  signal: AbortSignal;
}

/** A hook run once on shutdown (see `RunOptions.onShutdown`). */
export type ShutdownHook = (context: ShutdownContext) => void | Promise<void>;

/** Awaits `hook` for at most `graceMs`; never throws, so the exit always follows. */
export async function runShutdownHook(
  hook: ShutdownHook | undefined,
  reason: string,
  graceMs: number,
  logger: Logger,
): Promise<void> {
  if (hook === undefined) return;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`onShutdown took longer than ${graceMs} ms`));
      logger.error({ graceMs }, 'onShutdown did not finish within the grace period; exiting anyway');
      resolve();
    }, graceMs);
  });
  try {
    await Promise.race([(async () => hook({ reason, signal: controller.signal }))(), expired]);
  } catch (error) {
    logger.error({ err: error }, 'onShutdown failed');
  } finally {
    clearTimeout(timer);
  }
}
