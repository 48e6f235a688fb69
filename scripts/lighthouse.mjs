#!/usr/bin/env node
// npm run lighthouse: Lighthouse (mobile: emulated phone, simulated slow 4G and 4x CPU slowdown,
// its default) on the production web build served by the real server, in the system Chromium.
// Builds what is missing (like npm start), starts the server on a free port with a throwaway
// DATA_DIR, audits each page RUNS times and prints the median performance score and metrics.
// Prints, never asserts: scores vary with the machine. The README's Performance section records them.
//
// Options (environment): LIGHTHOUSE_PAGES (default "/,/login"), LIGHTHOUSE_RUNS (3),
// CHROMIUM_PATH (/usr/bin/chromium), LIGHTHOUSE_JSON (write the full reports to this folder).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/login').split(',').map((page) => page.trim()).filter(Boolean);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** `npm start` (scripts/start.mjs): builds the web app and server bundle if stale, then serves them. */
async function startServer(port, dataDir) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/config.json`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer /config.json within 3 minutes');
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    // The whole group: start.mjs, the server and its embedded Postgres (which shuts down cleanly on SIGTERM).
    process.kill(-child.pid, 'SIGTERM');
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${(value / 1000).toFixed(2)} s`;

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-lighthouse-'));
const server = await startServer(port, dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const results = [];
try {
  for (const page of PAGES) {
    const url = `http://localhost:${port}${page}`;
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      const { lhr } = result;
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      runs.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        si: audit('speed-index'),
        bytes: audit('total-byte-weight'),
      });
      if (process.env.LIGHTHOUSE_JSON) {
        mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
        writeFileSync(path.join(process.env.LIGHTHOUSE_JSON, `${page.replace(/\W+/g, '_') || 'home'}-${run + 1}.json`), result.report);
      }
    }
    const summary = Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
    results.push({ page, runs: runs.map((r) => r.performance), ...summary });
  }
} finally {
  await chrome.kill();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs, ` : ''}mobile (simulated slow 4G, 4x CPU), production build, ${path.basename(CHROMIUM)}:\n`);
for (const r of results) {
  console.log(
    `${r.page.padEnd(8)} performance ${String(r.performance).padStart(3)} (runs: ${r.runs.join(', ')})  ` +
      `FCP ${ms(r.fcp)}  LCP ${ms(r.lcp)}  TBT ${Math.round(r.tbt)} ms  CLS ${r.cls.toFixed(3)}  SI ${ms(r.si)}  ` +
      `transfer ${(r.bytes / 1024).toFixed(0)} KB  | accessibility ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo}`,
  );
}
