// Browser tests drive the built site (test/site/build.ts) over a local static server with Debian's Chromium.
import axe from 'axe-core';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { builtSite } from '../site/build.js';

export const chromiumPath = process.env.PERFLAB_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);

/** Axe's serious and critical violations on `page`, each as its rule id and first target. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  });
}
if (!hasChromium) {
  // Visible in the test output, so a skipped browser suite is never mistaken for a passing one.
  console.warn(`[e2e] SKIPPED: no Chromium at ${chromiumPath} (apt-get install -y chromium, or set PERFLAB_CHROMIUM)`);
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.md': 'text/markdown',
  '.wasm': 'application/wasm',
};

async function serve(dist: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dist, path));
    if (!file.startsWith(dist)) return void res.writeHead(403).end();
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': types['.html'] }).end(await readFile(join(dist, '404.html')).catch(() => 'Not found'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface Site {
  origin: string;
  dist: string;
  browser: Browser;
  /** A fresh page that records console errors and uncaught exceptions. */
  open(
    path: string,
    options?: { colorScheme?: 'light' | 'dark'; width?: number; init?: () => void },
  ): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/** Serves `dist` (by default the main test site) to a headless Chromium. */
export async function startSite(folder?: string): Promise<Site> {
  const dist = folder ?? (await builtSite());
  const { server, origin } = await serve(dist);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  return {
    origin,
    dist,
    browser,
    async open(path, options = {}) {
      const context = await browser.newContext({
        colorScheme: options.colorScheme ?? 'light',
        viewport: { width: options.width ?? 1280, height: 900 },
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      if (options.init) await page.addInitScript(options.init);
      await page.goto(origin + path);
      return { page, errors };
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The site for the tests of one describe block: started before them (by `start`; the main test site by default, with
 * the `shots` folder for screenshots made) and closed after. Call it in the block; its members are read when a test
 * uses them.
 */
export function siteForTests(options: { start?: () => Promise<Site>; timeout?: number; shots?: string } = {}): Site {
  let site: Site | undefined;
  const current = () => {
    if (!site) throw new Error('the site did not start (see the failed beforeAll)');
    return site;
  };
  beforeAll(async () => {
    site = await (options.start ?? startSite)();
    if (options.shots) mkdirSync(options.shots, { recursive: true });
  }, options.timeout);
  afterAll(async () => {
    await site?.close();
  });
  return {
    get origin() {
      return current().origin;
    },
    get dist() {
      return current().dist;
    },
    get browser() {
      return current().browser;
    },
    open: (path, options) => current().open(path, options),
    close: () => current().close(),
  };
}
