import type { UserInfoBundle } from '@fieldport/contract';
import { type Handler, fakeServer as scripted } from '../../test/render-page.tsx';
import { ALL_FEATURES, bundle as userInfo } from '../../test/user-info.ts';

export { bodyOf, type Handler, png, renderPage, where } from '../../test/render-page.tsx';

/** The signed-in user's info with every feature on; suppliers editable and asset types off unless asked. */
export const bundle = (
  userTypeId = 1,
  over: { SupplierReadOnly?: boolean; AssetTypes?: boolean } = {},
): UserInfoBundle =>
  userInfo(userTypeId, {
    erp: { SupplierReadOnly: over.SupplierReadOnly ?? false },
    features: { ...ALL_FEATURES, AssetTypesEnabled: over.AssetTypes ?? false },
  });

/** The machine pages' scripted server (render-page.tsx), signed in as `info`. */
export const fakeServer = (handlers: Record<string, Handler>, info = bundle()) => scripted(handlers, info);
