/**
 * Renders the web app's install icons (web/public/icons/*.png) from the logo
 * (web/public/brand/logo.svg) in headless Chromium: `node scripts/render-icons.mjs`. The PNGs
 * are committed; run this again only when the logo changes (no image library, no download).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const logo = fs.readFileSync(path.join(root, 'web/public/brand/logo.svg'), 'utf8');
const out = path.join(root, 'web/public/icons');
/** The app's background (theme.ts): the maskable icon's full-bleed backdrop. */
const BACKDROP = '#0b1f3a';

/**
 * `any` icons: the round logo edge to edge on transparency. `maskable`: the logo inside the
 * safe zone (a centred circle of 80 % of the width, which every launcher mask keeps) on a
 * full-bleed backdrop.
 */
const icons = [
  { file: 'icon-192.png', size: 192, logoShare: 1, backdrop: null },
  { file: 'icon-512.png', size: 512, logoShare: 1, backdrop: null },
  { file: 'icon-maskable-512.png', size: 512, logoShare: 0.8, backdrop: BACKDROP },
  { file: 'apple-touch-icon-180.png', size: 180, logoShare: 0.9, backdrop: BACKDROP },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    const logoPx = Math.round(icon.size * icon.logoShare);
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:flex;` +
        `align-items:center;justify-content:center;background:${icon.backdrop ?? 'transparent'}">` +
        `<div style="width:${logoPx}px;height:${logoPx}px">${logo
          .replace(/width="240"/, 'width="100%"')
          .replace(/height="240"/, 'height="100%"')}</div></body></html>`,
    );
    await page.screenshot({
      path: path.join(out, icon.file),
      omitBackground: icon.backdrop === null,
    });
    console.log(`${icon.file}: ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
