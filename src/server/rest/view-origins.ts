import type { ForeignKey } from './schema-cache';

/**
 * Where a view's columns come from, read from its stored query tree (pg_rewrite.ev_action), the
 * way PostgREST finds relationships for views: every output column of the view's top-level
 * SELECT that is a plain table column carries `:resorigtbl <oid> :resorigcol <attnum>`.
 */

export interface ColumnOrigin {
  tableOid: number;
  attnum: number;
}

const entryFields = /:resname (\S+(?:\\ \S*)*) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+) :resjunk (true|false)/g;

/** The view column name → source table column, for the top-level query of a view's `_RETURN` rule. */
export function viewColumnOrigins(evAction: string): Map<string, ColumnOrigin> {
  const origins = new Map<string, ColumnOrigin>();
  const list = topLevelTargetList(evAction);
  if (!list) return origins;
  for (const entry of topLevelNodes(list)) {
    // The entry's own fields follow its expression, so the last match is the entry's (not a sub-select's).
    const matches = [...entry.matchAll(entryFields)];
    const last = matches[matches.length - 1];
    if (!last) continue;
    const [, rawName = '', tbl = '0', col = '0', junk] = last;
    if (junk === 'true' || tbl === '0') continue;
    const name = rawName.replace(/\\(.)/g, '$1');
    if (!origins.has(name)) origins.set(name, { tableOid: Number(tbl), attnum: Number(col) });
  }
  return origins;
}

/** The text of the `:targetList (...)` that belongs to the first (outermost) QUERY node. */
function topLevelTargetList(text: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{' || ch === '(') depth++;
    else if (ch === '}' || ch === ')') depth--;
    else if (depth === 2 && text.startsWith(':targetList (', i)) {
      const start = i + ':targetList '.length;
      const end = matchingClose(text, start);
      return end === undefined ? undefined : text.slice(start + 1, end);
    }
  }
  return undefined;
}

function matchingClose(text: string, openAt: number): number | undefined {
  let depth = 0;
  for (let i = openAt; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{' || ch === '(') depth++;
    else if (ch === '}' || ch === ')') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return undefined;
}

/** The `{...}` nodes directly inside a list's text. */
function topLevelNodes(list: string): string[] {
  const nodes: string[] = [];
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '\\') {
      i++;
      continue;
    }
    if (list[i] === '{') {
      const end = matchingClose(list, i);
      if (end === undefined) break;
      nodes.push(list.slice(i, end + 1));
      i = end;
    }
  }
  return nodes;
}

/**
 * Foreign keys for views: a table's foreign key carries over to a view that exposes all of its
 * columns (in either direction), under the same constraint name, as PostgREST does.
 */
export function viewForeignKeys(
  tableForeignKeys: ForeignKey[],
  views: { name: string; columns: Map<string, { table: string; column: string }> }[],
): ForeignKey[] {
  const derived: ForeignKey[] = [];
  const viewColumnFor = (view: (typeof views)[number], table: string, column: string) => {
    for (const [viewColumn, origin] of view.columns) if (origin.table === table && origin.column === column) return viewColumn;
    return undefined;
  };
  for (const view of views) {
    for (const fk of tableForeignKeys) {
      const childCols = fk.columns.map((c) => viewColumnFor(view, fk.table, c));
      if (childCols.every((c): c is string => c !== undefined)) derived.push({ ...fk, table: view.name, columns: childCols });
      const parentCols = fk.refColumns.map((c) => viewColumnFor(view, fk.refTable, c));
      if (parentCols.every((c): c is string => c !== undefined)) derived.push({ ...fk, refTable: view.name, refColumns: parentCols });
    }
  }
  return derived;
}
