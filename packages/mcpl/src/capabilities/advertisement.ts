import { isPlainObject } from '../manifest/canonical-json.js';
import { CAPABILITY_PATHS, type CapabilityPath, PATHS_NOT_ADVERTISED_IN_MCPL } from './vocabulary.js';

/** The vocabulary as a tree: a member per segment; `path` set where the node is a path itself. */
interface VocabularyNode {
  path?: CapabilityPath;
  children: Map<string, VocabularyNode>;
}

function buildTree(paths: readonly CapabilityPath[]): VocabularyNode {
  const root: VocabularyNode = { children: new Map() };
  for (const path of paths) {
    let node = root;
    for (const segment of path.split('.')) {
      let child = node.children.get(segment);
      if (child === undefined) {
        child = { children: new Map() };
        node.children.set(segment, child);
      }
      node = child;
    }
    node.path = path;
  }
  return root;
}

const ADVERTISABLE = buildTree(
  CAPABILITY_PATHS.filter((path) => !PATHS_NOT_ADVERTISED_IN_MCPL.includes(path)),
);

/**
 * The capability paths an `experimental.mcpl` object advertises (§5.1), by a generic recursive
 * walk of the vocabulary tree: `true` at a node means every path at and below it; an object
 * advertises its node when that node is a path (`inferenceRequest: { streaming: false }` ⇒
 * `inferenceRequest`) and is walked further; `false`, null, absent or any other value means
 * nothing. Unknown members mint nothing, and `tools` never comes from here.
 *
 * An input to the host's grant computation, never an authorisation.
 */
export function advertisedCapabilities(mcpl: unknown): Set<CapabilityPath> {
  const found = new Set<CapabilityPath>();
  if (isPlainObject(mcpl)) walk(mcpl, ADVERTISABLE, found);
  return found;
}

function walk(value: Record<string, unknown>, node: VocabularyNode, found: Set<CapabilityPath>): void {
  for (const [segment, child] of node.children) {
    const member = value[segment];
    if (member === true) addAll(child, found);
    else if (isPlainObject(member)) {
      if (child.path !== undefined) found.add(child.path);
      walk(member, child, found);
    }
  }
}

function addAll(node: VocabularyNode, found: Set<CapabilityPath>): void {
  if (node.path !== undefined) found.add(node.path);
  for (const child of node.children.values()) addAll(child, found);
}

/**
 * `capabilities.experimental.mcpl` of an initialize's `capabilities` (either side), when it is
 * an object; undefined for a plain MCP peer.
 */
export function extractMcpl(capabilities: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(capabilities)) return undefined;
  const experimental = capabilities['experimental'];
  if (!isPlainObject(experimental)) return undefined;
  const mcpl = experimental['mcpl'];
  return isPlainObject(mcpl) ? mcpl : undefined;
}

/**
 * The paths an initialize's `capabilities` advertises: the MCPL walk of `experimental.mcpl`
 * plus `tools` when the outer MCP `capabilities.tools` is present.
 */
export function advertisedCapabilitiesFromInitialize(capabilities: unknown): Set<CapabilityPath> {
  const found = advertisedCapabilities(extractMcpl(capabilities));
  if (isPlainObject(capabilities) && isPlainObject(capabilities['tools'])) found.add('tools');
  return found;
}

/** Whether `mcpl` advertises `inferenceRequest`. */
export function hasInferenceRequest(mcpl: unknown): boolean {
  return advertisedCapabilities(mcpl).has('inferenceRequest');
}

/** Whether `mcpl` advertises streamed `inferenceRequest`. */
export function hasInferenceStreaming(mcpl: unknown): boolean {
  return advertisedCapabilities(mcpl).has('inferenceRequest.streaming');
}
