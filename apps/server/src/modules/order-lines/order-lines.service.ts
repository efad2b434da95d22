import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

const todo = (): never => {
  throw new AppError(501, null, { message: 'Not implemented yet.' });
};

/** Skeleton: implemented next. */
export class OrderLineService {
  readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async line(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async jobView(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async add(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async change(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async remove(..._args: any[]): Promise<any> {
    return todo();
  }
}
