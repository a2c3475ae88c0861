export type {
  ArrayOptions,
  NumberOptions,
  ObjectOptions,
  ObjectType,
  RecordOptions,
  StringOptions,
} from './builders.js';
export { s } from './builders.js';
export type { Annotations, Infer, InferShape, JsonSchema, OptionalSchema, Schema, Shape } from './types.js';
