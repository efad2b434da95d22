import type { ERPConfig, Features, GlobalSettings, Licences } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { changeWithEvents } from '../common/outbox.ts';
import {
  DEFAULT_COMPANY,
  DEFAULT_EMAIL,
  DEFAULT_ERP,
  DEFAULT_FEATURES,
  DEFAULT_GLOBAL,
  DEFAULT_LICENCES,
} from './settings.defaults.ts';
import { readGroup, type SettingGroup, writeGroup } from './settings.repository.ts';

/** Stored values over the defaults, keeping only known keys of the right type. */
function overlay<T extends object>(defaults: T, stored: Record<string, unknown>): T {
  const out = { ...defaults } as Record<string, unknown>;
  for (const [k, v] of Object.entries(stored)) {
    const d = (defaults as Record<string, unknown>)[k];
    if (k in defaults && (d === null || typeof v === typeof d)) out[k] = v;
  }
  return out as T;
}

/**
 * Settings read on every request (licence checks, user info). Cached for a few seconds: a change
 * made here is seen at once, one made by another server instance within the TTL.
 */
export class SettingsService {
  private cache = new Map<SettingGroup, { at: number; value: Record<string, unknown> }>();
  private readonly db: Db;
  private readonly ttlMs: number;

  constructor(db: Db, ttlMs = 5_000) {
    this.db = db;
    this.ttlMs = ttlMs;
  }

  private async group(g: SettingGroup) {
    const hit = this.cache.get(g);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = await readGroup(this.db, g);
    this.cache.set(g, { at: Date.now(), value });
    return value;
  }

  async write(g: SettingGroup, values: Record<string, unknown>) {
    await writeGroup(this.db, g, values);
    this.cache.delete(g);
  }

  /**
   * A feature's ToggleFeature call (ProjectsEnabled, LeadsEnabled, …): the flag flipped, with the
   * settings event that tells every open screen and the other processes; answers the new value.
   */
  async toggleFeature(caller: Caller, name: keyof Features): Promise<{ Enabled: boolean }> {
    const enabled = !(await this.features())[name];
    await changeWithEvents(this.db, async (tx, emit) => {
      await writeGroup(tx, 'features', { [name]: enabled });
      emit({ entity: 'settings', entityId: 'features', changeType: 'Change', userId: caller.user.id });
    });
    this.cache.delete('features');
    return { Enabled: enabled };
  }

  /** After a change written in another transaction: read the group again. */
  forget(g: SettingGroup) {
    this.cache.delete(g);
  }

  /** After a settings change of another server process (its event): read every group again. */
  forgetAll() {
    this.cache.clear();
  }

  licences = async (): Promise<Licences> => overlay(DEFAULT_LICENCES, await this.group('licences'));
  features = async (): Promise<Features> => overlay(DEFAULT_FEATURES, await this.group('features'));
  erp = async (): Promise<ERPConfig> => overlay(DEFAULT_ERP, await this.group('erp'));
  company = async () => overlay(DEFAULT_COMPANY, await this.group('serviceprovider'));
  email = async () => overlay(DEFAULT_EMAIL, await this.group('email'));
  /**
   * The e-mail templates inside a change's transaction: from the cache, or read with the transaction
   * itself (on the embedded database a read outside it would wait for it to end, which waits for the read).
   */
  async emailIn(tx: Executor) {
    const hit = this.cache.get('email');
    if (hit && Date.now() - hit.at < this.ttlMs) return overlay(DEFAULT_EMAIL, hit.value);
    // A job's change never writes the settings: what it reads is the committed group, fit to keep.
    const value = await readGroup(tx, 'email');
    this.cache.set('email', { at: Date.now(), value });
    return overlay(DEFAULT_EMAIL, value);
  }
  /** The company's time zone inside a change's transaction, read as `emailIn` reads (decision 085). */
  async timeZoneIn(tx: Executor): Promise<string> {
    const hit = this.cache.get('global');
    const value = hit && Date.now() - hit.at < this.ttlMs ? hit.value : await readGroup(tx, 'global');
    return overlay(DEFAULT_GLOBAL, value).TimeZone;
  }
  fieldMapping = async (): Promise<Record<string, string>> =>
    Object.fromEntries(
      Object.entries(await this.group('fieldmapping')).filter(([, v]) => typeof v === 'string'),
    ) as Record<string, string>;
  async global(): Promise<GlobalSettings> {
    const stored = await this.group('global');
    const base = overlay(DEFAULT_GLOBAL, stored);
    const maps = overlay(DEFAULT_GLOBAL.Maps, (stored.Maps as Record<string, unknown>) ?? {});
    return { ...base, Maps: maps, Features: await this.features() };
  }
}
