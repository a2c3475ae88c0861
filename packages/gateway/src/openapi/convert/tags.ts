import { MAX_SECTION_DESCRIPTION_LENGTH, MAX_SECTION_TITLE_LENGTH } from '../../catalog/sections-table.js';
import type { PlannedSection } from './import-plan.js';
import { assignUniqueSlugs } from './naming.js';
import { clampText, plainText, titleText } from './text.js';

/**
 * Tags as sections: slug from the tag name (camelCase split, other runs as `-`, a hash suffix
 * when cut or shared), title the tag name, description the tag's description as plain text.
 * Tags used by operations but not declared are sections too, without a description.
 * @module
 */

/** Sections for the tags, and each tag's section slug. */
export function sectionsOf(
  declared: ReadonlyArray<{ name: string; description: string }>,
  used: Iterable<string>,
): { sections: PlannedSection[]; slugByTag: Map<string, string> } {
  const tags = new Map<string, string>();
  for (const tag of declared) if (!tags.has(tag.name)) tags.set(tag.name, tag.description);
  for (const name of used) if (!tags.has(name)) tags.set(name, '');
  const slugs = assignUniqueSlugs(
    [...tags.keys()].map((name) => ({ key: name, name })),
    'section',
  );
  const sections: PlannedSection[] = [];
  for (const [name, description] of tags) {
    const slug = slugs.get(name) as string;
    sections.push({
      slug,
      title: titleText(name, MAX_SECTION_TITLE_LENGTH) ?? slug,
      description: clampText(plainText(description), MAX_SECTION_DESCRIPTION_LENGTH),
    });
  }
  return { sections, slugByTag: new Map([...tags.keys()].map((name) => [name, slugs.get(name) as string])) };
}
