import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from './load-document.js';

const EXAMPLES = fileURLToPath(new URL('../../../../../node_modules/@readme/oas-examples/', import.meta.url));

function examples(): string[] {
  return ['2.0', '3.0', '3.1'].flatMap((version) =>
    ['json', 'yaml'].flatMap((format) => {
      const folder = join(EXAMPLES, version, format);
      return readdirSync(folder)
        .filter((name) => /\.(json|yaml)$/.test(name))
        .map((name) => join(folder, name));
    }),
  );
}

describe('loadOpenApiDocument on @readme/oas-examples', () => {
  it.each(examples())('%s', async (path) => {
    const outcome = await loadOpenApiDocument(path).then(
      (loaded) => ({ ok: true, kind: loaded.specification }),
      (error: { code?: string; message: string }) => ({
        ok: false,
        code: error.code,
        message: error.message,
      }),
    );
    expect(outcome).toMatchObject({ ok: true });
  });
});
