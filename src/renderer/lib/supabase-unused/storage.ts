/**
 * Stands in for @supabase/storage-js in the web build (see vite.web.config.ts). Tracklint stores
 * no files; supabase-js constructs a StorageClient anyway, which brings about 10 KB gzipped.
 */
const UNUSED = 'Storage is not part of the Tracklint web build (vite.web.config.ts replaces @supabase/storage-js).';

export class StorageApiError extends Error {
  override name = 'StorageApiError';
}

export class StorageClient {
  constructor(..._args: unknown[]) {}
  from(..._args: unknown[]): never {
    throw new Error(UNUSED);
  }
}
