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

/**
 * Parses input with a schema; anything it does not know (an extra field, a misspelt query
 * parameter) is a 400 that names it, never silently ignored.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  const unknown = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
  throw new HttpError(400, `${where}${unknown}`);
}

export async function jsonBody(text: string): Promise<unknown> {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}

export function uuidParam(value: string, what: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new HttpError(404, `No ${what} ${value}`);
  return value;
}

/** An ILIKE pattern matching `text` anywhere, with its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
