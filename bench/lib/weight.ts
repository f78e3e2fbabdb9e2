/**
 * The storefront's weight with the production build in headless Chromium: every JavaScript and
 * CSS response of a cold load of `/` and of `/admin/dashboard` (logged in as the admin), raw and
 * gzip -9, and what each file holds according to its source map (admin-area code, the charting
 * library); and the images a buyer downloads on the home page (scrolled to the end, so lazy images
 * load too), the largest by bytes with its natural and displayed size, on a desktop and a phone screen.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser } from './browser';
import type { ImageFinding, PageWeight, StorefrontWeight } from './results';
import { BENCH_ADMIN_EMAIL, BENCH_ADMIN_PASSWORD } from './server';

const DESKTOP = { name: 'desktop 1366x900 @1x', viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 };
const PHONE = { name: 'phone 360x740 @2x', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 };

interface Captured {
  response: Response;
  type: string;
  body: Buffer;
}

/** What a JS file contains, by the module paths in its source map (none when there is no map). */
function sourcesOf(webDist: string, urlPath: string): string[] {
  const mapFile = path.join(webDist, decodeURIComponent(urlPath) + '.map');
  if (!mapFile.startsWith(webDist) || !existsSync(mapFile)) return [];
  try {
    return (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources?: string[] }).sources ?? [];
  } catch {
    return [];
  }
}

const isCharting = (source: string) => /node_modules\/(recharts|d3-[a-z-]+|victory-vendor)\//.test(source);
const isAdmin = (source: string) => /(^|\/)src\/admin\//.test(source);

async function capture(page: Page): Promise<{ done: () => Promise<Captured[]> }> {
  const pending: Promise<Captured | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!['script', 'stylesheet', 'image'].includes(type)) return;
    pending.push(
      response
        .body()
        .then((body) => ({ response, type, body }))
        .catch(() => null),
    );
  });
  return {
    done: async () => (await Promise.all(pending)).filter((entry): entry is Captured => entry !== null),
  };
}

async function scrollToEnd(page: Page): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atEnd) break;
  }
  await page.waitForLoadState('networkidle');
}

async function pageWeight(page: string, url: string, captured: Captured[], webDist: string): Promise<PageWeight> {
  const files: PageWeight['files'] = [];
  for (const entry of captured) {
    if (entry.type !== 'script' && entry.type !== 'stylesheet') continue;
    const urlPath = new URL(entry.response.url()).pathname;
    const sources = entry.type === 'script' ? sourcesOf(webDist, urlPath) : [];
    const sizes = await entry.response
      .request()
      .sizes()
      .catch(() => ({ responseBodySize: entry.body.length }));
    files.push({
      url: urlPath,
      type: entry.type,
      rawBytes: entry.body.length,
      gzipBytes: gzipSync(entry.body, { level: 9 }).length,
      transferBytes: sizes.responseBodySize,
      contentEncoding: (await entry.response.headerValue('content-encoding')) ?? 'none',
      admin: sources.some(isAdmin),
      charting: sources.some(isCharting) || (sources.length === 0 && entry.body.includes('recharts-')),
    });
  }
  files.sort((a, b) => b.rawBytes - a.rawBytes);
  const sum = (type: 'script' | 'stylesheet', key: 'rawBytes' | 'gzipBytes') =>
    files.filter((file) => file.type === type).reduce((total, file) => total + file[key], 0);
  return {
    page,
    url,
    files,
    scriptRawBytes: sum('script', 'rawBytes'),
    scriptGzipBytes: sum('script', 'gzipBytes'),
    styleRawBytes: sum('stylesheet', 'rawBytes'),
    styleGzipBytes: sum('stylesheet', 'gzipBytes'),
    transferBytes: files.reduce((total, file) => total + file.transferBytes, 0),
  };
}

async function homeImages(captured: Captured[], page: Page, viewportName: string): Promise<ImageFinding> {
  const shown = await page.evaluate(() =>
    Array.from(document.images).map((img) => {
      const box = img.getBoundingClientRect();
      return { src: img.currentSrc || img.src, width: Math.round(box.width), height: Math.round(box.height) };
    }),
  );
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  const images = captured
    .filter((entry) => entry.type === 'image')
    .map((entry) => ({ url: entry.response.url(), bytes: entry.body.length }));
  // The files' own pixel sizes: an <img> with srcset reports a density-corrected naturalWidth, a bare Image does not.
  const probed = await page.evaluate(
    (urls: string[]) =>
      Promise.all(
        urls.map(
          (url) =>
            new Promise<{ url: string; width: number; height: number }>((resolve) => {
              const probe = new Image();
              probe.onload = () => resolve({ url, width: probe.naturalWidth, height: probe.naturalHeight });
              probe.onerror = () => resolve({ url, width: 0, height: 0 });
              probe.src = url;
            }),
        ),
      ),
    images.map((image) => image.url),
  );
  const pixels = new Map(probed.map((entry) => [entry.url, entry]));
  const widestUse = (url: string) =>
    shown.filter((img) => img.src === url && img.width > 0).sort((a, b) => b.width - a.width)[0];
  const finding: ImageFinding = {
    viewport: viewportName,
    imagesDownloaded: images.length,
    imageBytes: images.reduce((total, image) => total + image.bytes, 0),
    oversized: [],
  };
  for (const image of images) {
    const naturalWidth = pixels.get(image.url)?.width ?? 0;
    const use = widestUse(image.url);
    if (use && naturalWidth > use.width * dpr * 1.5) {
      finding.oversized.push({
        url: new URL(image.url).pathname,
        bytes: image.bytes,
        naturalWidth,
        neededWidth: Math.round(use.width * dpr),
      });
    }
  }
  finding.oversized.sort((a, b) => b.bytes - a.bytes);
  const largest = [...images].sort((a, b) => b.bytes - a.bytes)[0];
  if (largest) {
    const use = widestUse(largest.url);
    finding.largest = {
      url: new URL(largest.url).pathname,
      bytes: largest.bytes,
      naturalWidth: pixels.get(largest.url)?.width ?? 0,
      naturalHeight: pixels.get(largest.url)?.height ?? 0,
      displayedWidth: use?.width ?? 0,
      displayedHeight: use?.height ?? 0,
      devicePixelRatio: dpr,
    };
  }
  return finding;
}

async function adminSession(baseUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: BENCH_ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Admin login failed: ${res.status} ${await res.text()}`);
  const { token, user } = (await res.json()) as {
    token: string;
    user: { name: string; email: string; role: string; phone?: string; addresses?: unknown[] };
  };
  return {
    token,
    userName: user.name,
    userEmail: user.email,
    userRole: user.role,
    userPhone: user.phone ?? '',
    userAddresses: JSON.stringify(user.addresses ?? []),
  };
}

/** A cold load (fresh context: empty cache and storage) of one page; localStorage set before any script runs. */
async function coldLoad(
  browser: Browser,
  url: string,
  device: typeof DESKTOP,
  storage: Record<string, string> | undefined,
  scroll: boolean,
) {
  const context = await browser.newContext({ viewport: device.viewport, deviceScaleFactor: device.deviceScaleFactor });
  try {
    if (storage) {
      await context.addInitScript((entries: Record<string, string>) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, storage);
    }
    const page = await context.newPage();
    const recorder = await capture(page);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (scroll) await scrollToEnd(page);
    await page.waitForTimeout(300);
    const captured = await recorder.done();
    return { captured, page, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

export async function measureStorefrontWeight(baseUrl: string, webDist: string): Promise<StorefrontWeight> {
  const { browser, close } = await launchBrowser();
  try {
    const pages: PageWeight[] = [];
    const images: ImageFinding[] = [];

    const home = await coldLoad(browser, `${baseUrl}/`, DESKTOP, undefined, true);
    pages.push(await pageWeight('/', `${baseUrl}/`, home.captured, webDist));
    images.push(await homeImages(home.captured, home.page, DESKTOP.name));
    await home.close();

    const phone = await coldLoad(browser, `${baseUrl}/`, PHONE, undefined, true);
    images.push(await homeImages(phone.captured, phone.page, PHONE.name));
    await phone.close();

    const session = await adminSession(baseUrl);
    const admin = await coldLoad(browser, `${baseUrl}/admin/dashboard`, DESKTOP, session, false);
    const finalPath = new URL(admin.page.url()).pathname;
    if (finalPath !== '/admin/dashboard') throw new Error(`/admin/dashboard ended on ${finalPath} (not logged in?)`);
    pages.push(await pageWeight('/admin/dashboard', `${baseUrl}/admin/dashboard`, admin.captured, webDist));
    await admin.close();

    const homeFiles = pages[0]!.files;
    return {
      pages,
      homeImages: images,
      homeDownloadsAdminCode: homeFiles.filter((file) => file.admin).map((file) => file.url),
      homeDownloadsCharting: homeFiles.filter((file) => file.charting).map((file) => file.url),
    };
  } finally {
    await close();
  }
}
