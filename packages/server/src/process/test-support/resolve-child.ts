// Child for run-ts.test.ts: where the shared hooks resolve the workspace packages to.
import type { JsonRpcId } from '@mcpforge/wire';

const id: JsonRpcId = 1;
process.stdout.write(
  `${JSON.stringify({
    id,
    server: import.meta.resolve('@mcpforge/server'),
    wire: import.meta.resolve('@mcpforge/wire'),
  })}\n`,
);
