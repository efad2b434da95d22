import { describe, expect, it } from 'vitest';
import {
  ageOf,
  buildFromDate,
  commonPasswordForms,
  drawerWidth,
  failedPasswordRules,
  hoursOnWeekday,
  isOrderIdWellFormed,
  isOtp,
  isoWeekday,
  isStrongPassword,
  logoMaxWidth,
  maxChars,
  parseDecimal,
  parseWorkHour,
  patchDateOf,
  priorityDeadline,
  requiredValidMail,
  requiredValidPhone,
  roundMinutes,
  roundToQuarterHour,
  toLanguage,
  UserChangeInput,
  visibleTabCount,
  workTimeMinutes,
  workTimeText,
} from '../src/index.ts';

describe('password rules (001 §5)', () => {
  it('lists every rule a weak password breaks, in checklist order', () => {
    expect(failedPasswordRules('abc')).toEqual(['minLength', 'capital', 'digit', 'special']);
    expect(failedPasswordRules('Abcdef1')).toEqual(['special']);
    expect(failedPasswordRules('Demo!2026')).toEqual([]);
  });
  it('takes a higher minimum length (the Admin setting)', () => {
    expect(failedPasswordRules('Demo!2026', 10)).toEqual(['minLength']);
    expect(failedPasswordRules('Demo!20261', 10)).toEqual([]);
    expect(isStrongPassword('Demo!2026', 9)).toBe(true);
    expect(isStrongPassword('Ab1!xy')).toBe(true);
    expect(isStrongPassword('Ab1!x')).toBe(false);
  });
  it('compares a password with the common list lower-cased, and without the special characters around it', () => {
    expect(commonPasswordForms('Password1!')).toEqual(['password1!', 'password1']);
    expect(commonPasswordForms('!!Qwerty123#')).toEqual(['!!qwerty123#', 'qwerty123']);
    // Special characters inside the password stay: 'Demo!2026' is compared as a whole.
    expect(commonPasswordForms('Demo!2026')).toEqual(['demo!2026']);
    expect(commonPasswordForms('Pässword!1')).toEqual(['pässword!1']);
    expect(commonPasswordForms('!!!')).toEqual(['!!!']);
  });
  it('accepts only six-digit codes', () => {
    expect(isOtp('123456')).toBe(true);
    expect(isOtp('12345')).toBe(false);
    expect(isOtp('12345a')).toBe(false);
    expect(isOtp('1234567')).toBe(false);
  });
});

describe('order id (000 §5)', () => {
  it('needs a number on a parent and an L on a child, and exempts parts jobs', () => {
    expect(isOrderIdWellFormed({ ParentId: null, JobTypeId: 1, OrderId: '1042' })).toBe(true);
    expect(isOrderIdWellFormed({ ParentId: null, JobTypeId: 1, OrderId: null })).toBe(false);
    expect(isOrderIdWellFormed({ ParentId: 7, JobTypeId: 1, OrderId: '1042L1' })).toBe(true);
    expect(isOrderIdWellFormed({ ParentId: 7, JobTypeId: 1, OrderId: '1042' })).toBe(false);
    expect(isOrderIdWellFormed({ ParentId: 7, JobTypeId: 3, OrderId: null })).toBe(true);
  });
});

describe('work hours and time rounding', () => {
  it('parses hh:mm to decimal hours and refuses nonsense', () => {
    expect(parseWorkHour('08:30')).toBe(8.5);
    expect(parseWorkHour('16:45')).toBe(16.75);
    expect(parseWorkHour('25:00')).toBeNull();
    expect(parseWorkHour('8.30')).toBeNull();
  });
  it('reads a user’s own working hours as minutes and writes them back as HH:mm (decision 097)', () => {
    expect(workTimeMinutes('6:30')).toBe(390);
    expect(workTimeMinutes('24:00')).toBe(1440);
    expect(workTimeMinutes('7.30')).toBeNull();
    expect([390, 0, 1440].map(workTimeText)).toEqual(['06:30', '00:00', '24:00']);
    expect(UserChangeInput.parse({ WorkStart: ' 6:30 ', WorkEnd: '' })).toEqual({
      WorkStart: '06:30',
      WorkEnd: null,
    });
    expect(UserChangeInput.safeParse({ WorkStart: '25:00' }).error?.issues[0]?.message).toBe(
      'Must be a time as hh:mm.',
    );
  });
  it('takes a weekday’s own hours, then the usual own, then the company’s, side by side (decision 100)', () => {
    const company = { start: 480, end: 960 };
    const user = {
      workStart: 420,
      workEnd: null,
      workDays: [
        { weekday: 5, off: false, start: null, end: 720 },
        { weekday: 6, off: true, start: null, end: null },
      ],
    };
    expect(hoursOnWeekday(user, 1, company)).toEqual({ start: 420, end: 960, own: true });
    expect(hoursOnWeekday(user, 5, company)).toEqual({ start: 420, end: 720, own: true });
    expect(hoursOnWeekday(user, 6, company)).toBeNull();
    const none = { workStart: null, workEnd: null };
    expect(hoursOnWeekday(none, 3, company)).toEqual({ start: 480, end: 960, own: false });
    // Ending before the company's start: an empty day, not an inverted one.
    expect(hoursOnWeekday({ workStart: null, workEnd: 360 }, 2, company)).toEqual({
      start: 480,
      end: 480,
      own: true,
    });
    expect(['2026-11-30', '2026-12-04', '2026-12-06 10:00:00'].map(isoWeekday)).toEqual([1, 5, 7]);
    const days = UserChangeInput.parse({
      WorkDays: [
        { Weekday: 5, WorkEnd: '12:00' },
        { Weekday: 6, Off: true },
      ],
    });
    expect(days.WorkDays).toEqual([
      { Weekday: 5, Off: false, WorkStart: null, WorkEnd: '12:00' },
      { Weekday: 6, Off: true, WorkStart: null, WorkEnd: null },
    ]);
    expect(UserChangeInput.safeParse({ WorkDays: [{ Weekday: 8 }] }).error?.issues[0]?.message).toBe(
      'Must be a weekday from 1 (Monday) to 7 (Sunday).',
    );
  });
  it('rounds to the quarter hour and to the minute increment', () => {
    expect(roundToQuarterHour(8.13)).toBe(8.25);
    expect(roundMinutes(52)).toBe(45);
    expect(roundMinutes(53)).toBe(60);
    expect(roundMinutes(12, 5)).toBe(10);
  });
});

describe('priority deadline (000 §9)', () => {
  const created = new Date('2026-11-20T08:00:00Z');
  it('is red when overdue and a warning inside 24 hours', () => {
    expect(priorityDeadline(4, created, new Date('2026-11-20T13:00:00Z')).level).toBe('error');
    expect(priorityDeadline(24, created, new Date('2026-11-20T10:00:00Z')).level).toBe('warning');
    expect(priorityDeadline(72, created, new Date('2026-11-20T10:00:00Z'))).toEqual({
      remaining: 70,
      level: 'ok',
    });
  });
  it('tells age in days, or hours under a day', () => {
    expect(ageOf(created, new Date('2026-11-20T13:30:00Z'))).toEqual({ daysAgo: 0, hoursAgo: 5 });
    expect(ageOf(created, new Date('2026-11-23T09:00:00Z')).daysAgo).toBe(3);
  });
});

describe('field validation (001 §5)', () => {
  it('gives the documented message keys', () => {
    expect(requiredValidMail('')).toEqual({ key: 'reqired_mail' });
    expect(requiredValidMail('not-mail')).toEqual({ key: 'valid_mail' });
    expect(requiredValidMail('a@b.no')).toBeNull();
    expect(requiredValidPhone('+47 22 33-44 #1')).toBeNull();
    expect(requiredValidPhone('22x')).toEqual({ key: 'valid_tlf' });
    expect(maxChars('abcdef', 5)).toEqual({ key: 'carlimit', values: { n: 5 } });
  });
  it('parses decimals with a comma', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('1 200.25')).toBe(1200.25);
    expect(parseDecimal('abc')).toBeNull();
  });
});

describe('shell layout (001 §2.2, §9)', () => {
  it('sizes the drawer by panel and client height', () => {
    expect(drawerWidth({ childPanelOpen: true, clientHeight: 900 })).toBe(310);
    expect(drawerWidth({ childPanelOpen: true, navMenuWidth: 280, clientHeight: 900 })).toBe(280);
    expect(drawerWidth({ childPanelOpen: false, clientHeight: 1200 })).toBe(95);
    expect(drawerWidth({ childPanelOpen: false, clientHeight: 900 })).toBe(85);
    expect(drawerWidth({ childPanelOpen: false, clientHeight: 700 })).toBe(65);
  });
  it('shows window width / 100 minus 3 tabs', () => {
    expect(visibleTabCount(1280)).toBe(9);
    expect(visibleTabCount(390)).toBe(1);
  });
  it('sizes the logo', () => {
    expect(logoMaxWidth(true, 900)).toBe(36);
    expect(logoMaxWidth(false, 700)).toBe(52);
    expect(logoMaxWidth(false, 900)).toBe(65);
  });
});

describe('version and languages', () => {
  it('counts the build in days since 2000-01-01 and shows it as the patch date', () => {
    expect(buildFromDate(new Date('2000-01-02T12:00:00Z'))).toBe(1);
    expect(patchDateOf(buildFromDate(new Date('2026-11-21T00:00:00Z')))).toBe('2026-11-21');
  });
  it('maps culture variants onto the five languages', () => {
    expect(toLanguage('nb-NO')).toBe('no');
    expect(toLanguage('sv-SE')).toBe('sv');
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage('zh-TW')).toBe('zh-HK');
    expect(toLanguage('zh')).toBe('zh-CN');
    expect(toLanguage('de-DE')).toBe('en');
    expect(toLanguage(null)).toBe('en');
  });
});

describe('which user types exist under which licences (000 §6)', () => {
  it('needs the customer portal for customer users, the partner portal for partners, nothing for staff', async () => {
    const { portalLicenceOf, userTypeLicensed } = await import('../src/index.ts');
    expect([1, 2, 3, 4, 5, 6].map(portalLicenceOf)).toEqual([
      null,
      null,
      null,
      'CustomerPortal',
      'PartnerPortal',
      'CustomerPortal',
    ]);
    const none = { CustomerPortal: false, PartnerPortal: false };
    expect([1, 2, 3, 4, 5, 6].filter((t) => userTypeLicensed(t, none))).toEqual([1, 2, 3]);
    expect([1, 2, 3, 4, 5, 6].filter((t) => userTypeLicensed(t, { ...none, PartnerPortal: true }))).toEqual([
      1, 2, 3, 5,
    ]);
    expect(userTypeLicensed(4, undefined)).toBe(false);
  });
});

describe('job status rules (000 §4)', () => {
  it('keeps approved, closed and deleted jobs as they are: below 70 a job is open to change and deletion', async () => {
    const { isOpen, isDeletable, isCompleteable, isApproveable, JOB_STATUS } = await import(
      '../src/index.ts'
    );
    const ids = [10, 20, 49, 50, 60, 69, 70, 100, 110];
    expect(ids.filter(isOpen)).toEqual([10, 20, 49, 50, 60, 69]);
    expect(ids.filter(isDeletable)).toEqual(ids.filter(isOpen));
    expect(ids.filter(isCompleteable)).toEqual([10, 20, 49]);
    expect(ids.filter(isApproveable)).toEqual([50, 60, 69]);
    expect(JOB_STATUS.Deleted).toBe(110);
  });

  it('shows the approve action from 50 on, and names only 110 deleted', async () => {
    const { showsApproveAction, isDeleted } = await import('../src/index.ts');
    const ids = [10, 20, 49, 50, 60, 69, 70, 100, 110];
    expect(ids.filter(showsApproveAction)).toEqual([50, 60, 69, 70, 100, 110]);
    expect(ids.filter(isDeleted)).toEqual([110]);
  });
});

describe('who may manage which accounts (001 §6)', () => {
  const types = [1, 2, 3, 4, 5, 6];
  it('names staff and customer user types', async () => {
    const { isStaff, isCustomerType } = await import('../src/index.ts');
    expect(types.filter(isStaff)).toEqual([1, 2, 3]);
    expect(types.filter(isCustomerType)).toEqual([4, 6]);
  });
  it('lets Admins manage every account and other staff customer accounts only', async () => {
    const { mayManageUserType } = await import('../src/index.ts');
    expect(types.filter((t) => mayManageUserType(1, t))).toEqual(types);
    for (const caller of [2, 3]) expect(types.filter((t) => mayManageUserType(caller, t))).toEqual([4, 6]);
  });
  it('keeps a customer on customer accounts and a partner company on partner accounts only', async () => {
    const { keepsCustomer, keepsPartnerCompany } = await import('../src/index.ts');
    expect(types.filter(keepsCustomer)).toEqual([4, 6]);
    expect(types.filter(keepsPartnerCompany)).toEqual([5]);
  });
  it('lets nobody switch their own account off', async () => {
    const { mayDeactivate } = await import('../src/index.ts');
    expect(mayDeactivate(7, 7)).toBe(false);
    expect(mayDeactivate(7, 8)).toBe(true);
  });
});
