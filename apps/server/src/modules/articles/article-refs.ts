import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { fieldRefusal } from '../common/errors.ts';
import { idsOfNumbers } from './articles.repository.ts';

/**
 * The ids of articles named by number (any case), in the order given; the first unknown number is a
 * 400 `article_unknown` on its place in the list, so a caller can show which one.
 */
export async function articlesOfNumbers(caller: Caller, db: Executor, numbers: string[]): Promise<number[]> {
  const found = await idsOfNumbers(db, numbers);
  const byNumber = new Map(found.map((a) => [a.articleNumber.toLowerCase(), a.id]));
  return numbers.map((number, i) => {
    const id = byNumber.get(number.toLowerCase());
    if (id === undefined) throw fieldRefusal(caller, `[${i}]`, 'article_unknown', { number });
    return id;
  });
}
