// Project metadata (lists, users, field catalogs) is loaded once and shared by every caller until
// a refresh. A load that fails or is cancelled is forgotten, so the next caller tries again
// instead of inheriting the old error.

export class LoadCache<K, V> {
  private readonly loading = new Map<K, Promise<V>>();
  private readonly settled = new Map<K, V>();

  /** The cached load of `key`, started by `load` when there is none or `refresh` is set. */
  get(key: K, load: () => Promise<V>, refresh = false): Promise<V> {
    const cached = this.loading.get(key);
    if (cached && !refresh) return cached;
    const p = load();
    this.loading.set(key, p);
    this.settled.delete(key);
    p.then(
      (value) => {
        if (this.loading.get(key) === p) this.settled.set(key, value);
      },
      () => {
        if (this.loading.get(key) === p) this.loading.delete(key);
      },
    );
    return p;
  }

  /** The value of a load that has finished, without waiting. */
  loaded(key: K): V | undefined {
    return this.settled.get(key);
  }
}
