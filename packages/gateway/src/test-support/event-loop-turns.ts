/**
 * The most CPU time (ms) the process spent between two turns of its event loop while `work` ran:
 * how long the loop was held at once. CPU, not wall time, so a busy machine that deschedules
 * the process does not count as blocking (every thread's CPU counts: measure work on this one).
 */
export async function longestTurnCpuMs(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = process.cpuUsage();
  let running = true;
  const tick = () => {
    const spent = process.cpuUsage(last);
    longest = Math.max(longest, (spent.user + spent.system) / 1000);
    last = process.cpuUsage();
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work();
  } finally {
    running = false;
  }
  await new Promise((resolve) => setImmediate(resolve));
  return longest;
}
