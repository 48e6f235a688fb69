import { z } from 'zod';
import { HttpError } from '../../../http/errors';

/** Every action needs a reason an auditor can read later. */
export const reason = z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500, 'The reason may be at most 500 characters');

export const listQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    sort: z.string().max(40).optional(),
    dir: z.enum(['asc', 'desc']).default('desc'),
  })
  .strict();

// Shared with the other /api and function routes.
import { parseInput } from '../../../http/parse-input';
export { jsonBody, parseInput } from '../../../http/parse-input';

export function uuidParam(value: string, what: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new HttpError(404, `No ${what} ${value}`);
  return value;
}

/** An ILIKE pattern matching `text` anywhere, with its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A sorted, searched console list (organizations, users): the page asked for, the search as a
 * WHERE clause on $1, and ORDER BY / LIMIT from the sortable columns (never from the client's text).
 */
export function parseSortedList(query: Record<string, string>, sorts: Record<string, string>, searchWhere: string) {
  const q = parseInput(listQuery, query);
  const sort = q.sort ?? 'created';
  const column = sorts[sort];
  if (!column) throw new HttpError(400, `sort: unknown column "${sort}" (one of ${Object.keys(sorts).join(', ')})`);
  return {
    page: q.page,
    pageSize: q.pageSize,
    where: q.q ? `where ${searchWhere}` : '',
    params: q.q ? [containsPattern(q.q)] : [],
    orderBy: `order by ${column} ${q.dir} nulls last`,
    limit: `limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  };
}
