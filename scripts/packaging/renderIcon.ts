/**
 * Renders build/icon.svg (drawn for the app) to the PNGs electron-builder
 * packs: build/icon.png (1024, macOS and Windows convert it) and
 * build/icons/<n>x<n>.png (16-512) for Linux. Chromium draws it, the same one the e2e
 * tests use (e2e/chromium.ts). Run after editing the SVG: `npm run icon`.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/chromium';

const buildDir = resolve(import.meta.dirname, '../../build');
/** Linux icon theme sizes; 1024 is build/icon.png only. */
const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512];

async function main(): Promise<void> {
  const svg = await readFile(join(buildDir, 'icon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    await mkdir(join(buildDir, 'icons'), { recursive: true });
    for (const size of [...LINUX_SIZES, 1024]) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      const sized = svg.replace('width="1024" height="1024"', `width="${size}" height="${size}"`);
      await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
      const paths = [size === 1024 ? join(buildDir, 'icon.png') : join(buildDir, 'icons', `${size}x${size}.png`)];
      for (const path of paths) {
        await page.screenshot({ path, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`icons written to ${buildDir}`);
}

await main();
