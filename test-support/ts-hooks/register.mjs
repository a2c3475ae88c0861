// `node --import <this file> child.ts`: installs ts-hooks.mjs in the child, so it runs the
// workspace's TypeScript source directly (tests only).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
