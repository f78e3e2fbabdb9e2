// Development aid: take a screenshot of a page with Debian's Chromium.
//   node scripts/screenshot.mjs <url> <out.png> [width=1366] [height=900] [--full] [--login=email:password]
// --login logs in through the API first and stores the session the way the app does.
import { chromium } from 'playwright-core';

const [url, out, width = '1366', height = '900'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const full = process.argv.includes('--full');
const login = process.argv.find((a) => a.startsWith('--login='))?.slice('--login='.length);
if (!url || !out) {
  console.error(
    'usage: node scripts/screenshot.mjs <url> <out.png> [width] [height] [--full] [--login=email:password]',
  );
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('console', (msg) => msg.type() === 'error' && console.error('[console]', msg.text()));
page.on('pageerror', (error) => console.error('[pageerror]', error.message));
if (login) {
  const origin = new URL(url).origin;
  const [email, password] = login.split(':');
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token, user } = await res.json();
  await page.goto(origin);
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userName', user.name);
      localStorage.setItem('userEmail', user.email);
      localStorage.setItem('userRole', user.role);
      localStorage.setItem('userPhone', user.phone);
      localStorage.setItem('userAddresses', JSON.stringify(user.addresses));
    },
    { token, user },
  );
}
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: full });
await browser.close();
console.log(`saved ${out}`);
