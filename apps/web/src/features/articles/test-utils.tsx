import type { UserInfoBundle } from '@fieldport/contract';
import { type Handler, fakeServer as scripted } from '../../test/render-page.tsx';
import { ALL_FEATURES, bundle as userInfo } from '../../test/user-info.ts';

export { renderPage } from '../../test/render-page.tsx';

/** The signed-in user's info with every feature on. */
export const bundle = (userTypeId = 1): UserInfoBundle =>
  userInfo(userTypeId, { features: { ...ALL_FEATURES } });

/** The article pages' scripted server (render-page.tsx), signed in as `info`. */
export const fakeServer = (handlers: Record<string, Handler>, info = bundle()) => scripted(handlers, info);
