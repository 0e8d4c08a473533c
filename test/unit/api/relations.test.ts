// The REST aliases of defect relations (reference §16.8: `{"Relation":[…]}` with TargetEntity and
// TargetAliases, whose inner shape was never captured) and which alias a cross filter runs by.
import { strict as assert } from 'node:assert';
import { aliasFor, readRelations } from '../../../src/api/relations';

describe('api/relations: the alias a cross filter on defects runs by', () => {
  it('reads the target entity and alias names from the shapes a server may answer', () => {
    const body = {
      Relation: [
        { Name: 'DefectToRelease', SourceEntity: 'defect', TargetEntity: 'release', TargetAliases: { TargetAlias: [{ Name: 'detected-in-release' }, { Name: 'release', Unique: 'true' }] } },
        { Name: 'DefectToCycle', TargetEntity: 'release-cycle', TargetAliases: ['cycle'] },
        { Name: 'DefectToTest', TargetEntity: 'test', TargetAliases: 'test, connected-to-test' },
        { Name: 'NoTarget', TargetAliases: ['x'] },
      ],
      TotalResults: 4,
    };
    assert.deepEqual(readRelations(body), [
      { target: 'release', aliases: ['detected-in-release', 'release'] },
      { target: 'release-cycle', aliases: ['cycle'] },
      { target: 'test', aliases: ['test', 'connected-to-test'] },
    ]);
    assert.deepEqual(readRelations({ relations: { relation: { targetEntity: 'run', targetAliases: { alias: 'run' } } } }), [{ target: 'run', aliases: ['run'] }]);
    assert.deepEqual(readRelations('not json'), []);
    assert.equal(readRelations({ Relation: Array.from({ length: 10_000 }, () => ({ TargetEntity: 'test', TargetAliases: ['t'] })) }).length, 500, 'a hostile answer is cut');
  });

  it('one relation to the entity: its alias; several: none, with the reason; none: none', () => {
    const relations = [
      { target: 'release', aliases: ['detected-in-release'] },
      { target: 'test', aliases: ['test', 'covered-test'] },
      { target: 'test', aliases: ['test', 'linked-test'] },
      { target: 'requirement', aliases: [] },
    ];
    assert.deepEqual(aliasFor(relations, 'release'), { alias: 'detected-in-release' });
    assert.deepEqual(aliasFor(relations, 'Release'), { alias: 'detected-in-release' }, 'entity names in any case');
    assert.deepEqual(aliasFor(relations, 'test'), { reason: '2 relations lead to it and the favorite does not say which' });
    assert.deepEqual(aliasFor(relations, 'requirement'), { reason: 'the server names no REST alias for it' });
    assert.deepEqual(aliasFor(relations, 'test-set'), { reason: 'the server lists no relation from defects to it' });
    assert.deepEqual(aliasFor(relations, 'covered-test'), { alias: 'covered-test' }, 'an alias names its one relation (as the client writes a cross filter back)');
    assert.deepEqual(
      aliasFor(
        [
          { target: 'run', aliases: ['x'] },
          { target: 'run-step', aliases: ['x', 'step'] },
        ],
        'run-step',
      ),
      { alias: 'step' },
      'an alias another relation shares is not taken',
    );
  });
});
