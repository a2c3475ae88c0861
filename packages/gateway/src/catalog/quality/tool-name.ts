import { type CatalogWarning, type QualityTool, toolWarning } from './catalog-warning.js';

const HTTP_VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];
/** Words that name no thing and no action on one. */
const GENERIC_WORDS = [
  'action',
  'api',
  'call',
  'data',
  'default',
  'do',
  'endpoint',
  'exec',
  'execute',
  'fn',
  'func',
  'function',
  'handler',
  'method',
  'op',
  'operation',
  'request',
  'resource',
  'route',
  'run',
  'service',
  'test',
  'tool',
];
const EMPTY_WORDS = new Set([...HTTP_VERBS, ...GENERIC_WORDS]);
const VERSION_TAG = /^v\d+$/;
const DIGITS = /^\d+$/;

/**
 * The words of a tool name: split on `_`, `-`, `.`, `/`, spaces and case changes, lower-cased;
 * a version tag (`v2`) stays whole, other letters and digits are split (`op1` → `op`, `1`).
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_./-]+/)
    .filter((word) => word !== '')
    .flatMap((word) => (VERSION_TAG.test(word) ? [word] : (word.match(/\d+|\D+/g) ?? [])));
}

/** Whether `name` says nothing of what the tool does: only HTTP verbs, version tags, digits and generic words. */
export function isUninformativeName(name: string): boolean {
  return nameWords(name).every(
    (word) => EMPTY_WORDS.has(word) || VERSION_TAG.test(word) || DIGITS.test(word),
  );
}

/** `name_uninformative` for a tool named like `op1`, `post_v2` or `endpoint3`. */
export function toolNameWarnings(tool: QualityTool): CatalogWarning[] {
  if (!isUninformativeName(tool.name)) return [];
  return [
    toolWarning(
      'name_uninformative',
      tool.name,
      `the name '${tool.name}' says nothing of what the tool does: name the action and its object, e.g. create_invoice`,
    ),
  ];
}
