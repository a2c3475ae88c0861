import { createHash, randomBytes } from 'node:crypto';
import { KEY_TYPE_TAGS, KEY_TYPES, type KeyType } from './key-types.js';

/**
 * The key format: `mcpf_<tag>_<secret><check>`, where `<tag>` is the type (`mcp`, `apr`,
 * `adm`), `<secret>` the base64url of 32 random bytes (43 characters) and `<check>` the
 * base64url of the first 4 bytes of the SHA-256 of everything before it (6 characters). A secret
 * scanner matches {@link KEY_PATTERN} and confirms a find with the check, offline.
 * @module
 */

/** Prefix of every key. */
export const KEY_PREFIX = 'mcpf_';
/** Random bytes per key: 256 bits, so a SHA-256 of the key is a safe stored form. */
export const KEY_SECRET_BYTES = 32;
const SECRET_CHARS = 43;
const CHECK_CHARS = 6;
/** Characters of the secret kept in the listing (`mcpf_mcp_AbCd`): enough to tell keys apart. */
const DISPLAY_SECRET_CHARS = 4;

/** What secret scanners can match: any mcpforge key. */
export const KEY_PATTERN = /\bmcpf_(mcp|apr|adm)_[A-Za-z0-9_-]{49}(?![A-Za-z0-9_-])/;

const PARSE = new RegExp(
  `^mcpf_(mcp|apr|adm)_([A-Za-z0-9_-]{${SECRET_CHARS}})([A-Za-z0-9_-]{${CHECK_CHARS}})$`,
);

function checkOf(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest().subarray(0, 4).toString('base64url');
}

/** A new key of `type`: the full value (shown once) and its stored forms. */
export interface NewKey {
  value: string;
  sha256: string;
  displayPrefix: string;
}

/** Makes a new random key of `type`. */
export function generateKey(type: KeyType): NewKey {
  const body = `${KEY_PREFIX}${KEY_TYPE_TAGS[type]}_${randomBytes(KEY_SECRET_BYTES).toString('base64url')}`;
  const value = `${body}${checkOf(body)}`;
  return {
    value,
    sha256: keySha256(value),
    displayPrefix: value.slice(0, KEY_PREFIX.length + 4 + DISPLAY_SECRET_CHARS),
  };
}

/** The stored form of a key: SHA-256, hex. */
export function keySha256(value: string): string {
  return keyDigest(value).toString('hex');
}

/** The SHA-256 of a key, as bytes. */
export function keyDigest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * The type of a well-formed key with a correct check, or undefined: a typo or a made-up value
 * is refused without a database lookup.
 */
export function parseKey(value: string): KeyType | undefined {
  const match = PARSE.exec(value);
  if (match === null) return undefined;
  const body = value.slice(0, value.length - CHECK_CHARS);
  if (checkOf(body) !== match[3]) return undefined;
  return KEY_TYPES.find((type) => KEY_TYPE_TAGS[type] === match[1]);
}
