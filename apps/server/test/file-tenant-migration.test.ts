import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { serverPath } from '../src/paths.js';

/**
 * The migration that gives every stored file its tenant (issue 26, item 4), run on a database that
 * holds files from before it: the migrations up to the one before, some rows, then the rest.
 */

const folder = mkdtempSync(join(tmpdir(), 'cellsight-migration-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The committed migrations up to (not including) `tag`, in a folder of their own. */
const migrationsBefore = (tag: string): string => {
  const target = join(folder, 'before');
  cpSync(serverPath('drizzle'), target, { recursive: true });
  const journalFile = join(target, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at, `migration ${tag}`).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return target;
};

describe('the migration that files uploads under tenants', () => {
  it('gives an attachment its ticket’s tenant, any other file its uploader’s first active tenant, and an orphan the first tenant', async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore('0034_file_tenant') });
      await client.exec(`
        insert into sys_tenant (id, name, status) values (3, 'Three', 1), (5, 'Five', 1), (7, 'Frozen', 0);
        insert into sys_user (id, username, realname, password_hash) values ('u-two', 'two', 'Two', 'x'), ('u-frozen', 'frozen', 'Frozen', 'x');
        insert into sys_user_tenant (user_id, tenant_id) values ('u-two', 3), ('u-two', 5), ('u-frozen', 7), ('u-frozen', 5);
        insert into tb_ticket (id, tenant_id, order_no, title, category, station_id, contact, contact_mobile, description, submitter_id, attachments)
          values ('t-1', 5, 'WO1', 'T', 'defect', 's', 'c', '1', 'd', 'u-two', '["ticket/20260101/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png"]');
        insert into tb_ticket_entry (id, ticket_id, content, attachments, author_id) values ('e-1', 't-1', 'r', '["ticket/20260101/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png"]', 'u-two');
        insert into sys_file (id, path, biz, size, user_id) values
          ('f-ticket', 'ticket/20260101/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', 'ticket', 1, 'u-two'),
          ('f-reply', 'ticket/20260101/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png', 'ticket', 1, 'u-two'),
          ('f-avatar', 'avatar/20260101/cccccccccccccccccccccccccccccccc.png', 'avatar', 1, 'u-two'),
          ('f-frozen', 'temp/20260101/dddddddddddddddddddddddddddddddd.png', 'temp', 1, 'u-frozen'),
          ('f-orphan', 'temp/20260101/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.png', 'temp', 1, 'u-deleted');
      `);
      await migrate(db, { migrationsFolder: serverPath('drizzle') });
      const { rows } = await client.query<{ id: string; tenant_id: number }>('select id, tenant_id from sys_file order by id');
      expect(Object.fromEntries(rows.map((row) => [row.id, row.tenant_id]))).toEqual({
        'f-avatar': 3,
        'f-frozen': 5,
        // Its uploader is in no tenant: the installation's first.
        'f-orphan': 3,
        'f-reply': 5,
        'f-ticket': 5,
      });
      const column = await client.query<{ is_nullable: string }>(`select is_nullable from information_schema.columns where table_name = 'sys_file' and column_name = 'tenant_id'`);
      expect(column.rows[0]?.is_nullable).toBe('NO');
    } finally {
      await client.close();
    }
  }, 120_000);
});
