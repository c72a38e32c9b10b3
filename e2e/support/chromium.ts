import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  const found = candidates.find((candidate) => fs.existsSync(candidate!));
  if (!found) throw new Error("No Chromium found: install Debian's chromium or set CHROMIUM_PATH.");
  return found!;
}

/**
 * Debian's Chromium, headless, cut off from everything but this machine.
 * Playwright starts every browser on a fresh temporary profile of its own.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumFlags });
}
