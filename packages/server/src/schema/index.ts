export type {
  ArrayOptions,
  NumberOptions,
  ObjectOptions,
  ObjectType,
  RecordOptions,
  StringOptions,
} from './builders.js';
export { s } from './builders.js';
export type {
  Infer,
  InferShape,
  JsonSchema,
  OptionalSchema,
  Schema,
  SchemaAnnotations,
  Shape,
} from './types.js';
