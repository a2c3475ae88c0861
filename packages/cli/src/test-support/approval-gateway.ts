/**
 * A gateway process with a short approval lease, for the crash test:
 * `node --import <register.mjs> approval-gateway.ts` with `DATABASE_URL`, `LEASE_MS` and
 * `SWEEP_MS` in the environment. `mcpforge gateway serve` has `--approval-lease-ms` but no flag
 * for the sweep interval (5 s), which the crash test shortens, so this runs `startGateway` as
 * serve does, with the CLI's logger (pino JSON on stderr), and prints one JSON line `{ "url" }`
 * on stdout. SIGTERM stops it.
 * @module
 */
import { startGateway } from '@mcpforge/gateway';
import { createLogger } from '@mcpforge/server';

const logger = createLogger({ name: 'mcpforge-gateway' });
const running = await startGateway({
  databaseUrl: process.env['DATABASE_URL'],
  listen: { host: '127.0.0.1', port: 0 },
  logger,
  approvals: {
    leaseMs: Number(process.env['LEASE_MS']),
    sweepMs: Number(process.env['SWEEP_MS']),
  },
});
logger.info({ url: running.url }, 'gateway listening');
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
process.on('SIGTERM', () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
