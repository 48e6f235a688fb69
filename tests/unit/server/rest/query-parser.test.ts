import { describe, expect, it } from 'vitest';
import { RestError } from '../../../../src/server/rest/errors';
import { looksLikeFilter, parseFilterValue, parseLogic, parseOrder, parseQuery, parseSelect, parseTreePath } from '../../../../src/server/rest/query-parser';

const field = (name: string) => ({ name, jsonPath: [] });

function parseError(fn: () => unknown): RestError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RestError) return err;
    throw err;
  }
  throw new Error('expected a parse error');
}

describe('select parser', () => {
  it('parses columns, star, aliases, casts and JSON paths', () => {
    expect(parseSelect('*,name,label:title,id::text,meta->a->>b,x:meta->0')).toEqual([
      { kind: 'star' },
      { kind: 'field', field: field('name'), alias: undefined, cast: undefined },
      { kind: 'field', field: field('title'), alias: 'label', cast: undefined },
      { kind: 'field', field: field('id'), alias: undefined, cast: 'text' },
      {
        kind: 'field',
        field: { name: 'meta', jsonPath: [{ arrow: '->', key: 'a', isIndex: false }, { arrow: '->>', key: 'b', isIndex: false }] },
        alias: undefined,
        cast: undefined,
      },
      { kind: 'field', field: { name: 'meta', jsonPath: [{ arrow: '->', key: '0', isIndex: true }] }, alias: 'x', cast: undefined },
    ]);
  });

  it('parses nested embeds with alias, hint, !inner and spread', () => {
    expect(parseSelect('id,owner:users!owner_fk!inner(id,name),tasks(*,comments(body)),...org(name)')).toEqual([
      { kind: 'field', field: field('id'), alias: undefined, cast: undefined },
      {
        kind: 'embed',
        name: 'users',
        alias: 'owner',
        hint: 'owner_fk',
        joinType: 'inner',
        spread: false,
        children: [
          { kind: 'field', field: field('id'), alias: undefined, cast: undefined },
          { kind: 'field', field: field('name'), alias: undefined, cast: undefined },
        ],
      },
      {
        kind: 'embed',
        name: 'tasks',
        alias: undefined,
        hint: undefined,
        joinType: undefined,
        spread: false,
        children: [
          { kind: 'star' },
          {
            kind: 'embed',
            name: 'comments',
            alias: undefined,
            hint: undefined,
            joinType: undefined,
            spread: false,
            children: [{ kind: 'field', field: field('body'), alias: undefined, cast: undefined }],
          },
        ],
      },
      { kind: 'embed', name: 'org', hint: undefined, joinType: undefined, spread: true, children: [{ kind: 'field', field: field('name'), alias: undefined, cast: undefined }] },
    ]);
  });

  it('accepts an empty embed, used only to filter', () => {
    expect(parseSelect('id,tasks!inner()')[1]).toMatchObject({ kind: 'embed', name: 'tasks', joinType: 'inner', children: [] });
  });

  it('accepts quoted names with reserved characters', () => {
    expect(parseSelect('"a,b":"weird col"')).toEqual([{ kind: 'field', field: field('weird col'), alias: 'a,b', cast: undefined }]);
  });

  it('rejects malformed select with PGRST100 and a position', () => {
    const err = parseError(() => parseSelect('id,tasks(title'));
    expect(err.status).toBe(400);
    expect(err.code).toBe('PGRST100');
    expect(err.message).toBe('"failed to parse select parameter (id,tasks(title)" (line 1, column 15)');
    expect(err.details).toContain('expecting ")"');
  });

  it('refuses casts that are not a single type name, since they are written into SQL', () => {
    expect(parseError(() => parseSelect('id::text from x')).code).toBe('PGRST100');
    expect(parseError(() => parseSelect('id::int4);drop')).code).toBe('PGRST100');
  });
});

describe('filter parser', () => {
  it('parses simple operators with the rest of the value verbatim', () => {
    expect(parseFilterValue(field('a'), 'eq.x.y,z')).toEqual({ field: field('a'), negated: false, operation: { kind: 'op', op: 'eq', value: 'x.y,z' } });
    for (const op of ['neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'cs', 'cd', 'ov', 'isdistinct']) {
      expect(parseFilterValue(field('a'), `${op}.1`).operation).toEqual({ kind: 'op', op, value: '1' });
    }
  });

  it('parses not., in lists with quoting, is, quantifiers and full-text search', () => {
    expect(parseFilterValue(field('a'), 'not.in.(1,"b,c","d\\"e",)')).toEqual({
      field: field('a'),
      negated: true,
      operation: { kind: 'in', values: ['1', 'b,c', 'd"e', ''] },
    });
    expect(parseFilterValue(field('a'), 'is.NULL').operation).toEqual({ kind: 'is', value: 'null' });
    expect(parseFilterValue(field('a'), 'is.unknown').operation).toEqual({ kind: 'is', value: 'unknown' });
    expect(parseFilterValue(field('a'), 'like(any).{a*,b*}').operation).toEqual({ kind: 'op', op: 'like', quantifier: 'any', value: '{a*,b*}' });
    expect(parseFilterValue(field('a'), 'wfts(english).cat dog').operation).toEqual({ kind: 'fts', op: 'wfts', config: 'english', value: 'cat dog' });
  });

  it('rejects unknown operators and malformed lists', () => {
    const unknown = parseError(() => parseFilterValue(field('a'), 'nope.1'));
    expect(unknown.message).toBe('"failed to parse filter (nope.1)" (line 1, column 1)');
    expect(unknown.details).toBe('unknown single value operator nope');
    expect(parseError(() => parseFilterValue(field('a'), 'in.1,2')).details).toBe('unexpected "1" expecting "("');
    expect(parseError(() => parseFilterValue(field('a'), 'is.maybe')).code).toBe('PGRST100');
    expect(parseError(() => parseFilterValue(field('a'), 'eq')).code).toBe('PGRST100');
  });

  it('splits keys into an embed path and a field', () => {
    expect(parseTreePath('tasks.comments.body')).toEqual({ path: ['tasks', 'comments'], field: field('body') });
    expect(parseTreePath('meta->>k')).toEqual({ path: [], field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'k', isIndex: false }] } });
  });

  it('recognises which parameters are filters, like PostgREST', () => {
    expect(looksLikeFilter('eq.1')).toBe(true);
    expect(looksLikeFilter('not.foo')).toBe(true);
    expect(looksLikeFilter('in.(1)')).toBe(true);
    expect(looksLikeFilter('like(any).{a}')).toBe(true);
    expect(looksLikeFilter('fts(english).a')).toBe(true);
    expect(looksLikeFilter('5')).toBe(false);
    expect(looksLikeFilter('hello.world')).toBe(false);
  });
});

describe('logic parser', () => {
  it('parses nested or/and with not and quoted values', () => {
    expect(parseLogic('not.or', '(a.eq.1,and(b.gt.2,c.not.is.null),d.in.(x,y),e.eq."p,q",f.cs.{1,2})')).toEqual({
      path: [],
      value: {
        kind: 'expr',
        negated: true,
        op: 'or',
        children: [
          { kind: 'filter', filter: { field: field('a'), negated: false, operation: { kind: 'op', op: 'eq', value: '1' } } },
          {
            kind: 'expr',
            negated: false,
            op: 'and',
            children: [
              { kind: 'filter', filter: { field: field('b'), negated: false, operation: { kind: 'op', op: 'gt', value: '2' } } },
              { kind: 'filter', filter: { field: field('c'), negated: true, operation: { kind: 'is', value: 'null' } } },
            ],
          },
          { kind: 'filter', filter: { field: field('d'), negated: false, operation: { kind: 'in', values: ['x', 'y'] } } },
          { kind: 'filter', filter: { field: field('e'), negated: false, operation: { kind: 'op', op: 'eq', value: 'p,q' } } },
          { kind: 'filter', filter: { field: field('f'), negated: false, operation: { kind: 'op', op: 'cs', value: '{1,2}' } } },
        ],
      },
    });
  });

  it('keeps the embed path of tasks.or', () => {
    expect(parseLogic('tasks.or', '(a.eq.1)').path).toEqual(['tasks']);
  });

  it('rejects malformed trees', () => {
    expect(parseError(() => parseLogic('or', '(a.eq.1')).code).toBe('PGRST100');
    expect(parseError(() => parseLogic('or', '()')).code).toBe('PGRST100');
    expect(parseError(() => parseLogic('or', '(a.zz.1)')).details).toBe('unknown single value operator zz');
  });
});

describe('order parser', () => {
  it('parses directions, null ordering, JSON paths and related columns', () => {
    expect(parseOrder('a.desc.nullslast,b,c.nullsfirst,meta->>k.asc,owner(name).desc')).toEqual([
      { field: field('a'), direction: 'desc', nulls: 'last' },
      { field: field('b') },
      { field: field('c'), nulls: 'first' },
      { field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'k', isIndex: false }] }, direction: 'asc' },
      { relation: 'owner', field: field('name'), direction: 'desc' },
    ]);
  });

  it('rejects unknown modifiers', () => {
    expect(parseError(() => parseOrder('a.sideways')).code).toBe('PGRST100');
  });
});

describe('whole query string', () => {
  it('sorts parameters into select, filters, logic, order, ranges and rpc arguments', () => {
    const q = parseQuery(
      new URLSearchParams(
        'select=id,tasks(id)&id=gt.1&tasks.done=is.true&or=(a.eq.1,b.eq.2)&order=id.desc&tasks.order=id&limit=5&offset=10&tasks.limit=2&columns=a,b&on_conflict=id&x=5',
      ),
      'rpc-get',
    );
    expect(q.select).toHaveLength(2);
    expect(q.filters.map((f) => [f.path, f.value.field.name])).toEqual([
      [[], 'id'],
      [['tasks'], 'done'],
    ]);
    expect(q.logic).toHaveLength(1);
    expect(q.order.map((o) => o.path)).toEqual([[], ['tasks']]);
    expect(q.ranges.get('')).toEqual({ offset: 10, limit: 5 });
    expect(q.ranges.get('tasks')).toEqual({ offset: 0, limit: 2 });
    expect(q.columns).toEqual(['a', 'b']);
    expect(q.onConflict).toEqual(['id']);
    expect(q.rpcParams).toEqual([['x', '5']]);
  });

  it('on a table, every key that is not reserved is a filter: a value without an operator fails', () => {
    for (const bad of ['x=5', 'id=', 'name=One', 'id=zz.1', 'name=eqq.One']) {
      expect(parseError(() => parseQuery(new URLSearchParams(bad))).code, bad).toBe('PGRST100');
      expect(parseError(() => parseQuery(new URLSearchParams(bad), 'rpc-post')).code, bad).toBe('PGRST100');
    }
  });

  it('treats a dotted key as a filter even when its value has no operator, so bad values fail loudly', () => {
    expect(parseError(() => parseQuery(new URLSearchParams('tasks.id=5'))).code).toBe('PGRST100');
  });

  it('refuses NUL characters, which Postgres cannot take in SQL text', () => {
    expect(parseError(() => parseSelect('id,"a\u0000b"')).details).toBe('unexpected NUL character');
  });

  it('rejects a non-numeric limit', () => {
    expect(parseError(() => parseQuery(new URLSearchParams('limit=ten'))).code).toBe('PGRST100');
  });
});
