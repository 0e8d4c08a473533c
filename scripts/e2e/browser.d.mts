// Types of browser.mjs for the TypeScript that launches it (bench/memoEditor).
import type { Browser } from 'playwright-core';

export function launchBrowser(log?: (line: string) => void, options?: { scrollbars?: boolean }): Promise<Browser>;
