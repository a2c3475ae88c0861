import { ConnectionClosedError, fromStreams } from '@mcpforge/wire';

const connection = fromStreams(process.stdin, process.stdout);
connection.on('error', (error) => console.error('wire:', error.message));

try {
  for (;;) {
    const message = await connection.nextMessage();
    if ('id' in message) connection.respond(message.id, { echoed: message.params ?? null });
  }
} catch (error) {
  if (!(error instanceof ConnectionClosedError)) throw error;
} finally {
  connection.close(); // ends stdout once; stdin stays this program's
}
