// Child for logger.test.ts: logs at several levels, including secrets.
import { createLogger } from '../logger.js';

const logger = createLogger({ name: 'child', level: 'info', redact: ['request.headers.x-api-key'] });
logger.debug({ step: 'debug-line' }, 'debug message');
logger.info({ step: 'start', token: 'tok-123', nested: { password: 'pw-456' } }, 'hello');
logger.info({ request: { headers: { 'x-api-key': 'key-789', accept: 'json' } } }, 'request');
logger.error({ err: new Error('boom') }, 'failed');
