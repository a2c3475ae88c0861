import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, vi } from 'vitest';
import { publishAgent } from '../catalog/agent-versions-table.js';
import { updateAgentDraft } from '../catalog/agents-table.js';
import { publishOperation } from '../catalog/operation-versions-table.js';
import { createOperation } from '../catalog/operations-table.js';
import type { Database } from '../store/database.js';
import { frankfurterDraft } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase, describePostgres } from '../test-support/describe-each-database.js';
import {
  type ListeningGateway,
  listenGateway,
  modernRequest,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

/**
 * Catalog refresh (seed 003, issue 13): every replica re-reads the catalogs it serves every
 * `catalogRefreshMs`, and at once when a publish is announced by LISTEN/NOTIFY.
 * @module
 */

/** A long interval: a catalog seen before it elapses came by NOTIFY. */
const LONG_INTERVAL_MS = 60_000;
/** A short interval for the periodic refresh. */
const SHORT_INTERVAL_MS = 400;

/**
 * `db` as a publisher whose notifications are lost (a dropped listening connection, a proxy
 * that strips them): its transactions commit but send no NOTIFY.
 */
function withoutNotify(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'notify') return async () => undefined;
      if (property === 'transaction') {
        return <T>(fn: Parameters<Database['transaction']>[0]) =>
          target.transaction(
            (tx) =>
              fn({
                query: tx.query.bind(tx),
                exec: tx.exec.bind(tx),
                notify: async () => undefined,
              }) as Promise<T>,
          );
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** `db`, recording the text of every statement run on it (not in its transactions). */
function recording(db: Database, statements: string[]): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'query') {
        return (sql: string, params?: readonly unknown[]) => {
          statements.push(sql);
          return target.query(sql, params);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The agent's second version: one more tool, `frankfurter_currencies`. */
async function publishSecondTool(db: Database, seeded: SeededAgent, upstream: TestUpstream): Promise<void> {
  const draft = frankfurterDraft({
    name: 'frankfurter_currencies',
    description: 'Currencies the rates service knows, by ISO 4217 code.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    binding: { method: 'GET', baseUrl: upstream.origin, path: '/v1/currencies', arguments: {} },
  });
  await createOperation(db, seeded.workspace, { slug: 'currencies', draft });
  await publishOperation(db, seeded.workspace, 'currencies');
  await updateAgentDraft(db, seeded.workspace, seeded.agent, { operations: ['latest-rate', 'currencies'] });
  await publishAgent(db, seeded.workspace, seeded.agent);
}

async function listedNames(gateway: ListeningGateway, seeded: SeededAgent): Promise<string[]> {
  const answer = await modernRequest(`${gateway.origin}${seeded.path}`, seeded.key, 'tools/list');
  expect(answer.status).toBe(200);
  return (answer.body.result.tools as Array<{ name: string }>).map((tool) => tool.name).sort();
}

const ONE = ['frankfurter_latest_rate'];
const TWO = ['frankfurter_currencies', 'frankfurter_latest_rate'];

describeEachDatabase('catalog refresh', (fixture) => {
  /** The publisher: on PostgreSQL another pool (another connection than the gateway's). */
  async function publisher(): Promise<Database> {
    return fixture.kind === 'postgres' ? await fixture.connectAgain() : fixture.db();
  }

  it('a publish whose NOTIFY is lost reaches the endpoint by the periodic refresh, within an interval', async () => {
    const upstream = await startUpstream();
    const gateway = await listenGateway(fixture.db(), { catalogRefreshMs: SHORT_INTERVAL_MS });
    try {
      const seeded = await seedAgent(fixture.db(), upstream);
      expect(await listedNames(gateway, seeded)).toEqual(ONE);
      await publishSecondTool(withoutNotify(await publisher()), seeded, upstream);
      await sleep(SHORT_INTERVAL_MS * 1.5);
      expect(await listedNames(gateway, seeded)).toEqual(TWO);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });

  it('the control: with its NOTIFY lost and a long interval, the old catalog is still served', async () => {
    const upstream = await startUpstream();
    const gateway = await listenGateway(fixture.db(), { catalogRefreshMs: LONG_INTERVAL_MS });
    try {
      const seeded = await seedAgent(fixture.db(), upstream);
      expect(await listedNames(gateway, seeded)).toEqual(ONE);
      await publishSecondTool(withoutNotify(await publisher()), seeded, upstream);
      await sleep(SHORT_INTERVAL_MS * 1.5);
      expect(await listedNames(gateway, seeded)).toEqual(ONE);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });

  it('a notified publish reaches the endpoint at once, long before the interval', async () => {
    const upstream = await startUpstream();
    const gateway = await listenGateway(fixture.db(), { catalogRefreshMs: LONG_INTERVAL_MS });
    try {
      const seeded = await seedAgent(fixture.db(), upstream);
      expect(await listedNames(gateway, seeded)).toEqual(ONE);
      await publishSecondTool(await publisher(), seeded, upstream);
      await vi.waitFor(async () => expect(await listedNames(gateway, seeded)).toEqual(TWO), {
        timeout: LONG_INTERVAL_MS / 4,
        interval: 20,
      });
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});

describeEachDatabase('catalog refresh cost', (fixture) => {
  it('a periodic refresh that finds the same revision reads one small row, not the whole catalog again', async () => {
    const upstream = await startUpstream();
    const statements: string[] = [];
    const gateway = await listenGateway(recording(fixture.db(), statements), {
      catalogRefreshMs: SHORT_INTERVAL_MS,
    });
    try {
      const seeded = await seedAgent(fixture.db(), upstream);
      expect(await listedNames(gateway, seeded)).toEqual(ONE);
      const wholeReads = () => statements.filter((sql) => sql.includes('av.catalog,')).length;
      const revisionReads = () =>
        statements.filter((sql) => sql.includes('SELECT av.catalog_revision FROM')).length;
      const whole = wholeReads();
      expect(whole).toBe(1);
      await sleep(SHORT_INTERVAL_MS * 3);
      expect(revisionReads()).toBeGreaterThanOrEqual(1);
      expect(wholeReads()).toBe(whole);
      // A new revision is read whole, once.
      await publishSecondTool(withoutNotify(fixture.db()), seeded, upstream);
      await sleep(SHORT_INTERVAL_MS * 1.5);
      expect(await listedNames(gateway, seeded)).toEqual(TWO);
      expect(wholeReads()).toBe(whole + 1);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});

describePostgres('catalog refresh across replicas', (fixture) => {
  it('two gateways on one database: a publish through one pool reaches both at once by NOTIFY', async () => {
    const upstream = await startUpstream();
    const first = await listenGateway(fixture.db(), { catalogRefreshMs: LONG_INTERVAL_MS });
    const second = await listenGateway(await fixture.connectAgain(), { catalogRefreshMs: LONG_INTERVAL_MS });
    try {
      const seeded = await seedAgent(fixture.db(), upstream);
      expect(await listedNames(first, seeded)).toEqual(ONE);
      expect(await listedNames(second, seeded)).toEqual(ONE);
      await publishSecondTool(await fixture.connectAgain(), seeded, upstream);
      for (const gateway of [first, second]) {
        await vi.waitFor(async () => expect(await listedNames(gateway, seeded)).toEqual(TWO), {
          timeout: LONG_INTERVAL_MS / 4,
          interval: 20,
        });
      }
    } finally {
      await first.close();
      await second.close();
      await upstream.close();
    }
  });
});
