import { describe, expect, it } from 'vitest';
import {
  containing,
  inOrderOf,
  type PrependFilter,
  prependedPage,
  startingWith,
} from '../../src/modules/common/paging.ts';

/** A name list of ten records, read as the repositories read theirs. */
const records = Array.from({ length: 10 }, (_, i) => ({ Id: i + 1, Name: `Department ${i + 1}` }));
const matching = (f: PrependFilter) =>
  records.filter((r) => !f.excludeIds.includes(r.Id) && (!f.word || r.Name.endsWith(f.word)));
const read = (size: number, page: number) => ({
  page: async (f: PrependFilter) => matching(f).slice((page - 1) * size, page * size),
  count: async (f: PrependFilter) => matching(f).length,
  ids: async (ids: number[]) => records.filter((r) => ids.includes(r.Id)),
});

describe('a name list page with selected records prepended', () => {
  it('puts the selected records first on page 1, in the order asked, and not again below', async () => {
    const page = await prependedPage({ Page: 1, ItemsPerPage: 4, PrependItemIdList: [7, 2] }, read(4, 1));
    expect(page.Content.map((r) => r.Id)).toEqual([7, 2, 1, 3, 4, 5]);
    expect(page.TotalCount).toBe(10);
  });

  it('leaves them out of the pages that follow', async () => {
    const page = await prependedPage({ Page: 2, ItemsPerPage: 4, PrependItemIdList: [7, 2] }, read(4, 2));
    expect(page.Content.map((r) => r.Id)).toEqual([6, 8, 9, 10]);
    expect(page.TotalCount).toBe(10);
  });

  it('prepends the selected records whatever the search word, and counts them', async () => {
    const page = await prependedPage(
      { Page: 1, ItemsPerPage: 4, SearchWord: ' 1', PrependItemIdList: [3] },
      read(4, 1),
    );
    expect(page.Content.map((r) => r.Name)).toEqual(['Department 3', 'Department 1']);
    expect(page.TotalCount).toBe(2);
  });

  it('answers the plain page when nothing is selected', async () => {
    const page = await prependedPage({ Page: 1, ItemsPerPage: 3 }, read(3, 1));
    expect(page).toEqual({ Content: records.slice(0, 3), TotalCount: 10 });
  });
});

describe('search patterns and a page read by its ids', () => {
  it('escapes the pattern characters a word holds, anywhere or at the start', () => {
    expect(containing(' 50%_off\\ ')).toBe('%50\\%\\_off\\\\%');
    expect(startingWith(' 50%_off ')).toBe('50\\%\\_off%');
  });

  it('keeps the order of the ids and leaves out an id without a row', () => {
    const rows = [{ id: 3 }, { id: 1 }, { id: 2 }];
    expect(inOrderOf([2, 9, 3, 1], rows, (r) => r.id)).toEqual([{ id: 2 }, { id: 3 }, { id: 1 }]);
  });
});
