import type { Access, RouteDef, RouteOutput, RouteParsed } from '@fieldport/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../modules/common/caller.ts';
import type { JsonText } from '../modules/common/json-text.ts';

export interface CallContext<R extends RouteDef> extends RouteParsed<R> {
  user: R['access'] extends { kind: 'user' } ? AuthUser : null;
  /** Accept-Language of the call, for translated Messages. */
  lang: string | undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type BinaryResult = { contentType: string; data: Buffer | Uint8Array };
export type HandlerResult<R extends RouteDef> = R['response'] extends { kind: 'binary' }
  ? BinaryResult
  : RouteOutput<R> | JsonText<RouteOutput<R>>;
export type Handler<R extends RouteDef> = (ctx: CallContext<R>) => Promise<HandlerResult<R>>;
export type Handlers<G extends Record<string, RouteDef>> = { [K in keyof G]: Handler<G[K]> };

/**
 * Who calls and whether the route's declared access lets them (null for an anonymous route); 401 or 403
 * otherwise. The session module's AuthGuard, given by the app factory.
 */
export interface RouteGuard {
  check(req: FastifyRequest, access: Access): Promise<AuthUser | null>;
}
