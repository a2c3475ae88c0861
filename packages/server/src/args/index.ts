export { ArgumentError } from './argument-error.js';
export type { RawArguments } from './arguments.js';
export {
  getBool,
  getInt,
  getIntArray,
  getString,
  getStringArray,
  getStringMap,
  requireString,
} from './arguments.js';
