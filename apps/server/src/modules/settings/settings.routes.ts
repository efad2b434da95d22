import type { settingsRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import { readFilePart } from '../resources/multipart.ts';
import type { SettingsAdminService } from './settings-admin.service.ts';

/** Settings (002 §7.19): parse, authorise, call, present. */
export function settingsHandlers(svc: SettingsAdminService): Handlers<typeof settingsRoutes> {
  return {
    settingsGroupGet: async (ctx) => svc.group(ctx.query.group),
    settingsGroupSave: async (ctx) => svc.saveGroup(callerOf(ctx), ctx.body.Group, ctx.body.Values),
    settingsListGet: async (ctx) => svc.list(ctx.query.group),
    settingsListSave: async (ctx) => svc.saveList(callerOf(ctx), ctx.body),
    settingsByName: async (ctx) => svc.byName(callerOf(ctx), ctx.params.name, ctx.query.group),
    settingsSave: async (ctx) => (await svc.saveList(callerOf(ctx), [ctx.body]))[0]!,
    settingsUpdateLogo: async (ctx) =>
      svc.updateLogo(callerOf(ctx), await readFilePart(ctx.req, 'imageFile')),
  };
}
