import type { LookupFunction } from 'node:net';
import { Pool } from 'undici';
import type { AddressPolicy } from './address-policy.js';
import { guardedConnector } from './guarded-connector.js';

/**
 * One undici `Pool` per upstream origin and address policy. The policy is part of the key
 * because a pooled connection was checked under the policy it was opened with: two workspaces
 * allowing the same origin with different flags must never share a socket.
 * @module
 */

/** How each pool connects and how many sockets it keeps. */
export interface PoolSettings {
  connectTimeoutMs: number;
  connectionsPerOrigin: number;
  keepAliveTimeoutMs: number;
  lookup?: LookupFunction | undefined;
}

function policyKey(policy: AddressPolicy): string {
  return `${Number(policy.allowLoopback)}${Number(policy.allowPrivate)}${Number(policy.allowLinkLocal)}`;
}

/** The pools of one executor. */
export class UpstreamPools {
  readonly #pools = new Map<string, Pool>();
  readonly #settings: PoolSettings;

  constructor(settings: PoolSettings) {
    this.#settings = settings;
  }

  /** The pool for `origin` (`http(s)://host:port`) whose sockets connect only where `policy` permits. */
  get(origin: string, policy: AddressPolicy): Pool {
    const key = `${policyKey(policy)} ${origin}`;
    let pool = this.#pools.get(key);
    if (pool === undefined) {
      const settings = this.#settings;
      pool = new Pool(origin, {
        connections: settings.connectionsPerOrigin,
        keepAliveTimeout: settings.keepAliveTimeoutMs,
        connect: guardedConnector(policy, {
          connectTimeoutMs: settings.connectTimeoutMs,
          lookup: settings.lookup,
        }),
      });
      this.#pools.set(key, pool);
    }
    return pool;
  }

  /** Closes every pool: requests in flight finish, idle sockets close. */
  async close(): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }
}
