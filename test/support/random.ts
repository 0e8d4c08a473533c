// The seeded generator of soak and fuzz runs: the server's own mulberry32 (server/src/demo/random.ts),
// so a run with the same seed makes the same choices; timing between concurrent users still varies.
import { Random } from '../../server/src/demo/random';

export class Rng extends Random {
  constructor(seed: number) {
    // Seed 0 would start the generator at 0; runs have always used this constant instead.
    super(seed >>> 0 || 0x9e3779b9);
  }

  /** An independent generator for one actor, derived from this one. */
  fork(): Rng {
    return new Rng(Math.floor(this.next() * 4294967296));
  }
}
