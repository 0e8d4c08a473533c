import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';

describe('api/http/undici: the modules the client loads one by one', () => {
  it("give ProxyAgent the connect() it tunnels with, without undici's index (as in the bundle)", function () {
    this.timeout(20_000);
    // A fresh process: in this one other tests may already have loaded undici's index, which adds it anyway.
    const script = [
      "require('./src/api/http/undici');",
      'const indexLoaded = Object.keys(require.cache).some((f) => /undici[\\\\/]index\\.js$/.test(f));',
      "const D = require('undici/lib/dispatcher/dispatcher');",
      'process.stdout.write(JSON.stringify({ indexLoaded, connect: typeof D.prototype.connect }));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['-r', 'tsx/cjs', '-e', script], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), { indexLoaded: false, connect: 'function' });
  });
});
