import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The public pages (marketing, auth, start and error screens) get only the Mantine component
 * styles listed in src/renderer/app/public-styles.ts, not the full sheet. This fails when one of
 * them starts using a component whose styles are not listed, which would render it unstyled.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const renderer = path.join(repoRoot, 'src/renderer');
const mantineStyles = path.join(repoRoot, 'node_modules/@mantine/core/styles');

/** Code that renders without the full sheet (app/full-styles: only /app, /super-admin and /validation-page load it), with what it imports. */
const PUBLIC_CODE = [
  'pages/marketing',
  'pages/auth',
  'pages/public',
  // The session layout around the auth pages, with everything it renders (runners, toasts' container).
  'app/SessionProviders.tsx',
  'app/ConfigErrorScreen.tsx',
  'components/FullPageSpinner.tsx',
  'routing/RedirectIfSignedIn.tsx',
  'routing/RequireAuth.tsx',
];

/** Styles a component needs besides its own file (the parts it is built from). */
const BUILT_FROM: Record<string, string[]> = {
  Alert: ['CloseButton'],
  Anchor: ['Text'],
  Burger: ['UnstyledButton'],
  Button: ['Loader', 'UnstyledButton'],
  Card: ['Paper'],
  CloseButton: ['UnstyledButton'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton', 'ScrollArea', 'Paper'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'ScrollArea', 'Paper'],
  NativeSelect: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  Select: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  TextInput: ['Input'],
  Textarea: ['Input'],
};

function sourceFiles(entry: string): string[] {
  const full = path.join(renderer, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((name) => sourceFiles(path.join(entry, name)));
}

/** The files and everything they import statically (lazy imports load with their own styles). */
function withStaticImports(files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file) || !existsSync(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/\bfrom\s*'(\.[^']+)'/g)) {
      const base = path.resolve(path.dirname(file), match[1] ?? '');
      const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (resolved) visit(resolved);
    }
  };
  files.forEach(visit);
  return [...seen];
}

function mantineComponentsUsedBy(file: string): string[] {
  if (!/\.tsx?$/.test(file)) return [];
  const source = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*{([^}]*)}\s*from\s*'@mantine\/core'/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim().replace(/^type\s+.*/, '').split(/\s+as\s+/)[0]?.trim() ?? '';
      if (/^[A-Z]/.test(name)) names.push(name);
    }
  }
  return names;
}

function stylesFor(component: string, seen = new Set<string>()): string[] {
  if (seen.has(component)) return [];
  seen.add(component);
  const own = existsSync(path.join(mantineStyles, `${component}.layer.css`)) ? [component] : [];
  return [...own, ...(BUILT_FROM[component] ?? []).flatMap((part) => stylesFor(part, seen))];
}

describe('Mantine styles of the public pages', () => {
  const order = [...readFileSync(path.join(renderer, 'app/public-styles.ts'), 'utf8').matchAll(/'@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css'/g)].map(
    (match) => match[1] ?? '',
  );
  const listed = new Set(order);

  it("keep the order of Mantine's full sheet, so a part's styles never override the component's", () => {
    const fullSheet = readFileSync(path.join(mantineStyles, '../styles.layer.css'), 'utf8');
    const positions = order.map((name) => {
      const own = readFileSync(path.join(mantineStyles, `${name}.layer.css`), 'utf8');
      // Each file's first rule inside its layer appears verbatim in the full sheet.
      const firstRule = own.slice(own.indexOf('{') + 1).trim().slice(0, 120);
      const position = fullSheet.indexOf(firstRule);
      expect(position, `${name}.layer.css is part of styles.layer.css`).toBeGreaterThanOrEqual(0);
      return position;
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('always include the global layer', () => {
    for (const base of ['baseline', 'default-css-variables', 'global']) expect(listed).toContain(base);
  });

  it('cover every component those pages import', () => {
    const missing = new Map<string, string>();
    for (const file of withStaticImports(PUBLIC_CODE.flatMap(sourceFiles))) {
      for (const component of mantineComponentsUsedBy(file)) {
        for (const style of stylesFor(component)) {
          if (!listed.has(style)) missing.set(style, `${component} in ${path.relative(repoRoot, file)}`);
        }
      }
    }
    expect(Object.fromEntries(missing), 'add these to src/renderer/app/public-styles.ts').toEqual({});
  });
});
