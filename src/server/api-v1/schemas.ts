import { z } from '@hono/zod-openapi';

/** Shapes the resource routes share. */
export const IdParam = z.strictObject({ id: z.string().uuid().openapi({ param: { name: 'id', in: 'path' } }) });
export const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
export const ok = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
export const isoTime = z.string().datetime({ offset: true }).openapi({ example: '2026-11-27T10:00:00Z' });
