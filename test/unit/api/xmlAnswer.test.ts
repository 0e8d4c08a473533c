// XML answers read into the tree the same resources' JSON answers have (reference §4.1, §12.1, §16.2).
import { strict as assert } from 'node:assert';
import { parseCoreFields, parseCoreLists } from '../../../src/api/dialect/coreMetadata';
import { flattenEntity } from '../../../src/api/dialect/coreValues';
import { UnexpectedAnswerError } from '../../../src/api/errors';
import { isXmlAnswer, parseXmlAnswer } from '../../../src/api/http/xmlAnswer';

const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

describe('api/http/xmlAnswer', () => {
  it('tells XML answers by content type, or by the first character when none is sent', () => {
    assert.ok(isXmlAnswer('application/xml;charset=UTF-8', '<a/>'));
    assert.ok(isXmlAnswer(undefined, ' <a/>'));
    assert.ok(!isXmlAnswer('application/json', '<a/>'));
    assert.ok(!isXmlAnswer(undefined, '{}'));
  });

  it('reads a Core entity collection as the JSON envelope, empty values and escapes included', () => {
    const xml = `${DECL}<Entities TotalResults="2"><Entity Type="defect" EntityStatus="Success" ErrorMessage=""><ChildrenCount><Value>0</Value></ChildrenCount><Fields><Field Name="id"><Value>7</Value></Field><Field Name="name"><Value>a &amp; b &lt;c&gt;</Value></Field><Field Name="closing-date"/><Field Name="owner"><Value></Value></Field></Fields><RelatedEntities/></Entity><Entity Type="defect"><Fields><Field Name="id"><Value>8</Value></Field></Fields></Entity></Entities>`;
    const body = parseXmlAnswer(xml, 'GET defects') as { entities: unknown[]; TotalResults: number };
    assert.equal(body.TotalResults, 2);
    assert.deepEqual(flattenEntity(body.entities[0]), { id: '7', name: 'a & b <c>', 'closing-date': null, owner: '', type: 'defect' });
    assert.deepEqual(flattenEntity(body.entities[1]), { id: '8', type: 'defect' });
  });

  it('reads field metadata XML (attributes and child elements) like the JSON forms', () => {
    const xml = `${DECL}<Fields><Field PhysicalName="BG_SEVERITY" Name="severity" Label="Severity"><Size>70</Size><History>true</History><List-Id>279</List-Id><Required>true</Required><System>true</System><Type>LookupList</Type><Verify>true</Verify><Active>true</Active><Editable>true</Editable><SupportsMultivalue>false</SupportsMultivalue></Field><Field PhysicalName="BG_TARGET_REL" Name="target-rel" Label="Target Release"><Type>Reference</Type><Active>true</Active><References><RelationReference RelationName="DefectToTargetRelease" ReferencedEntityType="release"/></References></Field><Field PhysicalName="BG_USER_09" Name="user-09" Label="Old"><Type>String</Type><Active>false</Active></Field></Fields>`;
    const fields = parseCoreFields('defects', parseXmlAnswer(xml, 'GET fields'));
    assert.deepEqual(fields.get('severity')?.dataType, { name: 'Reference By Value', multiple: false, source: { kind: 'list', listId: 279 } });
    assert.equal(fields.get('severity')?.required, true);
    assert.deepEqual(fields.get('target-rel')?.dataType.source, { kind: 'resource', collection: 'release' });
    assert.equal(fields.get('user-09')?.hidden, true);
  });

  it('reads list XML with nested items', () => {
    const xml = `${DECL}<Lists><List><Name>Bug Status</Name><Id>237</Id><Items><Item value="New"/><Item value="Open"><Item value="Open - waiting"/></Item></Items></List></Lists>`;
    const lists = parseCoreLists(parseXmlAnswer(xml, 'GET used-lists'));
    assert.deepEqual(lists.valuesOf(237), ['New', 'Open', 'Open - waiting']);
  });

  it('refuses a DTD and malformed XML with UnexpectedAnswerError', () => {
    const bomb = `${DECL}<!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><AuthenticationInfo><Username>&b;</Username></AuthenticationInfo>`;
    assert.throws(() => parseXmlAnswer(bomb, 'GET is-authenticated'), UnexpectedAnswerError);
    assert.throws(() => parseXmlAnswer('<Fields><Field></Fields>', 'GET fields'), UnexpectedAnswerError);
  });

  it('decodes numeric character references as XML says; one naming no XML character makes the answer malformed (issue 38 item 16)', () => {
    const page = (value: string) => `${DECL}<Entities TotalResults="1"><Entity Type="defect"><Fields><Field Name="name"><Value>${value}</Value></Field></Fields></Entity></Entities>`;
    const name = (value: string) => flattenEntity((parseXmlAnswer(page(value), 'GET defects') as { entities: unknown[] }).entities[0]).name;
    assert.equal(name('caf&#233; &#x1F600; &amp;#233; a&lt;b'), 'caf\u00e9 \u{1F600} &#233; a<b');
    for (const bad of ['&#0;', '&#xD800;', '&#1;', '&#x110000;']) {
      assert.throws(
        () => parseXmlAnswer(page(`a${bad}b`), 'GET defects'),
        (e: unknown) => e instanceof UnexpectedAnswerError && e.message.includes(bad),
        bad,
      );
    }
  });
});
