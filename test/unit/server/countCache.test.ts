// ProjectStore.count keeps a count until anything is written, through any statement or connection.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ProjectStore } from '../../../server/src/store/project';

describe('project store: kept counts', () => {
  let dir: string;
  let store: ProjectStore;
  const COUNT = 'SELECT COUNT(*) FROM defects WHERE "severity" = ?';

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-count-'));
    store = new ProjectStore('DEFAULT', 'Demo', dir, () => new Date(Date.UTC(2026, 0, 1)));
    store.insertDefects([1, 2, 3].map((i) => ({ name: `d${i}`, severity: '2-Medium', 'detected-by': 'alice' })));
  });
  afterEach(() => {
    store.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a repeated count without running it again', () => {
    assert.equal(store.count(COUNT, ['2-Medium']), 3);
    // Counted once: later calls with the same parameters do not run the statement again.
    const runs = { n: 0 };
    const original = store.statement.bind(store);
    store.statement = (sql: string) => {
      if (sql === COUNT) runs.n++;
      return original(sql);
    };
    assert.equal(store.count(COUNT, ['2-Medium']), 3);
    assert.equal(store.count(COUNT, ['2-Medium']), 3);
    assert.equal(runs.n, 0);
    assert.equal(store.count(COUNT, ['5-Urgent']), 0, 'other parameters are another count');
    assert.equal(runs.n, 1);
  });

  it('counts again after a write through the store, a raw statement, or another connection', () => {
    assert.equal(store.count(COUNT, ['2-Medium']), 3);
    store.insertDefect({ name: 'd4', severity: '2-Medium', 'detected-by': 'alice' });
    assert.equal(store.count(COUNT, ['2-Medium']), 4);
    store.db.prepare('UPDATE defects SET "severity" = ? WHERE "name" = ?').run('5-Urgent', 'd1');
    assert.equal(store.count(COUNT, ['2-Medium']), 3);
    const other = new Database(join(dir, 'project.db'));
    try {
      other.prepare('DELETE FROM defects WHERE "name" = ?').run('d2');
    } finally {
      other.close();
    }
    assert.equal(store.count(COUNT, ['2-Medium']), 2);
  });
});
