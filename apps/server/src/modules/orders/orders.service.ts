import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

const todo = (): never => {
  throw new AppError(501, null, { message: 'Not implemented yet.' });
};

/** Skeleton: implemented next. */
export class OrderService {
  readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async jobs(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async total(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async options(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async changeOptions(..._args: any[]): Promise<any> {
    return todo();
  }
}
