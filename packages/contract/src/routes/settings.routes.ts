import { z } from 'zod';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  Setting,
  SettingInput,
  SettingNameParams,
  SettingNameQuery,
  SettingsGroup,
  SettingsGroupInput,
  SettingsGroupQuery,
} from '../schemas/settings.ts';

/**
 * Settings (002 §7.19), the Admin's: company, global, features, e-mail templates and field mapping are
 * written here, checked value by value, all or nothing; licences and the ERP's configuration are read
 * only. Every change writes a settings event.
 */
const admin = users([1], { permission: 'Module.Admin' });

export const settingsRoutes = {
  settingsGroupGet: defineRoute({
    method: 'GET',
    path: sp('settings/group'),
    summary: 'The values of one group, stored over the defaults.',
    access: admin,
    query: SettingsGroupQuery,
    response: json(SettingsGroup),
  }),
  settingsGroupSave: defineRoute({
    method: 'POST',
    path: sp('settings/group'),
    summary: 'Save some values of a writable group; an unknown name or a wrong value refuses all of them.',
    access: admin,
    body: SettingsGroupInput,
    response: json(SettingsGroup),
  }),
  settingsListGet: defineRoute({
    method: 'GET',
    path: sp('settings/list'),
    summary: 'One group as a list of { Group, Name, Value }.',
    access: admin,
    query: SettingsGroupQuery,
    response: json(z.array(Setting)),
  }),
  settingsListSave: defineRoute({
    method: 'POST',
    path: sp('settings/list'),
    summary: 'Save a list of settings of writable groups; all or none.',
    access: admin,
    body: z.array(SettingInput).min(1).max(200),
    response: json(z.array(Setting)),
  }),
  settingsByName: defineRoute({
    method: 'GET',
    path: sp('settings/settingName/:name'),
    summary: 'One setting by name (in the group when given, else the first group that has it).',
    access: admin,
    params: SettingNameParams,
    query: SettingNameQuery,
    response: json(Setting),
  }),
  settingsSave: defineRoute({
    method: 'POST',
    path: sp('settings'),
    summary: 'Save one setting of a writable group.',
    access: admin,
    body: SettingInput,
    response: json(Setting),
  }),
  settingsUpdateLogo: defineRoute({
    method: 'POST',
    path: sp('settings/UpdateLogo'),
    summary:
      'Upload the company logo (multipart imageFile, png or jpeg); Report/logo serves it from then on.',
    access: admin,
    bodyKind: 'multipart',
    body: z.object({ imageFile: z.unknown() }),
    response: json(z.object({ LogoPath: z.string() })),
  }),
} as const;
