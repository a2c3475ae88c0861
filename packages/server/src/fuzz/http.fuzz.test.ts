import { describeFuzz } from './test-support/fuzz-run.js';
import { startHttpPeer } from './test-support/http-peer.js';

describeFuzz('Streamable HTTP (createHttpHandler on node:http, both eras)', startHttpPeer);
