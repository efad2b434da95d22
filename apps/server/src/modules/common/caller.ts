/** The signed-in caller, loaded fresh for every request so deactivation and password changes bite at once. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  logonName: string;
  userTypeId: number;
  customerId: number | null;
  partnerCompanyId: number | null;
  departmentId: number | null;
  uiculture: string;
  /** The sign-in (refresh-token family) of the access token the call came with, when it names one. */
  sessionId?: string | undefined;
}

/** Who calls a use case and in which language refusals are written. */
export interface Caller {
  user: AuthUser;
  lang: string | undefined;
}

export const callerOf = (ctx: { user: AuthUser; lang: string | undefined }): Caller => ({
  user: ctx.user,
  lang: ctx.lang,
});

/**
 * The id a record's creator column takes: null for the label reporter (decision 070), who acts without
 * an account (id 0, no row in users).
 */
export const userIdOf = (user: AuthUser): number | null => (user.id > 0 ? user.id : null);
