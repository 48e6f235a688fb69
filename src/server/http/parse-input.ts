import type { z } from 'zod';
import { HttpError } from './errors';

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
