import { expect, it } from 'vitest';
import { createScratchDatabase, START_POSTGRES_HINT } from './postgres-server.js';

it('an unreachable PostgreSQL fails the suite with the command that starts it, never a skip', async () => {
  // Port 1 (tcpmux) has no PostgreSQL: the connection is refused at once.
  const attempt = createScratchDatabase('postgres://postgres@127.0.0.1:1/postgres');
  await expect(attempt).rejects.toThrow('PostgreSQL is not reachable at 127.0.0.1:1');
  await expect(attempt).rejects.toThrow(START_POSTGRES_HINT);
});

it('a scratch database is created empty and dropped afterwards', async () => {
  const scratch = await createScratchDatabase();
  expect(scratch.name).toMatch(/^gw_[0-9a-f]{12}$/);
  expect(new URL(scratch.url).pathname).toBe(`/${scratch.name}`);
  await scratch.drop();
  await scratch.drop();
  const again = createScratchDatabase();
  await (await again).drop();
});
