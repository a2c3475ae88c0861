import { describe, expect, it } from 'vitest';
import { checkMigrationList, migrationChecksum } from './migration.js';

describe('checkMigrationList', () => {
  it('accepts 0001, 0002, ... with snake_case names', () => {
    expect(() =>
      checkMigrationList([
        { id: '0001_catalog', sql: '' },
        { id: '0002_api_keys', sql: '' },
      ]),
    ).not.toThrow();
    expect(() => checkMigrationList([])).not.toThrow();
  });

  it('names the first id that is malformed or out of sequence', () => {
    expect(() => checkMigrationList([{ id: '0001-catalog', sql: '' }])).toThrow(
      'migration id "0001-catalog"',
    );
    expect(() => checkMigrationList([{ id: '0002_keys', sql: '' }])).toThrow(
      'migration 0002_keys: expected number 0001',
    );
    expect(() =>
      checkMigrationList([
        { id: '0001_a', sql: '' },
        { id: '0001_b', sql: '' },
      ]),
    ).toThrow('migration 0001_b: expected number 0002');
  });
});

it('a migration checksum is the sha256 of its SQL', () => {
  expect(migrationChecksum({ id: '0001_x', sql: '' })).toBe(
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  );
});
