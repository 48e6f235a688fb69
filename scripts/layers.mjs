/**
 * The layers of the code base, written down once: eslint.config.js turns them into
 * eslint-plugin-boundaries rules (`npm run lint` fails on an import that points up or across), and
 * scripts/check-layers.mjs counts the same violations without ESLint (tests/unit/layers.test.ts
 * expects none).
 *
 * An element may import elements of its own rank or lower ranks, with two exceptions:
 * - `sameOnly`: of its own type it may import only the same captured name (a page never imports
 *   another page; a server feature never imports another feature);
 * - `typesFrom`: element types it may also import `import type` from (erased at build, no cycle).
 * Paths are relative to the repository root; the first element whose pattern matches a file wins.
 */
export const ELEMENTS = [
  // Pure code used everywhere (no I/O), and the desktop bridge's type the renderer implements.
  { type: 'shared', rank: 0, pattern: ['src/shared/**', 'src/preload/bridge-types.ts'] },

  // Renderer, bottom up: helpers, state and platform; data (one folder per domain); components
  // shared by pages; the pages (one folder each) and the shell around them; the app and router
  // that compose them.
  {
    type: 'renderer-base',
    rank: 1,
    pattern: [
      'src/renderer/lib/**',
      'src/renderer/state/**',
      'src/renderer/platform/**',
      'src/renderer/layout/**',
      'src/renderer/notifications/**',
      'src/renderer/auth/**',
      'src/renderer/routing/paths.ts',
      'src/renderer/routing/return-path.ts',
      'src/renderer/routing/home-route.ts',
    ],
  },
  { type: 'renderer-data', rank: 2, pattern: ['src/renderer/data/**'] },
  { type: 'renderer-components', rank: 3, pattern: ['src/renderer/components/**'] },
  { type: 'renderer-shell', rank: 4, pattern: ['src/renderer/shell/**'], sameOnly: true },
  { type: 'renderer-page', rank: 4, pattern: ['src/renderer/pages/*/**'], capture: 'src/renderer/pages/*/**', sameOnly: true },
  { type: 'renderer-app', rank: 5, pattern: ['src/renderer/app/**', 'src/renderer/routing/**', 'src/renderer/*.{ts,tsx}'] },

  // Server, bottom up: configuration, logging, database, HTTP helpers, mail and authentication
  // (GoTrue-compatible auth and the /api bearer check) that every feature builds on; the features
  // (one folder each); the app that composes them.
  {
    type: 'server-core',
    rank: 1,
    pattern: [
      'src/server/config.ts',
      'src/server/logger.ts',
      'src/server/deps.ts',
      'src/server/db/**',
      'src/server/http/**',
      'src/server/mail/**',
      'src/server/auth/**',
      'src/server/api-auth/**',
    ],
  },
  {
    type: 'server-feature',
    rank: 2,
    pattern: ['src/server/*/**'],
    capture: 'src/server/*/**',
    sameOnly: true,
    // The super-admin console shows the collector's metrics: it reads their type, not the code.
    typesFrom: ['server-feature'],
  },
  { type: 'server-app', rank: 3, pattern: ['src/server/*.ts'] },

  // Desktop main process and preload; the command line.
  { type: 'desktop', rank: 1, pattern: ['src/main/**', 'src/preload/**'] },
  { type: 'cli', rank: 1, pattern: ['src/cli/**'] },
];

/** Which element types each type may import (by rank, same family: renderer, server, desktop, cli). */
export function allowedTargets(element) {
  const family = (type) => type.split('-')[0];
  return ELEMENTS.filter(
    (other) =>
      other.type === 'shared' ||
      (family(other.type) === family(element.type) && other.rank <= element.rank && !(element.sameOnly && other.rank === element.rank && other.type !== element.type)),
  ).map((other) => other.type);
}
