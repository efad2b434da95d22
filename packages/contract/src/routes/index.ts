import { sessionRoutes } from './session.routes.ts';

/** Every declared call of the catalogue, by name. Later areas add their groups here. */
export const api = {
  ...sessionRoutes,
} as const;

export type Api = typeof api;
export type RouteName = keyof Api;
