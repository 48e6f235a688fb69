/**
 * Writes src/shared/database.types.ts from the catalog of a migrated database, in the
 * format `supabase gen types typescript --schema public` produces (Tables with Row/Insert/Update
 * and Relationships, Views, Functions with Args/Returns, Enums, CompositeTypes and the helper
 * types), so `createClient<Database>()` types every `.from()` and `.rpc()`. The Supabase CLI is
 * a binary this project cannot download; this reads the same catalog it reads.
 */
import type { Queryable } from './queryable';

const SCHEMA = 'public';

interface TypeInfo {
  oid: number;
  typname: string;
  typtype: string;
  typcategory: string;
  typelem: number;
  typbasetype: number;
  typrelid: number;
  nspname: string;
}

interface ColumnRow {
  relname: string;
  relkind: string;
  attname: string;
  atttypid: number;
  attnotnull: boolean;
  atthasdef: boolean;
  attidentity: string;
  attgenerated: string;
}

interface ForeignKeyRow {
  conname: string;
  relname: string;
  columns: string[];
  refname: string;
  refcolumns: string[];
  one_to_one: boolean;
}

interface FunctionRow {
  proname: string;
  proretset: boolean;
  prorettype: number;
  proargtypes: number[];
  proallargtypes: number[] | null;
  proargmodes: string[] | null;
  proargnames: string[] | null;
  pronargdefaults: number;
}

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING = new Set(['text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'bytea', 'inet', 'cidr', 'macaddr', 'citext', 'tsvector', 'money', 'bit', 'varbit', 'xml']);

export async function generateDatabaseTypes(db: Queryable): Promise<string> {
  const types = new Map<number, TypeInfo>();
  for (const row of (
    await db.query<TypeInfo>(
      `select t.oid::int as oid, t.typname, t.typtype, t.typcategory, t.typelem::int as typelem, t.typbasetype::int as typbasetype,
              t.typrelid::int as typrelid, n.nspname
         from pg_type t join pg_namespace n on n.oid = t.typnamespace`,
    )
  ).rows) {
    types.set(row.oid, row);
  }
  const enums = (
    await db.query<{ typname: string; labels: string[] }>(
      `select t.typname, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
         from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
        where n.nspname = $1 group by t.typname order by t.typname`,
      [SCHEMA],
    )
  ).rows;
  const columns = (
    await db.query<ColumnRow>(
      `select c.relname, c.relkind::text as relkind, a.attname, a.atttypid::int as atttypid, a.attnotnull, a.atthasdef,
              a.attidentity::text as attidentity, a.attgenerated::text as attgenerated
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm') and not c.relispartition
        order by c.relname, a.attname`,
      [SCHEMA],
    )
  ).rows;
  const foreignKeys = (
    await db.query<ForeignKeyRow>(
      `select con.conname, c.relname, r.relname as refname,
              (select array_agg(a.attname order by k.ord)::text[] from unnest(con.conkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
              (select array_agg(a.attname order by k.ord)::text[] from unnest(con.confkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as refcolumns,
              exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique
                        and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x) = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
         join pg_class r on r.oid = con.confrelid join pg_namespace rn on rn.oid = r.relnamespace
        where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1 and not c.relispartition
        order by c.relname, con.conname`,
      [SCHEMA],
    )
  ).rows;
  // Columns a BEFORE INSERT trigger assigns (`new.x := ...`, `select ... into new.x`) are optional on insert,
  // as they are to a client: the database fills them.
  const triggerSet = new Map<string, Set<string>>();
  for (const row of (
    await db.query<{ relname: string; prosrc: string }>(
      `select c.relname, p.prosrc from pg_trigger t
         join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace join pg_proc p on p.oid = t.tgfoid
        where n.nspname = $1 and not t.tgisinternal and (t.tgtype & 2) <> 0 and (t.tgtype & 4) <> 0`,
      [SCHEMA],
    )
  ).rows) {
    const set = triggerSet.get(row.relname) ?? new Set<string>();
    for (const match of row.prosrc.matchAll(/\bnew\.(\w+)\s*:=|\binto\s+new\.(\w+)/gi)) set.add((match[1] ?? match[2])!.toLowerCase());
    triggerSet.set(row.relname, set);
  }
  // A text column whose CHECK constraint lists its values (`kind = ANY (ARRAY['a'::text, ...])`)
  // is typed as their union, as an enum would be.
  const checkedValues = new Map<string, string>();
  for (const row of (
    await db.query<{ relname: string; def: string }>(
      `select c.relname, pg_get_constraintdef(con.oid) as def from pg_constraint con
         join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and con.contype = 'c' and cardinality(con.conkey) = 1`,
      [SCHEMA],
    )
  ).rows) {
    const match = /^CHECK \(\(\(?(\w+)\)? = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(row.def);
    if (!match) continue;
    const values = [...match[2]!.matchAll(/'((?:[^']|'')*)'::(?:text|character varying)/g)].map((m) => m[1]!.replace(/''/g, "'"));
    if (values.length > 0) checkedValues.set(`${row.relname}.${match[1]}`, values.map((v) => JSON.stringify(v)).join(' | '));
  }
  const columnType = (relname: string, c: ColumnRow) => checkedValues.get(`${relname}.${c.attname}`) ?? tsType(c.atttypid);
  const functions = (
    await db.query<FunctionRow>(
      `select p.proname, p.proretset, p.prorettype::int as prorettype, p.proargtypes::int[] as proargtypes,
              p.proallargtypes::int[] as proallargtypes, p.proargmodes::text[] as proargmodes, p.proargnames, p.pronargdefaults::int as pronargdefaults
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = $1 and p.prokind = 'f'
          and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
          and not ('internal'::regtype = any (p.proargtypes))
        order by p.proname, p.proargtypes::text`,
      [SCHEMA],
    )
  ).rows;

  const tsType = (oid: number): string => {
    const type = types.get(oid);
    if (!type) return 'unknown';
    if (type.typtype === 'd') return tsType(type.typbasetype);
    if (type.typtype === 'e') return type.nspname === SCHEMA ? `Database["${SCHEMA}"]["Enums"]["${type.typname}"]` : 'string';
    if (type.typcategory === 'A' && type.typelem) return `${tsType(type.typelem)}[]`;
    if (type.typname === 'bool') return 'boolean';
    if (NUMBER.has(type.typname)) return 'number';
    if (STRING.has(type.typname)) return 'string';
    if (type.typname === 'json' || type.typname === 'jsonb') return 'Json';
    if (type.typname === 'void') return 'undefined';
    if (type.typname === 'record') return 'Record<string, unknown>';
    if (type.typrelid) return 'unknown';
    return 'unknown';
  };

  const relations = new Map<string, { kind: string; columns: ColumnRow[] }>();
  for (const column of columns) {
    const relation = relations.get(column.relname) ?? { kind: column.relkind, columns: [] };
    relation.columns.push(column);
    relations.set(column.relname, relation);
  }
  const relationColumns = (relname: string) => relations.get(relname)?.columns ?? [];

  const out: string[] = [];
  const line = (depth: number, text: string) => out.push(`${'  '.repeat(depth)}${text}`);
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

  out.push('export type Json =', '  | string', '  | number', '  | boolean', '  | null', '  | { [key: string]: Json | undefined }', '  | Json[]', '');
  out.push('export type Database = {');
  line(1, `${SCHEMA}: {`);

  line(2, 'Tables: {');
  for (const [name, relation] of relations) {
    if (relation.kind !== 'r' && relation.kind !== 'p') continue;
    line(3, `${key(name)}: {`);
    line(4, 'Row: {');
    for (const c of relation.columns) line(5, `${key(c.attname)}: ${columnType(name, c)}${c.attnotnull ? '' : ' | null'}`);
    line(4, '}');
    for (const mode of ['Insert', 'Update'] as const) {
      line(4, `${mode}: {`);
      for (const c of relation.columns) {
        if (c.attgenerated === 's' || c.attidentity === 'a') {
          line(5, `${key(c.attname)}?: never`);
          continue;
        }
        const optional = mode === 'Update' || !c.attnotnull || c.atthasdef || c.attidentity === 'd' || Boolean(triggerSet.get(name)?.has(c.attname));
        line(5, `${key(c.attname)}${optional ? '?' : ''}: ${columnType(name, c)}${c.attnotnull ? '' : ' | null'}`);
      }
      line(4, '}');
    }
    relationshipsOf(name, 4);
    line(3, '}');
  }
  if (![...relations.values()].some((r) => r.kind === 'r' || r.kind === 'p')) line(3, '[_ in never]: never');
  line(2, '}');

  line(2, 'Views: {');
  const views = [...relations].filter(([, r]) => r.kind === 'v' || r.kind === 'm');
  for (const [name, relation] of views) {
    line(3, `${key(name)}: {`);
    line(4, 'Row: {');
    for (const c of relation.columns) line(5, `${key(c.attname)}: ${tsType(c.atttypid)} | null`);
    line(4, '}');
    relationshipsOf(name, 4);
    line(3, '}');
  }
  if (views.length === 0) line(3, '[_ in never]: never');
  line(2, '}');

  line(2, 'Functions: {');
  const byName = new Map<string, FunctionRow[]>();
  for (const fn of functions) byName.set(fn.proname, [...(byName.get(fn.proname) ?? []), fn]);
  for (const [name, overloads] of byName) {
    const variants = overloads.map((fn) => functionSignature(fn));
    if (variants.length === 1) line(3, `${key(name)}: ${variants[0]}`);
    else {
      line(3, `${key(name)}:`);
      for (const variant of variants) line(4, `| ${variant}`);
    }
  }
  if (byName.size === 0) line(3, '[_ in never]: never');
  line(2, '}');

  line(2, 'Enums: {');
  for (const e of enums) line(3, `${key(e.typname)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`);
  if (enums.length === 0) line(3, '[_ in never]: never');
  line(2, '}');
  line(2, 'CompositeTypes: {');
  line(3, '[_ in never]: never');
  line(2, '}');
  line(1, '}');
  out.push('}', '');
  out.push(HELPERS);
  out.push('export const Constants = {');
  line(1, `${SCHEMA}: {`);
  line(2, 'Enums: {');
  for (const e of enums) line(3, `${key(e.typname)}: [${e.labels.map((l) => JSON.stringify(l)).join(', ')}],`);
  line(2, '},');
  line(1, '},');
  out.push('} as const', '');
  return out.join('\n');

  function relationshipsOf(name: string, depth: number) {
    const fks = foreignKeys.filter((fk) => fk.relname === name);
    if (fks.length === 0) {
      line(depth, 'Relationships: []');
      return;
    }
    line(depth, 'Relationships: [');
    for (const fk of fks) {
      line(depth + 1, '{');
      line(depth + 2, `foreignKeyName: ${JSON.stringify(fk.conname)}`);
      line(depth + 2, `columns: [${fk.columns.map((c) => JSON.stringify(c)).join(', ')}]`);
      line(depth + 2, `isOneToOne: ${fk.one_to_one}`);
      line(depth + 2, `referencedRelation: ${JSON.stringify(fk.refname)}`);
      line(depth + 2, `referencedColumns: [${fk.refcolumns.map((c) => JSON.stringify(c)).join(', ')}]`);
      line(depth + 1, '},');
    }
    line(depth, ']');
  }

  function functionSignature(fn: FunctionRow): string {
    const allTypes = fn.proallargtypes ?? fn.proargtypes;
    const modes = fn.proargmodes ?? allTypes.map(() => 'i');
    const names = fn.proargnames ?? [];
    const inputs: { name: string; type: number }[] = [];
    const outputs: { name: string; type: number }[] = [];
    allTypes.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      const argName = names[i] ?? '';
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name: argName, type });
      if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name: argName, type });
    });
    const firstDefault = inputs.length - fn.pronargdefaults;
    const args =
      inputs.length === 0
        ? 'never'
        : `{ ${inputs.map((arg, i) => `${key(arg.name || `arg${i}`)}${i >= firstDefault ? '?' : ''}: ${tsType(arg.type)}`).join('; ')} }`;
    let returns: string;
    if (outputs.length > 0) {
      returns = `{ ${outputs.map((o) => `${key(o.name)}: ${tsType(o.type)}`).join('; ')} }`;
      if (fn.proretset) returns += '[]';
    } else {
      const rettype = types.get(fn.prorettype);
      if (rettype?.typrelid) {
        const relname = [...relations.keys()].find((r) => relationColumns(r).length > 0 && rettype.typname === r);
        returns = relname
          ? `{ ${relationColumns(relname).map((c) => `${key(c.attname)}: ${tsType(c.atttypid)}${c.attnotnull ? '' : ' | null'}`).join('; ')} }`
          : 'unknown';
      } else returns = tsType(fn.prorettype);
      if (fn.proretset) returns = `${returns.includes(' | ') ? `(${returns})` : returns}[]`;
    }
    return `{ Args: ${args}; Returns: ${returns} }`;
  }
}

const HELPERS = `type DefaultSchema = Database[Extract<keyof Database, "public">]

export type Tables<
  T extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"]),
> = (DefaultSchema["Tables"] & DefaultSchema["Views"])[T] extends {
  Row: infer R
}
  ? R
  : never

export type TablesInsert<T extends keyof DefaultSchema["Tables"]> =
  DefaultSchema["Tables"][T] extends { Insert: infer I } ? I : never

export type TablesUpdate<T extends keyof DefaultSchema["Tables"]> =
  DefaultSchema["Tables"][T] extends { Update: infer U } ? U : never

export type Enums<T extends keyof DefaultSchema["Enums"]> = DefaultSchema["Enums"][T]
`;
