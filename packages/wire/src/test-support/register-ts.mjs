// `node --import <this file> script.ts`: runs TypeScript that imports `@forge/wire` from source.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
