#!/usr/bin/env node
// npm run lighthouse: Lighthouse (mobile: emulated phone, simulated slow 4G and 4x CPU slowdown,
// its default) on the production web build served by the real server, in the system Chromium.
// Builds what is missing (like npm start), starts the server on a free port with a throwaway
// DATA_DIR, audits each page RUNS times and prints the median performance score and metrics.
// Prints, never asserts: scores vary with the machine. The README's Performance section records them.
//
// Options (environment): LIGHTHOUSE_PAGES (default "/,/login"), LIGHTHOUSE_SIGNED_IN_PAGES
// (default "/app/dashboard": audited as a user signed up through the UI, with a website and hits,
// "" for none), LIGHTHOUSE_RUNS (3), CHROMIUM_PATH (/usr/bin/chromium), LIGHTHOUSE_JSON (write
// the full reports to this folder). Prints the machine's load average before and after, since
// other jobs on a shared machine move the scores.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pageList = (value) => value.split(',').map((page) => page.trim()).filter(Boolean);
const PAGES = pageList(process.env.LIGHTHOUSE_PAGES ?? '/,/login');
const SIGNED_IN_PAGES = pageList(process.env.LIGHTHOUSE_SIGNED_IN_PAGES ?? '/app/dashboard');
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

/**
 * Signs a new user up in the audited browser (through the UI, as a customer would: sign-up form,
 * the confirmation link from the development mailbox), adds a website and sends it two GA4 hits,
 * so the dashboard has data. Lighthouse then runs in the same profile without clearing storage.
 */
async function signUpWithData(cdpPort, base) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  const page = await browser.contexts()[0].newPage();
  const id = Date.now().toString(36);
  const email = `lighthouse-${id}@example.com`;
  try {
    await page.goto(`${base}/signup`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`Correct-Horse-${id}-lh`);
    await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Lighthouse Tester');
    await page.getByRole('textbox', { name: 'Organization name', exact: true }).fill('Lighthouse Shop');
    await page.getByRole('textbox', { name: 'Organization slug', exact: true }).fill(`lighthouse-${id}`);
    await page.getByRole('button', { name: 'Create account' }).click();
    let link;
    for (let attempt = 0; attempt < 60 && !link; attempt += 1) {
      const mails = await (await fetch(`${base}/dev/mailbox.json`)).json();
      link = mails.filter((mail) => mail.to.includes(email)).flatMap((mail) => mail.links).find((l) => l.includes('/auth/v1/verify'));
      if (!link) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!link) throw new Error(`no confirmation email for ${email}`);
    await page.goto(link);
    await page.getByRole('link', { name: 'Continue to dashboard' }).click();
    await page.waitForURL(/\/app\/dashboard$/);
    await page.goto(`${base}/app/websites/add`);
    const form = page.getByRole('form', { name: 'Add a website' });
    const domain = `lighthouse-${id}.example.com`;
    const measurementId = `G-LH${id.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10)}`;
    await form.getByRole('textbox', { name: 'Name' }).fill('Lighthouse Shop');
    await form.getByRole('textbox', { name: 'Domain' }).fill(domain);
    await form.getByRole('textbox', { name: 'Measurement IDs' }).fill(measurementId);
    await form.getByRole('button', { name: 'Add website' }).click();
    const siteKey = ((await page.getByTestId('site-key').textContent()) ?? '').trim();
    for (const cid of ['', '&cid=584335997.1746564151']) {
      const hit = `v=2&tid=${measurementId}&en=page_view&dl=https%3A%2F%2F${domain}%2F&sid=1749196701&_s=1${cid}`;
      await fetch(`${base}/g/collect?site=${siteKey}&${hit}`, { method: 'POST', headers: { origin: `https://${domain}`, 'content-type': 'text/plain' } });
    }
  } finally {
    await page.close();
    // Leaves the browser running: only the CDP connection ends.
    await browser.close();
  }
}

/**
 * Empties the browser's HTTP cache but keeps storage (the session): disableStorageReset keeps
 * both, and a signed-in page must be measured as a first view, not from the cache the sign-up filled.
 */
async function clearHttpCache(cdpPort) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${(value / 1000).toFixed(2)} s`;

const loadBefore = os.loadavg();
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-lighthouse-'));
const server = await startServer(port, dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const results = [];
try {
  const audits = [...PAGES.map((page) => ({ page, signedIn: false })), ...SIGNED_IN_PAGES.map((page) => ({ page, signedIn: true }))];
  let signedUp = false;
  for (const { page, signedIn } of audits) {
    // After the public pages (they are audited signed out; a stored session would send them to the dashboard).
    if (signedIn && !signedUp) {
      await signUpWithData(chrome.port, `http://localhost:${port}`);
      signedUp = true;
    }
    const url = `http://localhost:${port}${page}`;
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      if (signedIn) await clearHttpCache(chrome.port);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // Signed-in pages keep the session the sign-up stored; public pages are audited signed out
        // (the signed-in pages come last, so clearing storage never signs the user out too early).
        disableStorageReset: signedIn,
      });
      const { lhr } = result;
      // A page that redirected (a signed-in page bounced to /login) would measure the wrong page.
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== page) throw new Error(`${page} ended on ${landed}`);
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
        requests: lhr.audits['network-requests']?.details?.items?.length ?? NaN,
        scripts: (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script').length,
        scriptKb: (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
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

console.log(`\nload average before: ${loadBefore.map((l) => l.toFixed(2)).join(', ')}; after: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min; ${os.cpus().length} cores)`);
console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs, ` : ''}mobile (simulated slow 4G, 4x CPU), production build, ${path.basename(CHROMIUM)}:\n`);
for (const r of results) {
  console.log(
    `${r.page.padEnd(8)} performance ${String(r.performance).padStart(3)} (runs: ${r.runs.join(', ')})  ` +
      `FCP ${ms(r.fcp)}  LCP ${ms(r.lcp)}  TBT ${Math.round(r.tbt)} ms  CLS ${r.cls.toFixed(3)}  SI ${ms(r.si)}  ` +
      `transfer ${(r.bytes / 1024).toFixed(0)} KB, ${r.requests} requests, ${r.scripts} scripts ${r.scriptKb.toFixed(0)} KB  | accessibility ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo}`,
  );
}
