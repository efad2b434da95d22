import { uniqueViolationOf } from './db.ts';

/**
 * Runs a write whose uniqueness the database guarantees (unique indexes and sequences, migration 0010;
 * spec README, Uniqueness). Services check first only to name the record holding the value; a concurrent
 * twin can still commit between that check and the write, and the index then refuses the write (SQLSTATE
 * 23505). `refusal` is then asked, outside the failed transaction where the committed twin is visible,
 * for the same 409 'already in use on' the check gives (`alreadyInUse`); `index` names the unique index
 * that refused when a row has more than one. Whatever `refusal` answers is thrown.
 *
 *     return refuseTwins(
 *       () => changeWithEvents(db, async (tx, emit) => { … }),
 *       async () => alreadyInUse(caller, 'Name', name, (await repo.sameName(db, name))?.name ?? name),
 *     );
 */
export async function refuseTwins<T>(
  write: () => Promise<T>,
  refusal: (index: string, err: unknown) => Promise<unknown>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const index = uniqueViolationOf(err);
    if (index === null) throw err;
    throw await refusal(index, err);
  }
}

/**
 * Runs a create that takes an automatic number (a sequence's, see `nextFreeNumber`) again when a
 * concurrent create that chose the same number by hand got it first, up to three times.
 */
export async function retryTwins<T>(
  write: () => Promise<T>,
  isNumberIndex: (index: string) => boolean,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      const index = uniqueViolationOf(err);
      if (index === null || !isNumberIndex(index) || attempt >= 3) throw err;
    }
  }
}
