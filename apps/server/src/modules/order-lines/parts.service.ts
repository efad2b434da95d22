import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

const todo = (): never => {
  throw new AppError(501, null, { message: 'Not implemented yet.' });
};

/** Skeleton: implemented next. */
export class PartsService {
  readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async lookup(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async ofJob(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async line(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async customerPrice(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async add(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async update(..._args: any[]): Promise<any> {
    return todo();
  }
}
