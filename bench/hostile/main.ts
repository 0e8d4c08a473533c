// Hostile-input benchmark (`npm run bench:hostile`, issue 38): what one stored memo or one
// defect's links cost the extension host, each figure beside a baseline measured in the same run.
//  1. memo text of hostile shapes against a plain memo of the same size (bench/hostile/memo.ts)
//  2. merging 60,000 links each way against mapping the same records (bench/hostile/links.ts)
//  3. an error page of unclosed tags against a plain page of the same size (bench/hostile/errorPage.ts)
// Usage: node --expose-gc dist/bench/hostile.js [--sizes 64,256,1024]
import { benchErrorPage } from './errorPage';
import { benchLinkMerge } from './links';
import { benchMemoText } from './memo';

function sizesArg(): number[] {
  const i = process.argv.indexOf('--sizes');
  const sizes = (i >= 0 ? (process.argv[i + 1] ?? '') : '64,256,1024').split(',').map(Number);
  if (sizes.some((s) => !Number.isInteger(s) || s <= 0)) throw new Error('--sizes takes sizes in KB, e.g. 64,256,1024');
  return sizes;
}

const met = benchMemoText(sizesArg());
benchLinkMerge();
const errorPageMet = benchErrorPage();
if (!met || !errorPageMet) process.exitCode = 1;
