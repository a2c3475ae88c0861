import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { PageGlobals } from './page-globals.js';

/**
 * Test support for the console's browser tests: Debian's Chromium driven by playwright-core
 * (nothing downloads a browser), axe-core run inside the page, and the screenshots the docs show.
 * Only the tests import this file.
 * @module
 */

/** Debian's Chromium; `.ci/run` installs the package when it is missing. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/** Whether the browser tests can run here (they skip, saying why, only when Chromium is missing). */
export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, timeout: 60_000 });
}

const requireHere = createRequire(import.meta.url);
let axeSource: string | undefined;

/** axe-core's serious and critical violations on the page as it is now (`[]` when none). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  axeSource ??= await readFile(requireHere.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, not as a <script>: the page's CSP stays as served.
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const page = globalThis as unknown as PageGlobals;
    return (await page.axe?.run(page.document, { resultTypes: ['violations'] })) as AxeResults;
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

/** docs/gateway/console/, where the screenshots go. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../../../docs/gateway/console/', import.meta.url));

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

/** Screenshots of the page at desktop and phone width: `<name>-desktop.png`, `<name>-phone.png`. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}-desktop.png`),
    fullPage: true,
    animations: 'disabled',
  });
  await page.setViewportSize(PHONE);
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}-phone.png`),
    fullPage: true,
    animations: 'disabled',
  });
  await page.setViewportSize(before);
}
