import { expect, it } from 'vitest';
import { checkMigrationList, migrationChecksum } from '../migration.js';
import { MIGRATIONS } from './index.js';

/**
 * The checksum of every committed migration. A migration is never edited once committed (a
 * database that applied it refuses the change): when this test fails, restore the migration and
 * add a new one. Add a row here for each new migration.
 */
const COMMITTED: Record<string, string> = {
  '0001_catalog': '6baa3f56445540ea3db430748df0579a9ed297d5a4e27611a02f1827eafaead2',
  '0002_keys': '302d1e8ed75ebc653b652df0960b675af5edd5de1672237edc5727978a2604ac',
  '0003_history': '6390204008185bfc56f5508adb6b39c5bfa3757977781d1406b0a56604a5c532',
  '0004_approvals': 'f5ee00190e1f02fe4d3b20f32e27704ddde2a8bed4340066b9a258562ed82de5',
  '0005_history_approval_outcome': '7a9fe02a1cbcd538041dd368a6ea57b8013afcb474783a9413037bcd23720293',
  '0006_history_without_foreign_keys': 'fb9a87403ed2cc50bcc51d7e178c299ca2518207109ab9b9f1130d83f37da2e4',
  '0007_catalog_metrics': 'ae4d1790669aa4d73cf38eda3717fe36ffe8d6c88a3ed1b6ffc8273ff0d91e06',
  '0008_openapi_import': '405d27d564b4ca1f60509dfbe5d69a36e2c7e26c66f8d27aa17ce8a2adab6141',
  '0009_approval_limits': '39b2e6c87062f385b9d402070d4e11824c2a659ef7d8850eda981c0b074f7088',
  '0010_approval_arguments_dropped': '61305dfb34e47922b7d0a935a5ff45b6471e8d80bd1cf77762522eacaba6182a',
};

it('the gateway migrations are numbered without gaps', () => {
  expect(() => checkMigrationList(MIGRATIONS)).not.toThrow();
});

it('no committed migration was edited, and every migration is pinned here', () => {
  expect(Object.fromEntries(MIGRATIONS.map((m) => [m.id, migrationChecksum(m)]))).toEqual(COMMITTED);
});
