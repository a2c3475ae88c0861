// Child for health.test.ts: `--health` must exit before "started" is printed.
import { health } from '../health.js';

health();
process.stdout.write('started\n');
