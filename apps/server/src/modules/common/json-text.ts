declare const answer: unique symbol;

/**
 * An answer the database wrote as JSON (`json_agg` in a repository), sent as it is: a long list's
 * rows are not parsed into objects and written out again by the server's one thread (decision 103).
 * `T` is the answer it stands for, so a handler's result is still checked against its route.
 */
export class JsonText<T> {
  declare readonly [answer]: T;
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/**
 * Under the tests (as the response serializer's check): the database's JSON is exactly the answer the
 * route's schema gives for it, the same fields in the same order, nothing more.
 */
export function checkedJsonText(text: string, schema: { parse(data: unknown): unknown }): string {
  const sent = JSON.parse(text) as unknown;
  const expected = JSON.stringify(schema.parse(sent));
  if (JSON.stringify(sent) !== expected)
    throw new Error(`The database's answer differs from its schema:\n${JSON.stringify(sent)}\n${expected}`);
  return text;
}
