/**
 * MCPL content blocks (§10.3, App. B.1): text, image, audio, resource. Images and audio come
 * inline (`data` + `mimeType`) or by reference (`uri`, RFC-005's reference fields).
 */

/** RFC-005 bulk-reference metadata an image, audio or resource block may carry. */
export interface ReferenceFields {
  mimeType?: string | undefined;
  sizeBytes?: number | undefined;
  /** `sha256:<hex>` of the referenced bytes. */
  digest?: string | undefined;
  /** ISO 8601; past it the reference may no longer resolve. */
  expiresAt?: string | undefined;
  name?: string | undefined;
  /** `never`: never inline it in the model's context; `ref`: show a stub. */
  disposition?: 'never' | 'ref' | undefined;
}

export interface TextBlock {
  type: 'text';
  text: string;
}

/** Inline base64 data. */
export interface InlineData {
  data: string;
  mimeType?: string | undefined;
  uri?: undefined;
}

/** A reference to bytes elsewhere. */
export interface ReferencedData extends ReferenceFields {
  uri: string;
  data?: undefined;
}

export type ImageBlock = { type: 'image' } & (InlineData | ReferencedData);
export type AudioBlock = { type: 'audio' } & (InlineData | ReferencedData);

export interface ResourceBlock extends ReferenceFields {
  type: 'resource';
  uri: string;
}

export type ContentBlock = TextBlock | ImageBlock | AudioBlock | ResourceBlock;

/** A text block. */
export function textContent(text: string): TextBlock {
  return { type: 'text', text };
}

/** Content as MCPL accepts it in hooks and injections: a plain string is one text block. */
export function toContentBlocks(content: string | readonly ContentBlock[]): ContentBlock[] {
  return typeof content === 'string' ? [textContent(content)] : [...content];
}

const BLOCK_TYPES: ReadonlySet<string> = new Set(['text', 'image', 'audio', 'resource']);

/** Whether a peer's value has the shape of a content block (the type and its required member). */
export function isContentBlock(value: unknown): value is ContentBlock {
  if (typeof value !== 'object' || value === null) return false;
  const block = value as Record<string, unknown>;
  const type = block['type'];
  if (typeof type !== 'string' || !BLOCK_TYPES.has(type)) return false;
  if (type === 'text') return typeof block['text'] === 'string';
  if (type === 'resource') return typeof block['uri'] === 'string';
  // image/audio: inline XOR referenced
  return (typeof block['data'] === 'string') !== (typeof block['uri'] === 'string');
}
