// A child whose connection writes to process.stdout until the parent stops reading it, then
// reports on stderr what the connection said. Exits on its own once the connection closed.
import { fromStreams } from '@mcpforge/wire';

const connection = fromStreams(process.stdin, process.stdout);
connection.on('error', (error) => {
  process.stderr.write(`error ${(error as NodeJS.ErrnoException).code ?? error.message}\n`);
});
connection.on('close', () => {
  process.stderr.write('close\n');
  clearInterval(timer);
  connection.close();
});
const timer = setInterval(() => {
  try {
    connection.notify('tick', { pad: 'x'.repeat(4096) });
  } catch (error) {
    process.stderr.write(`send failed ${(error as { code?: string }).code}\n`);
  }
}, 1);
