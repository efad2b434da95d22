import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

const todo = (): never => {
  throw new AppError(501, null, { message: 'Not implemented yet.' });
};

/** Skeleton: implemented next. */
export class InvoiceService {
  readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async invoice(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async article(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async move(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async link(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async update(..._args: any[]): Promise<any> {
    return todo();
  }
  // biome-ignore lint/suspicious/noExplicitAny: skeleton
  async remove(..._args: any[]): Promise<any> {
    return todo();
  }
}
