/** Runs `close` once `signal` aborts (at once when it already has); settles when it is done. */
export function closeWhenAborted(signal: AbortSignal, close: () => Promise<void>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stop = () => close().then(resolve, reject);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}
