/** Spawning a bench server in its own child process, and ending it. */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const STDERR_TAIL_BYTES = 8192;

export function serverPath(impl) {
  return fileURLToPath(new URL(`../servers/${impl}.mjs`, import.meta.url));
}

/**
 * Starts `servers/<impl>.mjs <mode>`. The child's stderr is kept (last 8 KiB) for
 * diagnostics rather than shown, so warnings do not interleave with progress.
 */
export function spawnServer(impl, mode, { env = {}, nodeArgs = [] } = {}) {
  return spawnScript(serverPath(impl), [mode], { env, nodeArgs });
}

/** Starts `node <script> ...args` as {@link spawnServer} does (a third-party server's bin, say). */
export function spawnScript(script, args = [], { env = {}, nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
  });
  child.stdin.on('error', () => {});
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    stderrTail: () => stderr,
    /** Closes stdin, then SIGTERM after 1 s, then SIGKILL after 3 s. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      const term = setTimeout(() => child.kill('SIGTERM'), 1000);
      const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(term);
      clearTimeout(kill);
    },
  };
}

/** Waits for the `listening <port>` line an HTTP bench server prints. */
export function waitForPort(server, timeoutMs = 15_000) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error('no "listening" line')), timeoutMs);
    const onData = (chunk) => {
      seen += chunk.toString();
      const match = /listening (\d+)/.exec(seen);
      if (match) {
        cleanup();
        resolve(Number(match[1]));
      }
    };
    const onExit = () => fail(new Error('server exited before listening'));
    function fail(error) {
      cleanup();
      reject(new Error(`${error.message}\n--- server stderr ---\n${server.stderrTail()}`));
    }
    function cleanup() {
      clearTimeout(timer);
      server.child.stdout.off('data', onData);
      server.child.off('exit', onExit);
    }
    server.child.stdout.on('data', onData);
    server.child.once('exit', onExit);
  });
}

/** Resident set size of a process in bytes, from /proc. */
export async function residentBytes(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

let ticksPerSecond;

/** CPU time (user + system) a process has used so far, in microseconds, from /proc. */
export function cpuMicros(pid) {
  ticksPerSecond ??= clockTicks();
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
}

function clockTicks() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}
