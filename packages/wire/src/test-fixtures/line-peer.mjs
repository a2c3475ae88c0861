// A newline-JSON peer for tests. Answers `echo` with its params, exits on `die` without answering,
// never answers anything else.
import { createInterface } from 'node:readline';

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === 'echo') {
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: message.params })}\n`);
  } else if (message.method === 'die') {
    process.exit(3);
  }
});
