import {
  FEATURE_KEYS,
  FIRST_TIME_MESSAGE_VERSION,
  LICENCE_KEYS,
  type Licences,
  PERMISSIONS,
  type UserInfoBundle,
} from '@fieldport/contract';

/** Test support: the user info bundle the server sends after sign-in. */

const all = <K extends string>(keys: readonly K[], value = true) =>
  Object.fromEntries(keys.map((k) => [k, value])) as Record<K, boolean>;

/** The signed-in user's info (UserInfo/userinfo): every licence unless told, the given features, a standalone ERP by default. */
export function bundle(
  userTypeId = 1,
  opts: {
    erp?: Partial<UserInfoBundle['ERPConfig']>;
    features?: Partial<Record<string, boolean>>;
    licences?: Partial<Licences>;
    /** GlobalSettings.PasswordMinLength (the Admin's setting; 6 unless told). */
    passwordMinLength?: number;
    /** UserInfo.FirstTimeMessageSeen: the first-time message's version put away (unless told: this one). */
    firstTimeSeen?: number;
  } = {},
): UserInfoBundle {
  return {
    UserInfo: {
      Id: 10,
      Name: 'Tess Tester',
      EmailAdress: 'tess@demo.test',
      UserTypeId: userTypeId,
      Uiculture: 'en',
      UserLogonName: 'tess',
      CustomerId: null,
      PartnerCompanyId: null,
      FirstTimeMessageSeen: opts.firstTimeSeen ?? FIRST_TIME_MESSAGE_VERSION,
    },
    Version: { Version: '2.4.1', Build: 9821, Revision: 7 },
    Licences: { ...all(LICENCE_KEYS), ...opts.licences },
    ERPConfig: {
      ERPBaseAssembly: 'Standalone',
      ERPFriendlyName: 'Fieldport',
      CustomerReadOnly: false,
      CustomerAddressReadOnly: false,
      CustomerPersonsReadOnly: false,
      SupplierReadOnly: false,
      ...opts.erp,
    },
    GlobalSettings: {
      IsSaasMode: false,
      TimeZone: 'Europe/Oslo',
      WorkHourStart: '08:00',
      WorkHourEnd: '16:00',
      DefaultJobCategoryId: -1,
      ShowNewTimeReport: true,
      PasswordMinLength: opts.passwordMinLength ?? 6,
      Maps: { MainLocationCoordinates: '10.75,59.91', GoogleMapsApiKey: null },
      Features: { ...all(FEATURE_KEYS, false), ...opts.features },
    },
    AuthorizationMatrix: Object.fromEntries(Object.entries(PERMISSIONS).map(([k, v]) => [k, [...v]])),
    FieldMapping: {},
  };
}

/** Every feature switched on. */
export const ALL_FEATURES = all(FEATURE_KEYS);
