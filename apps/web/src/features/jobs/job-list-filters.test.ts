import { describe, expect, it } from 'vitest';
import {
  choiceBody,
  choiceOfQuery,
  deleteFilter,
  EMPTY_CHOICE,
  filterNameProblem,
  isChoiceOf,
  isEmptyChoice,
  jobTabFilterOf,
  parseIds,
  queryWithChoice,
  readSavedFilters,
  SAVED_FILTERS_MAX,
  saveFilter,
} from './job-list-filters.ts';

const choice = (over: Partial<typeof EMPTY_CHOICE>) => ({ ...EMPTY_CHOICE, ...over });

describe('the job list filters in the route', () => {
  it('reads comma lists of ids, leaving out what is not a positive whole number and repeats', () => {
    expect(parseIds('1,2, 3,x,-4,0,2,1.5')).toEqual([1, 2, 3]);
    expect(parseIds(null)).toEqual([]);
    expect(parseIds('')).toEqual([]);
  });

  it('reads and writes the query, keeping the other parameters and dropping empty lists', () => {
    const query = new URLSearchParams('jobId=7&type=1,2&priority=3&q=pump');
    const read = choiceOfQuery(query);
    expect(read).toEqual({
      SearchWord: 'pump',
      JobTypeIdList: [1, 2],
      JobPriorityIdList: [3],
      OrderDepartmentIdList: [],
    });
    const written = queryWithChoice(query, { ...read, JobTypeIdList: [], OrderDepartmentIdList: [5] });
    expect(written.toString()).toBe('jobId=7&priority=3&q=pump&department=5');
    expect(queryWithChoice(written, EMPTY_CHOICE).toString()).toBe('jobId=7');
  });

  it('says when nothing is chosen', () => {
    expect(isEmptyChoice(EMPTY_CHOICE)).toBe(true);
    expect(isEmptyChoice(choice({ SearchWord: '  ' }))).toBe(true);
    expect(isEmptyChoice(choice({ JobPriorityIdList: [1] }))).toBe(false);
  });
});

describe('the JobList/Filtered body of a choice', () => {
  it('adds the chosen lists and word to the route’s filter', () => {
    expect(
      choiceBody(
        { JobStatusIdList: [10] },
        choice({ JobTypeIdList: [1], JobPriorityIdList: [2], SearchWord: 'oil' }),
      ),
    ).toEqual({ JobStatusIdList: [10], JobTypeIdList: [1], JobPriorityIdList: [2], SearchWord: 'oil' });
    expect(choiceBody({ AssignedToMe: true }, EMPTY_CHOICE)).toEqual({ AssignedToMe: true });
  });

  it('never widens the parts list (type 3): the chosen types narrow it', () => {
    expect(choiceBody({ JobTypeIdList: [3] }, choice({ JobTypeIdList: [1, 3] })).JobTypeIdList).toEqual([3]);
    expect(choiceBody({ JobTypeIdList: [3] }, choice({ JobTypeIdList: [1] })).JobTypeIdList).toEqual([]);
  });
});

describe('saved filters (CustomJobListFilterList)', () => {
  const pumps = choice({ JobTypeIdList: [1], SearchWord: 'pump' });

  it('refuses an empty or too long name', () => {
    expect(filterNameProblem('  ')).toBe('required');
    expect(filterNameProblem('x'.repeat(41))).toBe('tooLong');
    expect(filterNameProblem(' Urgent ')).toBeNull();
    expect(saveFilter([], ' ', pumps)).toBeNull();
  });

  it('saves under a trimmed name, replaces one of the same name in its place, and deletes by name', () => {
    const one = saveFilter([], ' Pumps ', pumps)!;
    expect(one).toEqual([{ Name: 'Pumps', ...pumps }]);
    const two = saveFilter(one, 'Urgent', choice({ JobPriorityIdList: [1] }))!;
    const replaced = saveFilter(two, 'pumps', choice({ JobTypeIdList: [2] }))!;
    expect(replaced.map((f) => [f.Name, f.JobTypeIdList])).toEqual([
      ['pumps', [2]],
      ['Urgent', []],
    ]);
    expect(deleteFilter(replaced, 'URGENT').map((f) => f.Name)).toEqual(['pumps']);
  });

  it('keeps at most 20, but a full list may still replace one', () => {
    let list = readSavedFilters([]);
    for (let i = 0; i < SAVED_FILTERS_MAX; i++) list = saveFilter(list, `F${i}`, pumps)!;
    expect(saveFilter(list, 'One more', pumps)).toBeNull();
    expect(saveFilter(list, 'F3', EMPTY_CHOICE)).toHaveLength(SAVED_FILTERS_MAX);
  });

  it('reads a stored value, leaving out malformed entries', () => {
    expect(
      readSavedFilters([
        { Name: 'Ok', JobTypeIdList: [1, 'x', 1], JobPriorityIdList: null },
        { Name: '' },
        'text',
        null,
        { JobTypeIdList: [1] },
      ]),
    ).toEqual([
      { Name: 'Ok', SearchWord: '', JobTypeIdList: [1], JobPriorityIdList: [], OrderDepartmentIdList: [] },
    ]);
    expect(readSavedFilters('right')).toEqual([]);
  });

  it('knows the saved filter the list shows', () => {
    const [saved] = saveFilter([], 'Pumps', choice({ JobTypeIdList: [2, 1] }))!;
    expect(isChoiceOf(saved!, choice({ JobTypeIdList: [1, 2] }))).toBe(true);
    expect(isChoiceOf(saved!, choice({ JobTypeIdList: [1] }))).toBe(false);
  });
});

describe('the list filter of a job list address', () => {
  it('reads my, parts, a status, the deadlines and the jobs set to a status this week', () => {
    expect(jobTabFilterOf('my')).toEqual({ AssignedToMe: true });
    expect(jobTabFilterOf('status-20-3')).toEqual({ JobStatusIdList: [20], JobSubStatusIdList: [3] });
    expect(jobTabFilterOf('overdue')).toEqual({ Deadline: 'Overdue' });
    expect(jobTabFilterOf('week-70')).toEqual({ SetToStatusThisWeek: 70 });
    expect(jobTabFilterOf('week')).toBeNull();
  });
});
