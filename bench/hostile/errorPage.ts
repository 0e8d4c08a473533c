// A hostile error page (issue 38): the client reads an error answer's title from its body; a page
// of 64 KB of unclosed tags (`<a<a<a…`) against a plain page of the same size, measured in the same
// run. The old `/<[^>]*>/g` scanned to the end of the body from every `<` (2 s, thousands of times
// the plain page); one pass keeps the ratio near 1. The unit test checks what is read, this its cost.
import { parseErrorBody } from '../../src/api/http/errorMapping';
import { median, now } from '../client/measure';

const SIZE = 64 * 1024;
const ROUNDS = 7;
/** The most a hostile page may cost, in plain pages of the same size. */
const GOAL_RATIO = 20;

function time(body: string): number {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = now();
    parseErrorBody(body);
    samples.push(now() - t);
  }
  return median(samples);
}

/** Prints the figures; true when the goal is met. */
export function benchErrorPage(): boolean {
  const plain = time('<p>Service unavailable. </p>'.repeat(SIZE / 28));
  const hostile = time('<a'.repeat(SIZE / 2));
  const ratio = hostile / Math.max(plain, 0.01);
  console.log(`\nError page of ${SIZE / 1024} KB (median of ${ROUNDS}): unclosed tags ${hostile.toFixed(2)} ms, plain ${plain.toFixed(2)} ms, ${ratio.toFixed(1)}× (goal ≤ ${GOAL_RATIO}×)`);
  return ratio <= GOAL_RATIO || hostile < 5;
}
