import type { AuthUser } from '../../http/context.ts';

/** Who calls a use case and in which language refusals are written. */
export interface Caller {
  user: AuthUser;
  lang: string | undefined;
}

export const callerOf = (ctx: { user: AuthUser; lang: string | undefined }): Caller => ({
  user: ctx.user,
  lang: ctx.lang,
});
