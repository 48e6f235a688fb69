import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { viewColumnOrigins, viewForeignKeys } from '../../../../src/server/rest/view-origins';

// pg_rewrite.ev_action of (PostgreSQL 17):
//   create view v_test as select p.id as project_key,
//     (select count(*) from rest_fixture_tasks t where t.project_id = p.id) as n,
//     p.name as "weird name" from rest_fixture_projects p
const evAction = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/view-ev-action.txt'), 'utf8');

describe('view column origins', () => {
  it('maps plain columns of the top-level select to their table columns, skipping computed ones and sub-selects', () => {
    const origins = viewColumnOrigins(evAction);
    expect([...origins.keys()]).toEqual(['project_key', 'weird name']);
    expect(origins.get('project_key')!.attnum).toBe(1);
    expect(origins.get('weird name')!.attnum).toBe(2);
    expect(origins.get('project_key')!.tableOid).toBe(origins.get('weird name')!.tableOid);
  });

  it('returns nothing for text that is not a query tree', () => {
    expect(viewColumnOrigins('garbage').size).toBe(0);
  });
});

describe('view foreign keys', () => {
  const fks = [{ name: 'tasks_project_fkey', table: 'tasks', columns: ['project_id'], refTable: 'projects', refColumns: ['id'] }];

  it('carries a foreign key over to a view exposing all its columns, in both directions', () => {
    const derived = viewForeignKeys(fks, [
      { name: 'project_summary', columns: new Map([['project_key', { table: 'projects', column: 'id' }]]) },
      { name: 'open_tasks', columns: new Map([['pid', { table: 'tasks', column: 'project_id' }]]) },
    ]);
    expect(derived).toEqual([
      { name: 'tasks_project_fkey', table: 'tasks', columns: ['project_id'], refTable: 'project_summary', refColumns: ['project_key'] },
      { name: 'tasks_project_fkey', table: 'open_tasks', columns: ['pid'], refTable: 'projects', refColumns: ['id'] },
    ]);
  });

  it('carries nothing when the view leaves out a key column', () => {
    expect(viewForeignKeys(fks, [{ name: 'names_only', columns: new Map([['name', { table: 'projects', column: 'name' }]]) }])).toEqual([]);
  });
});
