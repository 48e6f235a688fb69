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
export { jsonBody, parseInput } from '../../../http/parse-input';

export function uuidParam(value: string, what: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new HttpError(404, `No ${what} ${value}`);
  return value;
}

/** An ILIKE pattern matching `text` anywhere, with its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
