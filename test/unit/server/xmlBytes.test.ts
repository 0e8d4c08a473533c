// Core XML pages are written outside the library (server/src/core/defects/xml.ts): plain fields by
// SQLite (xmlSql.ts), memos and the rest by a byte writer (xmlBytes.ts). Both must escape and encode
// exactly as the server's library builder does (`& < >` in text, quotes too in attributes), any
// Unicode, lone surrogates.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { ReferenceNames, defectEntity } from '../../../server/src/core/defects/convert';
import { XmlByteWriter } from '../../../server/src/core/defects/xmlBytes';
import { XML_ESCAPES_JOIN, fieldsRunSql, writtenInJs } from '../../../server/src/core/defects/xmlSql';
import { XML_DECLARATION, entityXml, xmlMarkup } from '../../../server/src/core/wire/entity';
import { escapeXmlAttribute, escapeXmlText } from '../../../server/src/core/wire/xmlEscape';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import type { ProjectStore } from '../../../server/src/store/project';
import { PROJECT_MIGRATIONS } from '../../../server/src/store/projectSchema';
import { migrate } from '../../../server/src/store/sqlite';

/** Text as the server's library builder writes it inside an element. */
function libraryText(text: string): string {
  return xmlMarkup({ v: text }).slice('<v>'.length, -'</v>'.length);
}

/** An attribute value as the server's library builder writes it. */
function libraryAttribute(text: string): string {
  return xmlMarkup({ v: { '@_a': text, '#text': 'x' } }).slice('<v a="'.length, -'">x</v>'.length);
}

const HOSTILE = [
  '',
  'plain',
  `a&b <c> "d" 'e' ]]> &amp;`,
  '<p>Ünïcödé 日本語 € 😀 and "quotes"</p>',
  'ends with a high surrogate \ud83d',
  '\udc00 starts with a low surrogate, and one \ud800 in the middle',
  'control \u0001\u0007\t\n\r and \u2028',
  // GLOB stops at a NUL byte: the reserved characters after it must be found all the same.
  'nul \u0000 then <b> & "q"',
  '&'.repeat(50) + "'".repeat(50),
  // Quotes alone: the escape bits count them, and the replace() they cost must change nothing.
  `say "hi", it's fine`,
];

describe('server core: XML bytes written outside the library', () => {
  it('escapedText writes what the library writes, as Buffer.from() encodes it', () => {
    for (const text of HOSTILE) {
      const out = new XmlByteWriter(4);
      out.escapedText(text);
      assert.deepEqual(out.result(), Buffer.from(libraryText(text)), JSON.stringify(text));
    }
  });

  it('the library escapes & < > in text and leaves quotes, as JAXB does; attributes escape quotes too', () => {
    const text = `<p class="memo">it's & so</p>`;
    assert.equal(libraryText(text), `&lt;p class="memo"&gt;it's &amp; so&lt;/p&gt;`);
    assert.equal(libraryAttribute(text), '&lt;p class=&quot;memo&quot;&gt;it&apos;s &amp; so&lt;/p&gt;');
    for (const value of HOSTILE) {
      assert.equal(escapeXmlText(value), libraryText(value), JSON.stringify(value));
      assert.equal(escapeXmlAttribute(value), libraryAttribute(value), JSON.stringify(value));
    }
  });

  it('escapedText counts before it makes room for a long value, and the room suffices', () => {
    const text = `${'<&>"\''.repeat(20_000)}日本語😀`;
    const out = new XmlByteWriter(16);
    out.escapedText(text);
    assert.deepEqual(out.result(), Buffer.from(libraryText(text)));
  });

  it('text and bytes append as UTF-8, short or long, growing the buffer as needed', () => {
    const pieces = ['<a>', 'é', 'x'.repeat(300), '日本語 ok', '😀', '\ud83d lone', 'y'.repeat(127)];
    const out = new XmlByteWriter(1);
    for (const piece of pieces) out.text(piece);
    out.bytes(Buffer.from('</a>'));
    assert.deepEqual(out.result(), Buffer.from(`${pieces.join('')}</a>`));
  });

  it('the SQL of plain fields writes the elements the library writes, for hostile values, empty and none, with and without escape bits', () => {
    const plain = CATALOGS.defects.fields.filter((def) => !writtenInJs(def));
    // The store's schema: its column affinity turns an integral number into an INTEGER, its triggers keep the escape bits.
    const db = new Database(':memory:');
    try {
      migrate(db, PROJECT_MIGRATIONS);
      const insert = db.prepare(`INSERT INTO defects (${plain.map((def) => def.column).join(', ')}) VALUES (${plain.map(() => '?').join(', ')})`);
      HOSTILE.forEach((text, i) => insert.run(...plain.map((def, k) => (def.name === 'id' ? i + 1 : def.dataType === 'Integer' && k % 2 === 0 ? i * 10 + k : (k + i) % 5 === 4 ? null : text))));
      const written = () =>
        db
          .prepare(`SELECT ${fieldsRunSql(plain)} FROM defects ${XML_ESCAPES_JOIN} ORDER BY defects.rowid`)
          .pluck()
          .all() as string[];
      // Compared with the values as stored and read back (a lone surrogate is stored as bytes that read back as U+FFFD).
      const stored = db.prepare(`SELECT * FROM defects ORDER BY rowid`).all() as Record<string, string | number | null>[];
      const refs = new ReferenceNames({} as ProjectStore);
      const expected = stored.map((row) => {
        const entity = entityXml(
          defectEntity(
            row,
            plain.map((def) => def.name),
            refs,
          ),
        ).slice(XML_DECLARATION.length);
        return entity.slice(entity.indexOf('<Fields>') + '<Fields>'.length, entity.indexOf('</Fields>'));
      });
      const bits = db.prepare('SELECT "fields" FROM defect_xml_escapes ORDER BY "defect"').pluck().all() as number[];
      assert.equal(bits.length, HOSTILE.length, 'the triggers gave every defect its bits');
      assert.equal(bits[HOSTILE.indexOf('plain')], 0, 'a defect without reserved characters needs no escapes');
      assert.notEqual(bits[HOSTILE.findIndex((t) => t.startsWith('nul'))], 0, 'the NUL byte hid nothing');
      // The bits still count quotes (schema 6): such a value takes a replace() that must leave it as it is.
      const quotesOnly = HOSTILE.findIndex((t) => t.startsWith('say'));
      assert.notEqual(bits[quotesOnly], 0, 'quotes alone set bits');
      assert.deepEqual(written(), expected, 'with the bits');
      assert.ok(written()[quotesOnly]?.includes(`<Value>say "hi", it's fine</Value>`), 'quotes are written as they are');
      // A defect without bits (a bulk load empties the table) has every value tested instead.
      db.exec('DELETE FROM defect_xml_escapes');
      assert.deepEqual(written(), expected, 'without the bits');
    } finally {
      db.close();
    }
  });
});
