import { describeFuzz } from './test-support/fuzz-run.js';
import { startStdioPeer } from './test-support/stdio-peer.js';

describeFuzz('stdio (a real process on pipes, run())', startStdioPeer);
