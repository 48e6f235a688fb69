import type { QueryResultRow } from 'pg';

/** What the generators need of a connection (a pg Pool or Client). */
export interface Queryable {
  query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}
