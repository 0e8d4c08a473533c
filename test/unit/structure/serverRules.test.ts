// The server's shared rules (server/src/rules/) say what a write may do; every SQL statement lives
// in server/src/store/ (issue 26). This reads the rules' sources and fails on SQL text or a raw
// database handle in them, so a rule cannot quietly grow a query of its own again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const RULES = path.resolve(__dirname, '../../../server/src/rules');

/** SQL statements as the store writes them, and the store's raw handles. */
const SQL = [/\b(SELECT|DELETE)\b[^'"`]*\bFROM\b/, /\bINSERT\s+INTO\b/, /\bUPDATE\b[^'"`]*\bSET\b/, /\.db\b/, /\.statement\(/, /\.prepare\(/];

describe('server rules hold no SQL', () => {
  const files = fs.readdirSync(RULES).filter((f) => f.endsWith('.ts'));

  it('reads the rules folder', () => {
    assert.ok(files.includes('defects.ts') && files.includes('locks.ts'), `read ${files.join(', ')}`);
  });

  it('finds SQL where there is some (the reader is not blind)', () => {
    const sample = `const v = store.statement('SELECT "ver-stamp" FROM defects WHERE "id" = ?').pluck().get(id);`;
    assert.ok(SQL.some((re) => re.test(sample)));
  });

  it('has no SQL statement or database handle in any rule', () => {
    const found: string[] = [];
    for (const file of files) {
      fs.readFileSync(path.join(RULES, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (SQL.some((re) => re.test(line))) found.push(`rules/${file}:${i + 1}: ${line.trim()}`);
        });
    }
    assert.deepEqual(found, []);
  });
});
