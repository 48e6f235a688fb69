#!/usr/bin/env node
/**
 * Counts imports that break the layering of scripts/layers.mjs, without ESLint: page-to-page
 * imports (one renderer page importing another, or a server feature another feature), upward
 * imports (into a higher layer, or into another family such as renderer -> server) and imports
 * of files outside src/ no layer names. Prints them and exits 1 when there is any.
 * `node scripts/check-layers.mjs [--json]`; tests/unit/layers.test.ts runs it and expects zero.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ELEMENTS, allowedTargets } from './layers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A glob of layers.mjs (`*`, `**`, `{a,b}`) as a regular expression; `*` captures. */
function globToRegExp(glob) {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
      if (glob[i + 1] === '/') i++;
    } else if (c === '*') out += '([^/]+)';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      out += `(?:${glob.slice(i + 1, end).split(',').map(escape).join('|')})`;
      i = end;
    } else out += escape(c);
  }
  return new RegExp(`^${out}$`);
}
function escape(text) {
  return text.replace(/[.+?^$()|[\]\\]/g, '\\$&');
}

const MATCHERS = ELEMENTS.map((element) => ({
  element,
  patterns: [element.pattern].flat().map(globToRegExp),
  capture: element.capture ? globToRegExp(element.capture) : null,
}));

/** The element a repository-relative path belongs to, with its captured name, or null. */
export function classify(relativePath) {
  for (const { element, patterns, capture } of MATCHERS) {
    if (patterns.some((pattern) => pattern.test(relativePath))) {
      return { element, name: capture ? (capture.exec(relativePath)?.[1] ?? null) : null };
    }
  }
  return null;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.js', '.mjs'].map((ext) => base + ext), path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

const IMPORT = /(?:^|[^\w.])(?:import|export)\s*(type\s+)?(?:[\w*{}\s,$]+?\s+from\s*)?\(?\s*'(\.{1,2}\/[^']+)'/g;

/** Every relative import under src/ that the layering forbids. */
export function findViolations() {
  const violations = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const from = classify(path.relative(root, file).split(path.sep).join('/'));
    if (!from) continue;
    const allowed = new Set(allowedTargets(from.element));
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const typeOnly = Boolean(match[1]);
      const target = resolveImport(file, match[2]);
      if (!target) continue;
      const relTarget = path.relative(root, target).split(path.sep).join('/');
      const to = classify(relTarget);
      const where = `${path.relative(root, file)} -> ${relTarget}`;
      if (!to) {
        if (!relTarget.startsWith('src/')) continue; // package.json, css and the like
        violations.push({ kind: 'unclassified', where });
      } else if (to.element.type === from.element.type && from.element.capture) {
        if (to.name !== from.name && !(typeOnly && from.element.typesFrom?.includes(to.element.type))) {
          violations.push({ kind: 'page-to-page', where });
        }
      } else if (!allowed.has(to.element.type) && !(typeOnly && from.element.typesFrom?.includes(to.element.type))) {
        violations.push({ kind: 'upward', where });
      }
    }
  }
  return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const violations = findViolations();
  const counts = { 'page-to-page': 0, upward: 0, unclassified: 0 };
  for (const violation of violations) counts[violation.kind]++;
  if (process.argv.includes('--json')) console.log(JSON.stringify({ counts, violations }, null, 2));
  else {
    for (const violation of violations) console.log(`${violation.kind}: ${violation.where}`);
    console.log(`page-to-page imports: ${counts['page-to-page']}, upward imports: ${counts.upward}, unclassified: ${counts.unclassified}`);
  }
  process.exit(violations.length === 0 ? 0 : 1);
}
