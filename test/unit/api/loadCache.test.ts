import * as assert from 'node:assert/strict';
import { LoadCache } from '../../../src/api/loadCache';

describe('LoadCache', () => {
  it('shares one load between callers until a refresh', async () => {
    const cache = new LoadCache<string, number>();
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    assert.deepEqual([a, b, loads], [1, 1, 1]);
    assert.equal(await cache.get('k', load, true), 2);
    assert.equal(await cache.get('k', load), 2);
    assert.equal(cache.loaded('k'), 2);
  });

  it('forgets a failed load so the next caller tries again', async () => {
    const cache = new LoadCache<string, string>();
    await assert.rejects(
      cache.get('k', () => Promise.reject(new Error('offline'))),
      /offline/,
    );
    assert.equal(cache.loaded('k'), undefined);
    assert.equal(await cache.get('k', () => Promise.resolve('back')), 'back');
  });

  it('keeps the newer load when an older one settles late', async () => {
    const cache = new LoadCache<string, string>();
    let finishOld: (v: string) => void = () => undefined;
    const old = cache.get('k', () => new Promise<string>((resolve) => (finishOld = resolve)));
    assert.equal(await cache.get('k', () => Promise.resolve('new'), true), 'new');
    finishOld('old');
    await old;
    assert.equal(cache.loaded('k'), 'new');
    assert.equal(await cache.get('k', () => Promise.resolve('unused')), 'new');
  });

  it('does not report a value while a refresh is loading', async () => {
    const cache = new LoadCache<string, string>();
    await cache.get('k', () => Promise.resolve('first'));
    let finish: (v: string) => void = () => undefined;
    const next = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)), true);
    assert.equal(cache.loaded('k'), undefined);
    finish('second');
    await next;
    assert.equal(cache.loaded('k'), 'second');
  });
});
