// Child for run-ts.test.ts: where the shared hooks resolve the workspace packages to.
import type { JsonRpcId } from '@forge/wire';

const id: JsonRpcId = 1;
process.stdout.write(
  `${JSON.stringify({
    id,
    server: import.meta.resolve('@forge/server'),
    wire: import.meta.resolve('@forge/wire'),
  })}\n`,
);
