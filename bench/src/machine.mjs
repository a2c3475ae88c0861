/** What the numbers were measured on. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

function gitRevision() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

export function describeMachine() {
  const cpus = os.cpus();
  return {
    nproc: os.availableParallelism?.() ?? cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    revision: gitRevision(),
  };
}

export function loadAverage() {
  return os.loadavg().map((value) => Math.round(value * 100) / 100);
}
