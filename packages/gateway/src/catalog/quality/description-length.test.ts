import { describe, expect, it } from 'vitest';
import {
  descriptionLengthWarnings,
  MAX_DESCRIPTION_CHARS,
  MIN_DESCRIPTION_CHARS,
} from './description-length.js';

const tool = (description: string) => ({
  name: 'list_invoices',
  description,
  inputSchema: { type: 'object' },
});

describe('description length', () => {
  it('warns of a missing, a short and a long description, by code', () => {
    expect(descriptionLengthWarnings(tool('   '))).toEqual([
      {
        code: 'description_missing',
        tool: 'list_invoices',
        message:
          "tool 'list_invoices' has no description: say what it does and when to use it, so a model can choose it",
      },
    ]);
    expect(descriptionLengthWarnings(tool('Lists invoices.')).map((w) => w.code)).toEqual([
      'description_short',
    ]);
    expect(descriptionLengthWarnings(tool('x'.repeat(MAX_DESCRIPTION_CHARS + 1)))[0]).toMatchObject({
      code: 'description_long',
      message: expect.stringContaining(`${MAX_DESCRIPTION_CHARS + 1} characters`),
    });
  });

  it('counts characters, not UTF-16 units or bytes, and accepts the bounds themselves', () => {
    expect(descriptionLengthWarnings(tool('я'.repeat(MIN_DESCRIPTION_CHARS)))).toEqual([]);
    expect(descriptionLengthWarnings(tool('😀'.repeat(MIN_DESCRIPTION_CHARS)))).toEqual([]);
    expect(descriptionLengthWarnings(tool('d'.repeat(MAX_DESCRIPTION_CHARS)))).toEqual([]);
    expect(descriptionLengthWarnings(tool('Выставленные счета клиента')).length).toBe(0);
  });
});
