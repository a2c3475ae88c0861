import type { TestProject } from 'vitest/node';
import { ensureNode22Tools, type Node22Tools } from './node22.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Node 22 test peers (MCP Inspector, conformance suites): `inject('node22Tools')`. */
    node22Tools: Node22Tools;
  }
}

/**
 * Vitest global setup: install the Node 22 test peers of tools/node22 once (a no-op when they
 * match its lock file) and hand their paths to the tests, which run them with that Node 22.
 */
export default function node22BeforeTests(project: TestProject): void {
  project.provide('node22Tools', ensureNode22Tools());
}
