import { SLUG_PATTERN, TOOL_NAME_PATTERN } from '@mcpforge/gateway';
import { describe, expect, it } from 'vitest';
import { DEMO_SEARCH_OPERATIONS, DEMO_SEARCH_SECTIONS } from './search-catalog.js';

const CYRILLIC = /\p{Script=Cyrillic}/u;
const PATH_ARGUMENT = /\{([a-z_]+)\}/g;

describe('the demo search catalog', () => {
  it('has a few dozen operations, each in a known section, with unique slugs and names', () => {
    expect(DEMO_SEARCH_OPERATIONS.length).toBeGreaterThanOrEqual(30);
    expect(DEMO_SEARCH_OPERATIONS.length).toBeLessThanOrEqual(40);
    const sections = new Set(DEMO_SEARCH_SECTIONS.map((section) => section.slug));
    expect(sections.size).toBe(DEMO_SEARCH_SECTIONS.length);
    expect(new Set(DEMO_SEARCH_OPERATIONS.map((op) => op.slug)).size).toBe(DEMO_SEARCH_OPERATIONS.length);
    expect(new Set(DEMO_SEARCH_OPERATIONS.map((op) => op.name)).size).toBe(DEMO_SEARCH_OPERATIONS.length);
    for (const op of DEMO_SEARCH_OPERATIONS) {
      expect(sections.has(op.section), op.slug).toBe(true);
      expect(op.slug).toMatch(SLUG_PATTERN);
      expect(op.name).toMatch(TOOL_NAME_PATTERN);
      expect(op.slug.replaceAll('-', '_')).toBe(op.name);
    }
    for (const section of DEMO_SEARCH_SECTIONS) {
      expect(section.slug).toMatch(SLUG_PATTERN);
      expect(
        DEMO_SEARCH_OPERATIONS.some((op) => op.section === section.slug),
        section.slug,
      ).toBe(true);
    }
  });

  it('writes titles and every description, down to each property, in Russian', () => {
    for (const section of DEMO_SEARCH_SECTIONS) {
      expect(section.title).toMatch(CYRILLIC);
      expect(section.description).toMatch(CYRILLIC);
    }
    for (const op of DEMO_SEARCH_OPERATIONS) {
      expect(op.title, op.slug).toMatch(CYRILLIC);
      expect(op.description, op.slug).toMatch(CYRILLIC);
      for (const [name, property] of Object.entries(op.inputSchema.properties)) {
        expect(property.description, `${op.slug}.${name}`).toMatch(CYRILLIC);
      }
    }
  });

  it('puts every path under /v1/ and makes each path argument a required property', () => {
    const routes = new Set<string>();
    for (const op of DEMO_SEARCH_OPERATIONS) {
      expect(op.path.startsWith('/v1/'), op.slug).toBe(true);
      const route = `${op.method} ${op.path}`;
      expect(routes.has(route), route).toBe(false);
      routes.add(route);
      for (const [, argument] of op.path.matchAll(PATH_ARGUMENT)) {
        expect(Object.keys(op.inputSchema.properties), op.slug).toContain(argument);
        expect(op.inputSchema.required ?? [], op.slug).toContain(argument);
      }
      for (const name of op.inputSchema.required ?? []) {
        expect(Object.keys(op.inputSchema.properties), op.slug).toContain(name);
      }
    }
  });
});
