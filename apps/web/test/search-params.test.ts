import { expect, test } from 'vitest';
import { searchTextParam } from '../src/components/ui/search-params.ts';

// The router reads `?q=73282932000017` (a SIRET typed into a link) as a number: the lists must
// still search for the text.
test('a search that the router read as a number is searched as the text it was', () => {
  expect(searchTextParam.parse(73282932000017)).toBe('73282932000017');
  expect(searchTextParam.parse(3760000000017)).toBe('3760000000017');
  expect(searchTextParam.parse('café')).toBe('café');
});

test('no search, or one no list takes, leaves the list unsearched instead of refusing the page', () => {
  expect(searchTextParam.parse(undefined)).toBeUndefined();
  expect(searchTextParam.parse('x'.repeat(201))).toBeUndefined();
  expect(searchTextParam.parse({ nested: true })).toBeUndefined();
});
