import { createReadStream } from 'node:fs';
import type { ByteBudget } from './byte-budget.js';
import { OpenApiImportError } from './openapi-import-error.js';

/**
 * Reads a local file, stopping as soon as the budget is spent: a file larger than the cap is
 * never held in memory whole. @throws OpenApiImportError `spec_unreadable`, `spec_too_large`.
 */
export async function readFileWithin(path: string, budget: ByteBudget): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = createReadStream(path);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.take(chunk.length, path);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof OpenApiImportError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new OpenApiImportError('spec_unreadable', `${path}: cannot be read (${reason})`, { cause: error });
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}
