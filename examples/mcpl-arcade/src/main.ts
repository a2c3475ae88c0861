import { createServer } from 'node:net';
import { fromSocket } from '@mcpforge/wire';
import { createArcade } from './arcade.js';

/**
 * `node dist/main.js` serves stdio for principal `local`; `--tcp <port>` listens on 127.0.0.1
 * (every connection is principal `local`, so a reconnect finds its games).
 */
const arcade = createArcade({ onError: (error) => process.stderr.write(`arcade: ${error.message}\n`) });
const at = process.argv.indexOf('--tcp');
if (at === -1) {
  arcade.serveStdio();
} else {
  const port = Number(process.argv[at + 1] ?? 0);
  const listener = createServer((socket) =>
    arcade.serve(fromSocket(socket, { queueIncoming: false }), 'local'),
  );
  listener.listen(port, '127.0.0.1', () => {
    const address = listener.address();
    process.stdout.write(
      `arcade listening on 127.0.0.1:${typeof address === 'object' && address ? address.port : port}\n`,
    );
  });
}
