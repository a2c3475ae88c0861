/**
 * The few browser globals the console tests' `page.evaluate` callbacks read. The callbacks run in
 * Chromium, but they are type-checked with the Node code, which has no DOM library: declaring
 * these here keeps the DOM types out of every other file of the Node program.
 */
interface PageElement {
  scrollWidth: number;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

/** Read as `(globalThis as unknown as PageGlobals)` inside a callback: it must stand alone there. */
export interface PageGlobals {
  location: { hash: string };
  axe?: { run(context: unknown, options: unknown): Promise<unknown> };
  localStorage: { length: number };
  sessionStorage: { length: number };
  document: { documentElement: PageElement; activeElement: PageElement | null };
}
