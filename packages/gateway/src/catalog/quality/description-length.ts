import { type CatalogWarning, type QualityTool, toolWarning } from './catalog-warning.js';

/** A description shorter than this (in characters, trimmed) gives a model too little to choose the tool by. */
export const MIN_DESCRIPTION_CHARS = 20;
/**
 * A description longer than this costs every request's context more than it helps choose:
 * say what the tool does and when to use it; details belong in the parameters' descriptions.
 */
export const MAX_DESCRIPTION_CHARS = 1024;

/** `description_missing`, `description_short` or `description_long` for `tool`, if any. */
export function descriptionLengthWarnings(tool: QualityTool): CatalogWarning[] {
  const length = [...tool.description.trim()].length;
  if (length === 0) {
    return [
      toolWarning(
        'description_missing',
        tool.name,
        `tool '${tool.name}' has no description: say what it does and when to use it, so a model can choose it`,
      ),
    ];
  }
  if (length < MIN_DESCRIPTION_CHARS) {
    return [
      toolWarning(
        'description_short',
        tool.name,
        `the description of '${tool.name}' has ${length} characters (under ${MIN_DESCRIPTION_CHARS}): say what it does, on what, and when to use it`,
      ),
    ];
  }
  if (length > MAX_DESCRIPTION_CHARS) {
    return [
      toolWarning(
        'description_long',
        tool.name,
        `the description of '${tool.name}' has ${length} characters (over ${MAX_DESCRIPTION_CHARS}): every tools/list pays for it; keep what helps choose the tool and move details to the parameters`,
      ),
    ];
  }
  return [];
}
