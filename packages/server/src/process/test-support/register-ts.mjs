// `node --import <this file> child.ts`: installs ts-hooks.mjs in the child.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
