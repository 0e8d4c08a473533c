// Likely duplicates: the significant words of a summary, the one query's filter, and the ranking.
import assert from 'node:assert/strict';
import { duplicateFilter, rankDuplicates, significantWords } from '../../../src/defects/duplicates';

describe('likely duplicates: words, query and ranking', () => {
  it('keeps the significant words, longest first, at most five', () => {
    assert.deepEqual(significantWords('The checkout total is wrong when the cart has a discount'), ['checkout', 'discount', 'total', 'cart']);
    assert.deepEqual(significantWords('a to is of 42 — ?!'), []);
    assert.equal(significantWords('alpha bravo charlie delta echoes foxtrot golf').length, 5);
    assert.deepEqual(significantWords('Crash CRASH crash'), ['crash']);
    assert.deepEqual(significantWords('Überweisung schlägt fehl'), ['überweisung', 'schlägt', 'fehl']);
  });

  it('asks for summaries containing any of the words', () => {
    assert.deepEqual(duplicateFilter(['cart', 'total']), {
      name: {
        op: 'or',
        conditions: [
          { op: 'like', pattern: '*cart*' },
          { op: 'like', pattern: '*total*' },
        ],
      },
    });
  });

  it('ranks open defects first, then by shared words, then the newest, and keeps five', () => {
    const words = significantWords('checkout total ignores discount');
    const ranked = rankDuplicates(
      [
        { id: 1, name: 'Checkout total ignores the discount', status: 'Closed' },
        { id: 2, name: 'Discount missing from checkout', status: 'Open' },
        { id: 3, name: 'Total of the checkout ignores discount codes', status: 'New' },
        { id: 4, name: 'Checkout page is slow', status: 'Open' },
        { id: 5, name: 'Checkout discount total', status: 'Fixed' },
        { id: 6, name: 'discount checkout', status: 'Open' },
        { id: 7, name: 'checkout discount', status: 'Reopen' },
        { id: 8, name: 'discountcheckout', status: 'Open' },
      ],
      words,
    );
    assert.deepEqual(
      ranked.map((d) => d.id),
      [3, 7, 6, 2, 1],
      'open before closed; one shared word is not enough; a word inside another word does not count',
    );
  });

  it('with a one-word summary, one shared word is enough', () => {
    assert.deepEqual(
      rankDuplicates([{ id: 9, name: 'Crash on start', status: 'New' }], ['crash']).map((d) => d.id),
      [9],
    );
  });
});
