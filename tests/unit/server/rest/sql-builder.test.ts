import { describe, expect, it } from 'vitest';
import { RestError } from '../../../../src/server/rest/errors';
import { buildDelete, buildInsert, buildUpdate } from '../../../../src/server/rest/mutation-builder';
import { parseQuery } from '../../../../src/server/rest/query-parser';
import { buildReadQuery, createContext } from '../../../../src/server/rest/read-builder';
import { buildRpcQuery, requireFunction } from '../../../../src/server/rest/rpc-builder';
import { buildTable, findRelationships, type ColumnInfo, type SchemaCache } from '../../../../src/server/rest/schema-cache';
import { qualified, SqlParams } from '../../../../src/server/rest/sql-fragments';

/** A request body as the handler passes it: parsed value and exact text. */
const json = (value: unknown) => ({ value, text: JSON.stringify(value) });
const col = (name: string, type = 'text', hasDefault = false): ColumnInfo => ({ name, type, nullable: true, hasDefault });

function fixtureCache(): SchemaCache {
  const projects = buildTable('projects', 'table', [col('id', 'bigint', true), col('name'), col('meta', 'jsonb'), col('owner_id', 'uuid', true)], ['id'], [['id']]);
  const tasks = buildTable('tasks', 'table', [col('id', 'bigint', true), col('project_id', 'bigint'), col('reviewer_project_id', 'bigint'), col('title')], ['id'], [['id']]);
  const details = buildTable('project_details', 'table', [col('project_id', 'bigint'), col('notes')], ['project_id'], [['project_id']]);
  return {
    tables: new Map([
      ['projects', projects],
      ['tasks', tasks],
      ['project_details', details],
    ]),
    foreignKeys: [
      { name: 'tasks_project_id_fkey', table: 'tasks', columns: ['project_id'], refTable: 'projects', refColumns: ['id'] },
      { name: 'tasks_reviewer_fkey', table: 'tasks', columns: ['reviewer_project_id'], refTable: 'projects', refColumns: ['id'] },
      { name: 'details_project_fkey', table: 'project_details', columns: ['project_id'], refTable: 'projects', refColumns: ['id'] },
    ],
    functions: new Map([
      ['add', [{ name: 'add', args: [{ name: 'a', type: 'integer', hasDefault: false }, { name: 'b', type: 'integer', hasDefault: true }], returnsSet: false, returns: { kind: 'scalar', type: 'integer' }, volatility: 'immutable' }]],
      ['project_tasks', [{ name: 'project_tasks', args: [{ name: 'p', type: 'bigint', hasDefault: false }], returnsSet: true, returns: { kind: 'composite', table: 'tasks', columns: [col('id', 'bigint'), col('project_id', 'bigint'), col('reviewer_project_id', 'bigint'), col('title')] }, volatility: 'stable' }]],
      ['echo', [{ name: 'echo', args: [{ name: '', type: 'jsonb', hasDefault: false }], returnsSet: false, returns: { kind: 'scalar', type: 'jsonb' }, volatility: 'immutable' }]],
    ]),
  } as SchemaCache;
}

function read(qs: string, cache = fixtureCache(), table = 'projects') {
  const query = parseQuery(new URLSearchParams(qs));
  const t = cache.tables.get(table)!;
  return buildReadQuery(createContext(cache, query, new SqlParams()), { table: t, relationOrigin: t.name, from: qualified(t.name) }, { shape: 'array', stripNulls: false, exactCount: false });
}

function restError(fn: () => unknown): RestError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RestError) return err;
    throw err;
  }
  throw new Error('expected a RestError');
}

describe('read builder', () => {
  it('expands * to the known columns, quoted, and aggregates the page as JSON', () => {
    const { sql, params } = read('select=*');
    expect(sql).toContain('select "t0"."id", "t0"."name", "t0"."meta", "t0"."owner_id" from "public"."projects" "t0"');
    expect(sql).toContain("coalesce(json_agg(pgrst_r), '[]'::json)::text as body");
    expect(params).toEqual([]);
  });

  it('passes every filter value as a bind parameter, never in the SQL text', () => {
    const evil = "x'); drop table projects; --";
    const { sql, params } = read(`select=id&name=eq.${encodeURIComponent(evil)}&id=in.(1,2)&meta->>k=like.a*`);
    expect(sql).not.toContain('drop table');
    expect(sql).toContain('"t0"."name" = $1');
    expect(sql).toContain('"t0"."id" = any($2)');
    expect(sql).toContain('"t0"."meta"->>$3::text like $4');
    expect(params).toEqual([evil, ['1', '2'], 'k', 'a%']);
  });

  it('builds not, is, or/and trees, order and range', () => {
    const { sql, params } = read('select=id&name=not.is.null&or=(id.eq.1,and(name.ilike.*a*,id.gt.5))&order=name.desc.nullslast,id&limit=10&offset=20');
    expect(sql).toContain('not ("t0"."name" is null)');
    expect(sql).toContain('("t0"."id" = $1 or ("t0"."name" ilike $2 and "t0"."id" > $3))');
    expect(sql).toContain('order by "t0"."name" desc nulls last, "t0"."id" asc');
    expect(sql).toContain('limit $4::bigint offset $5::bigint');
    expect(params).toEqual(['1', '%a%', '5', 10, 20]);
  });

  it('refuses unknown columns in select, filters and order with 42703', () => {
    for (const qs of ['select=nope', 'nope=eq.1', 'order=nope', 'or=(nope.eq.1)']) {
      const err = restError(() => read(qs));
      expect(err.status).toBe(400);
      expect(err.code).toBe('42703');
      expect(err.message).toBe('column projects.nope does not exist');
    }
  });

  it('embeds one-to-many as an array and many-to-one as an object', () => {
    const toMany = read('select=name,tasks!tasks_project_id_fkey(title)').sql;
    expect(toMany).toContain('json_agg(pgrst_e) as v');
    expect(toMany).toContain(`coalesce("j1".v, '[]'::json) as "tasks"`);
    expect(toMany).toContain('"t1"."project_id" = "t0"."id"');

    const toOne = read('select=title,owner:projects!tasks_project_id_fkey(name)', fixtureCache(), 'tasks').sql;
    expect(toOne).toContain('row_to_json(pgrst_e) as v');
    expect(toOne).toContain('"j1".v as "owner"');
    expect(toOne).toContain('"t1"."id" = "t0"."project_id"');
  });

  it('embeds by foreign-key column name and treats a unique foreign key as one-to-one', () => {
    expect(read('select=title,project_id(name)', fixtureCache(), 'tasks').sql).toContain('"j1".v as "project_id"');
    const rels = findRelationships(fixtureCache(), 'projects', 'project_details');
    expect(rels.map((r) => r.cardinality)).toEqual(['one-to-one']);
    expect(read('select=name,project_details(notes)').sql).toContain('row_to_json(pgrst_e)');
  });

  it('embeds many-to-many through a junction table whose key is both foreign keys', () => {
    const cache = fixtureCache();
    cache.tables.set('labels', buildTable('labels', 'table', [col('id', 'bigint'), col('name')], ['id'], [['id']]));
    cache.tables.set('task_labels', buildTable('task_labels', 'table', [col('task_id', 'bigint'), col('label_id', 'bigint')], ['task_id', 'label_id'], [['task_id', 'label_id']]));
    cache.foreignKeys.push(
      { name: 'tl_task_fkey', table: 'task_labels', columns: ['task_id'], refTable: 'tasks', refColumns: ['id'] },
      { name: 'tl_label_fkey', table: 'task_labels', columns: ['label_id'], refTable: 'labels', refColumns: ['id'] },
    );
    expect(findRelationships(cache, 'tasks', 'labels').map((r) => r.cardinality)).toEqual(['many-to-many']);
    const { sql } = read('select=title,labels(name)', cache, 'tasks');
    expect(sql).toContain('from "public"."labels" "t1" join "public"."task_labels" "t1_j" on "t1_j"."label_id" = "t1"."id" where "t1_j"."task_id" = "t0"."id"');
    expect(sql).toContain(`coalesce("j1".v, '[]'::json) as "labels"`);
  });

  it('resolves a foreign-key column name to the table even when a view carries the same key', () => {
    const cache = fixtureCache();
    cache.tables.set('project_view', buildTable('project_view', 'view', [col('id', 'bigint'), col('name')], [], []));
    cache.foreignKeys.push({ name: 'tasks_project_id_fkey', table: 'tasks', columns: ['project_id'], refTable: 'project_view', refColumns: ['id'] });
    expect(findRelationships(cache, 'tasks', 'project_id').map((r) => r.target)).toEqual(['projects']);
    expect(findRelationships(cache, 'tasks', 'project_view').map((r) => r.target)).toEqual(['project_view']);
  });

  it('reports ambiguous and missing relationships like PostgREST', () => {
    const ambiguous = restError(() => read('select=name,tasks(title)'));
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.code).toBe('PGRST201');
    expect(ambiguous.hint).toContain("'tasks!tasks_project_id_fkey'");
    const viaColumnHint = read('select=name,tasks!reviewer_project_id(title)').sql;
    expect(viaColumnHint).toContain('"t1"."reviewer_project_id" = "t0"."id"');
    const missing = restError(() => read('select=name,users(id)'));
    expect(missing.status).toBe(400);
    expect(missing.code).toBe('PGRST200');
    expect(missing.message).toBe("Could not find a relationship between 'projects' and 'users' in the schema cache");
  });

  it('applies embedded filters, order and limit inside the embed, and !inner / null filters to the parent', () => {
    const { sql } = read('select=name,t:tasks!tasks_project_id_fkey!inner(title)&t.title=eq.x&t.order=title.desc&t.limit=2');
    const lateral = sql.slice(sql.indexOf('left join lateral'));
    expect(lateral).toContain('"t1"."title" = $1');
    expect(lateral).toContain('order by "t1"."title" desc');
    expect(lateral).toContain('limit $2::bigint');
    expect(sql).toMatch(/where "j1"\.pgrst_exists\) pgrst_r$/);

    const nullFilter = read('select=name,t:tasks!tasks_project_id_fkey(title)&t=is.null').sql;
    expect(nullFilter).toContain('"j1"."pgrst_exists" is null');
  });

  it('counts through inner and null-filtered embeds only, not the ones that just build JSON', () => {
    const cache = fixtureCache();
    const t = cache.tables.get('projects')!;
    const query = parseQuery(new URLSearchParams('select=name,a:tasks!tasks_project_id_fkey(title),b:tasks!tasks_reviewer_fkey!inner(title),d:project_details(notes)&d=not.is.null'));
    const { sql } = buildReadQuery(createContext(cache, query, new SqlParams()), { table: t, relationOrigin: 'projects', from: qualified('projects') }, { shape: 'array', stripNulls: false, exactCount: true });
    const count = sql.slice(sql.indexOf('(select count(*)'), sql.indexOf(') as total'));
    expect(count).not.toContain('"j1"');
    expect(count).toContain('"j2"');
    expect(count).toContain('"j3"');
    expect(count).toContain('where "j2".pgrst_exists and "j3"."pgrst_exists" is not null');
  });

  it('caps the count at the limit + 1 rows for count=estimated, and counts everything otherwise', () => {
    const cache = fixtureCache();
    const t = cache.tables.get('projects')!;
    const build = (countLimit?: number) =>
      buildReadQuery(createContext(cache, parseQuery(new URLSearchParams('select=name&name=eq.x')), new SqlParams()), { table: t, relationOrigin: 'projects', from: qualified('projects') }, {
        shape: 'array',
        stripNulls: false,
        exactCount: true,
        ...(countLimit === undefined ? {} : { countLimit }),
      }).sql;
    expect(build(10_000)).toMatch(/\(select count\(\*\) from \(select 1 from "public"\."projects" "t0" where .* limit 10001\) pgrst_c\) as total/);
    expect(build()).not.toContain('pgrst_c');
  });

  it('orders a capped count like the page, unless the order is an embedded resource\'s column', () => {
    const cache = fixtureCache();
    const t = cache.tables.get('projects')!;
    const build = (search: string) =>
      buildReadQuery(createContext(cache, parseQuery(new URLSearchParams(search)), new SqlParams()), { table: t, relationOrigin: 'projects', from: qualified('projects') }, {
        shape: 'array',
        stripNulls: false,
        exactCount: true,
        countLimit: 1_000,
      }).sql;
    expect(build('select=name&order=name.desc')).toMatch(/\(select count\(\*\) from \(select 1 from "public"\."projects" "t0" order by "t0"\."name" desc[^)]* limit 1001\) pgrst_c\)/);
    expect(build('select=name')).toMatch(/\(select count\(\*\) from \(select 1 from "public"\."projects" "t0" limit 1001\) pgrst_c\)/);
  });

  it('fails with PGRST108 when a filter names an embed that is not selected', () => {
    const err = restError(() => read('select=name&tasks.title=eq.x'));
    expect(err.code).toBe('PGRST108');
    expect(err.message).toBe("'tasks' is not an embedded resource in this request");
  });

  it('counts without the range when an exact count is asked for', () => {
    const cache = fixtureCache();
    const t = cache.tables.get('projects')!;
    const { sql } = buildReadQuery(createContext(cache, parseQuery(new URLSearchParams('id=gt.1&limit=2')), new SqlParams()), { table: t, relationOrigin: 'projects', from: qualified('projects') }, { shape: 'object', stripNulls: true, exactCount: true });
    expect(sql).toContain('(select count(*) from "public"."projects" "t0" where "t0"."id" > $1) as total');
    expect(sql).toContain("coalesce(json_strip_nulls(json_agg(pgrst_r)->0), 'null'::json)::text");
  });
});

describe('mutation builder', () => {
  const cache = fixtureCache();
  const projects = cache.tables.get('projects')!;
  const ctx = (qs = '') => createContext(cache, parseQuery(new URLSearchParams(qs)), new SqlParams());

  it('inserts rows converted by json_populate_record from the body text, passed as one parameter', () => {
    const { statements, countsFromRowCount } = buildInsert(ctx('select=id'), projects, json([{ name: 'a' }, { name: 'b' }]), { missingDefault: false, returning: true, representation: { shape: 'array', stripNulls: false } });
    expect(countsFromRowCount).toBe(false);
    expect(statements).toHaveLength(1);
    expect(statements[0]!.sql).toContain(
      'insert into "public"."projects" as pgrst_t ("name") select pgrst_row."name" from json_array_elements(case when json_typeof($1::json) = \'array\' then $1::json else json_build_array($1::json) end) with ordinality pgrst_el(pgrst_e, pgrst_i) cross join lateral json_populate_record(null::"public"."projects", pgrst_el.pgrst_e) pgrst_row order by pgrst_el.pgrst_i',
    );
    expect(statements[0]!.sql).toContain('returning pgrst_t.*');
    expect(statements[0]!.params[0]).toBe(JSON.stringify([{ name: 'a' }, { name: 'b' }]));
  });

  it('upserts on the primary key or on_conflict, merging or ignoring', () => {
    const merge = buildInsert(ctx(), projects, json([{ id: 1, name: 'a' }]), { missingDefault: false, resolution: 'merge-duplicates', returning: true });
    expect(merge.statements[0]!.sql).toContain('on conflict ("id") do update set "id" = excluded."id", "name" = excluded."name"');
    expect(merge.statements[0]!.sql).toContain('(pgrst_t.xmax = 0) as pgrst_inserted');
    const ignore = buildInsert(ctx(), projects, json([{ name: 'a' }]), { missingDefault: false, resolution: 'ignore-duplicates', onConflict: ['name'], returning: false });
    expect(ignore.statements[0]!.sql).toContain('on conflict ("name") do nothing');
    expect(ignore.statements[0]!.sql).not.toContain('returning');
  });

  it('groups rows by present columns when missing=default, so absent columns get defaults', () => {
    const { statements } = buildInsert(ctx(), projects, json([{ name: 'a', meta: {} }, { name: 'b' }]), { columnsParam: ['name', 'meta'], missingDefault: true, returning: false });
    expect(statements.map((s) => s.sql.match(/pgrst_t \(([^)]*)\) select/)?.[1])).toEqual(['"name", "meta"', '"name"']);
    // Each statement takes the whole body and the positions of its rows.
    expect(statements.map((s) => s.params[1])).toEqual([[1], [2]]);
    expect(statements.every((s) => s.sql.includes('where pgrst_el.pgrst_i = any($2::bigint[])'))).toBe(true);
  });

  it('passes the body text through untouched, so big numbers keep their precision', () => {
    const text = '{"id": 9007199254740993, "name": "big"}';
    const { statements } = buildInsert(ctx(), projects, { value: JSON.parse(text), text }, { missingDefault: false, returning: false });
    expect(statements[0]!.params[0]).toBe(text);
  });

  it('refuses unknown body columns and mismatched keys', () => {
    expect(restError(() => buildInsert(ctx(), projects, json([{ nope: 1 }]), { missingDefault: false, returning: false })).code).toBe('PGRST204');
    const mismatch = restError(() => buildInsert(ctx(), projects, json([{ name: 'a' }, { meta: {} }]), { missingDefault: false, returning: false }));
    expect(mismatch.code).toBe('PGRST102');
    expect(mismatch.message).toBe('All object keys must match');
  });

  it('updates and deletes with the root filters as WHERE', () => {
    const update = buildUpdate(ctx('id=eq.3'), projects, json({ name: 'x' }), { missingDefault: false, returning: true, representation: { shape: 'array', stripNulls: false } })!;
    expect(update.statements[0]!.sql).toContain('update "public"."projects" as "t0" set "name" = pgrst_body."name" from (select * from json_populate_record(null::"public"."projects", $1::json)) pgrst_body where "t0"."id" = $2 returning "t0".*');
    const del = buildDelete(ctx('name=like.a*'), projects, { returning: false });
    expect(del.statements[0]!.sql).toBe('delete from "public"."projects" as "t0" where "t0"."name" like $1');
    expect(del.statements[0]!.params).toEqual(['a%']);
  });

  it('updates nothing for an empty body and picks rows by ctid when limited', () => {
    expect(buildUpdate(ctx(), projects, json({}), { missingDefault: false, returning: false })).toBeUndefined();
    const limited = buildDelete(ctx('order=id.desc&limit=1'), projects, { returning: false, range: { offset: 0, limit: 1 } });
    expect(limited.statements[0]!.sql).toContain('"t0".ctid = any(array(select "t0".ctid from "public"."projects" "t0" order by "t0"."id" desc limit $1::bigint))');
  });
});

describe('rpc builder', () => {
  const cache = fixtureCache();
  const ctx = (qs = '') => createContext(cache, parseQuery(new URLSearchParams(qs)), new SqlParams());

  it('matches overloads by argument names, honouring defaults', () => {
    expect(requireFunction(cache, 'add', ['a'], { singleObject: false, isPost: true }).fn.name).toBe('add');
    const missing = restError(() => requireFunction(cache, 'add', ['b'], { singleObject: false, isPost: true }));
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('PGRST202');
    expect(missing.message).toBe('Could not find the function public.add(b) in the schema cache');
    expect(requireFunction(cache, 'echo', ['anything'], { singleObject: false, isPost: true }).mode).toBe('single');
  });

  it('calls with named arguments converted by json_to_record', () => {
    const call = requireFunction(cache, 'add', ['a', 'b'], { singleObject: false, isPost: true });
    const q = buildRpcQuery(ctx(), call, { values: { a: 1, b: 2 }, text: '{"a":1,"b":2}' }, { shape: 'array', stripNulls: false, exactCount: false });
    expect(q.kind).toBe('scalar');
    expect(q.sql).toContain('to_json("public"."add"("a" := (select pgrst_a."a" from json_to_record($1::json) as pgrst_a("a" integer)), "b" := ');
    expect(q.params).toEqual([JSON.stringify({ a: 1, b: 2 })]);
  });

  it('reads set-returning composite results like a table, with filters', () => {
    const call = requireFunction(cache, 'project_tasks', ['p'], { singleObject: false, isPost: true });
    const q = buildRpcQuery(ctx('select=title&title=eq.x'), call, { values: { p: 1 }, text: '{"p":1}' }, { shape: 'array', stripNulls: false, exactCount: false });
    expect(q.kind).toBe('rows');
    expect(q.sql).toContain('with pgrst_call as materialized (select * from "public"."project_tasks"(');
    expect(q.sql).toContain('select "t0"."title" as "title" from pgrst_call "t0" where "t0"."title" = $2');
  });
});
