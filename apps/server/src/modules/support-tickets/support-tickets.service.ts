import { serverMessage, type sessionRoutes } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import * as repo from './support-tickets.repository.ts';

type TicketInput = z.output<NonNullable<(typeof sessionRoutes)['supportTicket']['body']>>;

/** Support tickets filed from an error snackbar: stored with the caller and the failed call. */
export class SupportTicketService {
  private readonly deps: { db: Db };
  constructor(deps: { db: Db }) {
    this.deps = deps;
  }

  async file(caller: Caller, input: TicketInput) {
    const id = await repo.insertTicket(this.deps.db, {
      userId: caller.user.id,
      subject: input.Subject,
      optionalMessage: input.OptionalMessage,
      ccMe: input.CCMe,
      errorLog: input.ErrorLogg ?? null,
    });
    return { Id: id, Message: serverMessage('ticket_sent', caller.lang) };
  }
}
