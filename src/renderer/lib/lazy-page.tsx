import type { ComponentType } from 'react';

/**
 * A route's `lazy` for a page whose code is its own chunk. The router loads it before it renders
 * the route (on the first load as soon as the router exists, in parallel with /config.json) and
 * keeps the current page on screen while the next one loads, so no Suspense fallback flashes.
 */
export function lazyPage(load: () => Promise<ComponentType>): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: await load() });
}
