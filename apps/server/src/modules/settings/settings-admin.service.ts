import {
  fieldMessage,
  GROUP_INPUT,
  isLeadEmailSetting,
  LEAD_EMAIL_SETTINGS,
  parseWorkHour,
  type SettingGroupName,
  serverMessage,
  unknownPlaceholders,
  type WritableSettingGroup,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { DomainEvents } from '../common/domain-events.ts';
import { type FieldError, fieldErrorsOf, recordNotFound, validationFailed } from '../common/errors.ts';
import { type ChangeEvent, changeWithEvents } from '../common/outbox.ts';
import type { FileStore } from '../resources/file-store.ts';
import type { UploadedFile } from '../resources/multipart.ts';
import { writeGroup } from './settings.repository.ts';
import type { SettingsService } from './settings.service.ts';

type Values = Record<string, unknown>;

export interface SettingsAdminDeps {
  db: Db;
  settings: SettingsService;
  files: FileStore;
  /** The days counted in the company's time zone (agreements' due days) react to its change. */
  events: DomainEvents;
  /** Whether a job category exists (the jobs module answers; settings sit below it). */
  jobCategoryExists: (id: number) => Promise<boolean>;
}

/**
 * The Admin's settings (002 §7.19). Values are checked by their group's schema in the contract before
 * anything is written; a list is saved whole or not at all, with its settings event, in one transaction.
 */
export class SettingsAdminService {
  private readonly deps: SettingsAdminDeps;
  constructor(deps: SettingsAdminDeps) {
    this.deps = deps;
  }

  /** A group's values over its defaults. */
  async values(group: SettingGroupName): Promise<Values> {
    const s = this.deps.settings;
    switch (group) {
      case 'serviceprovider':
        return s.company();
      case 'global': {
        const { Features: _, ...global } = await s.global();
        return global;
      }
      case 'features':
        return s.features();
      case 'email':
        return s.email();
      case 'fieldmapping':
        return s.fieldMapping();
      case 'licences':
        return s.licences();
      case 'erp':
        return s.erp();
    }
  }

  async group(group: SettingGroupName) {
    return { Group: group, Values: await this.values(group) };
  }

  async list(group: SettingGroupName) {
    return Object.entries(await this.values(group)).map(([Name, Value]) => ({ Group: group, Name, Value }));
  }

  async byName(caller: Caller, name: string, group?: SettingGroupName) {
    const groups = group
      ? [group]
      : (['serviceprovider', 'global', 'features', 'email', 'fieldmapping', 'licences', 'erp'] as const);
    for (const g of groups) {
      const values = await this.values(g);
      // Own keys only: '__proto__' or 'constructor' are no setting.
      if (Object.hasOwn(values, name)) return { Group: g, Name: name, Value: values[name] };
    }
    throw recordNotFound(caller, 'object_setting', name);
  }

  async saveGroup(caller: Caller, group: WritableSettingGroup, values: Values) {
    await this.save(caller, [{ Group: group, Values: values }]);
    return this.group(group);
  }

  async saveList(caller: Caller, items: { Group: WritableSettingGroup; Name: string; Value: unknown }[]) {
    const byGroup = new Map<WritableSettingGroup, Values>();
    for (const item of items)
      byGroup.set(item.Group, { ...byGroup.get(item.Group), [item.Name]: item.Value });
    await this.save(
      caller,
      [...byGroup].map(([Group, Values]) => ({ Group, Values })),
    );
    return Promise.all(
      items.map(async (i) => ({ Group: i.Group, Name: i.Name, Value: (await this.values(i.Group))[i.Name] })),
    );
  }

  /** The company logo Report/logo serves; the one before is removed once the new one is stored. */
  async updateLogo(caller: Caller, image: UploadedFile | null) {
    if (!image)
      throw validationFailed(caller.lang, [
        { Field: 'imageFile', Message: serverMessage('required_field', caller.lang) },
      ]);
    const before = (await this.deps.settings.company()).LogoPath;
    const LogoPath = await this.deps.files.saveImage('logo', image.data, 'imageFile', caller.lang);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await writeGroup(tx, 'serviceprovider', { LogoPath });
      emit(settingsEvent(caller, 'serviceprovider', ['LogoPath']));
    });
    this.deps.settings.forget('serviceprovider');
    if (before && before !== LogoPath) await this.deps.files.remove(before);
    return { LogoPath };
  }

  /** The uploaded logo, or null for the built-in one. */
  async logo() {
    const path = (await this.deps.settings.company()).LogoPath;
    if (!path) return null;
    try {
      return await this.deps.files.readImage(path);
    } catch {
      return null;
    }
  }

  private async save(caller: Caller, groups: { Group: WritableSettingGroup; Values: Values }[]) {
    const errors: FieldError[] = [];
    const checked: { Group: WritableSettingGroup; Values: Values }[] = [];
    for (const { Group, Values } of groups) {
      const parsed = GROUP_INPUT[Group].safeParse(Values);
      if (!parsed.success) {
        errors.push(
          ...fieldErrorsOf(parsed.error, `Values`).map((e) => ({ ...e, Message: this.message(caller, e) })),
        );
        continue;
      }
      errors.push(...(await this.checkTogether(caller, Group, parsed.data as Values)));
      checked.push({ Group, Values: parsed.data as Values });
    }
    if (errors.length) throw validationFailed(caller.lang, errors);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      for (const { Group, Values } of checked) {
        await writeGroup(tx, Group, Values);
        // The counter intervals' due days are days in the company's time zone.
        if (Group === 'global' && 'TimeZone' in Values)
          await this.deps.events.raise(tx, emit, 'timeZoneChanged', {});
        emit(settingsEvent(caller, Group, Object.keys(Values)));
      }
    });
    for (const { Group } of checked) this.deps.settings.forget(Group);
  }

  /** Rules across values: work hours end after they start; the default job category exists. */
  private async checkTogether(
    caller: Caller,
    group: WritableSettingGroup,
    values: Values,
  ): Promise<FieldError[]> {
    if (group === 'email')
      return [...placeholderErrors(caller, values), ...(await this.leadMail(caller, values))];
    if (group !== 'global') return [];
    const merged = { ...(await this.values('global')), ...values } as {
      WorkHourStart: string;
      WorkHourEnd: string;
    };
    const errors: FieldError[] = [];
    if ((parseWorkHour(merged.WorkHourEnd) ?? 0) <= (parseWorkHour(merged.WorkHourStart) ?? 0))
      errors.push({ Field: 'Values.WorkHourEnd', Message: serverMessage('end_before_start', caller.lang) });
    const category = values.DefaultJobCategoryId as number | undefined;
    if (category !== undefined && category > 0) {
      if (!(await this.deps.jobCategoryExists(category)))
        errors.push({
          Field: 'Values.DefaultJobCategoryId',
          Message: recordNotFound(caller, 'object_job_category', category).message,
        });
    }
    return errors;
  }

  /** The new-lead mail switched on needs the address it goes to (as it is after this save). */
  private async leadMail(caller: Caller, values: Values): Promise<FieldError[]> {
    const n = LEAD_EMAIL_SETTINGS;
    if (values[n.enabled] === undefined && values[n.to] === undefined) return [];
    const merged = { ...(await this.values('email')), ...values };
    return merged[n.enabled] === true && String(merged[n.to] ?? '').trim() === ''
      ? [{ Field: `Values.${n.to}`, Message: serverMessage('required_field', caller.lang) }]
      : [];
  }

  /** zod's message for a name the group does not have, in the documents' words. */
  private message(caller: Caller, e: FieldError) {
    const unknown = /^Unrecognized keys?: (.+)$/.exec(e.Message);
    return unknown
      ? serverMessage('unknown_setting', caller.lang, { names: unknown[1]!.replaceAll('"', '') })
      : fieldMessage(e.Message, caller.lang);
  }
}

/** A template's subject, body or text naming a placeholder we do not know: refused with its name. */
function placeholderErrors(caller: Caller, values: Values): FieldError[] {
  return Object.entries(values).flatMap(([name, value]) => {
    const unknown =
      typeof value === 'string' ? unknownPlaceholders(value, isLeadEmailSetting(name) ? 'lead' : 'job') : [];
    return unknown.length
      ? [
          {
            Field: `Values.${name}`,
            Message: serverMessage('unknown_placeholder', caller.lang, {
              names: unknown.map((n) => `{${n}}`).join(', '),
            }),
          },
        ]
      : [];
  });
}

/** The change event of a settings group: the names changed, so clients refresh what shows them. */
const settingsEvent = (caller: Caller, group: string, names: string[]): ChangeEvent => ({
  entity: 'settings',
  entityId: group,
  changeType: 'Change',
  userId: caller.user.id,
  payload: { Group: group, Names: names },
});
