import { isStrongPassword, type ServerMessageKey } from '@fieldport/contract';
import { translatedRefusal } from '../common/errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { isCommonPassword } from './common-passwords.ts';

export interface PasswordRefusal {
  key: Extract<ServerMessageKey, 'password_weak' | 'password_common'>;
  values: Record<string, number>;
}

/**
 * Why a new password is refused, or null: the rules of 001 §5 at the company's minimum length (the
 * Admin's PasswordMinLength, 6 unless raised), then the list of common breached passwords (decision 060).
 * Every path that sets a password asks this: staff setting one, the own change, recovery.
 */
export async function newPasswordRefusal(
  settings: Pick<SettingsService, 'global'>,
  password: string,
): Promise<PasswordRefusal | null> {
  const min = (await settings.global()).PasswordMinLength;
  if (!isStrongPassword(password, min)) return { key: 'password_weak', values: { min } };
  if (await isCommonPassword(password)) return { key: 'password_common', values: {} };
  return null;
}

/** 400 with the refusal on the password's field, in the caller's language; nothing when the password may be set. */
export async function checkNewPassword(
  settings: Pick<SettingsService, 'global'>,
  password: string,
  lang: string | undefined,
  field: string,
): Promise<void> {
  const refusal = await newPasswordRefusal(settings, password);
  if (!refusal) return;
  throw translatedRefusal(lang, 400, refusal.key, refusal.values, field);
}
