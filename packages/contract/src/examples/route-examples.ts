import type { RouteDef, RouteInput, RouteOutput } from '../http/route.ts';
import type { Api, RouteName } from '../routes/index.ts';

/**
 * Hand-written examples of the most used calls for the API reference (/api2/docs). The server makes
 * an example of every call from its schemas (apps/server/src/http/openapi-examples.ts) and lays these
 * over it: objects field by field, each item of a list over the made item, anything else replaced.
 * So an entry names only what it wants to say; its types follow the call's own schemas, and
 * apps/server/test/openapi-examples.test.ts parses the result with them.
 */
type DeepPartial<T> = T extends readonly (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export interface RouteExample<R extends RouteDef = RouteDef> {
  params?: DeepPartial<RouteInput<R>['params']>;
  query?: DeepPartial<RouteInput<R>['query']>;
  body?: DeepPartial<RouteInput<R>['body']>;
  response?: DeepPartial<RouteOutput<R>>;
}

/** The demo company's service desk: Nordservice AS, its technician Lars Berg, customer Fjordbygg. */
const globalSettings = {
  TimeZone: 'Europe/Oslo',
  WorkHourStart: '07:00',
  WorkHourEnd: '16:00',
  DefaultJobCategoryId: 4,
  ShowNewTimeReport: true,
  PasswordMinLength: 8,
  Maps: { MainLocationCoordinates: '10.7522,59.9139', GoogleMapsApiKey: null },
};

export const ROUTE_EXAMPLES: { [K in RouteName]?: RouteExample<Api[K]> } = {
  jobSignatureSave: {
    body: {
      SignerName: 'Ingrid Fjordbygg',
      Png: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    },
    response: {
      SignerName: 'Ingrid Fjordbygg',
      SignedAt: '2026-11-24T13:05:00.000Z',
      CapturedBy: 'Lars Berg',
    },
  },
  token: {
    body: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
    response: { token_type: 'Bearer', expires_in: 900 },
  },
  userInfo: {
    response: {
      UserInfo: {
        Id: 7,
        Name: 'Lars Berg',
        EmailAdress: 'lars.berg@nordservice.no',
        UserTypeId: 2,
        Uiculture: 'no',
        UserLogonName: 'lars.berg@nordservice.no',
        CustomerId: null,
        PartnerCompanyId: null,
        FirstTimeMessageSeen: 1,
      },
      Licences: {
        AutoDispatch: true,
        Contracts: true,
        Maps: true,
        MultipleFirms: true,
        ProPlus: true,
        Quotation: true,
        TimeReportCalendar: true,
        CheckList: true,
        CustomerPortal: true,
        PartnerPortal: true,
        CalendarMode: true,
      },
      GlobalSettings: { ...globalSettings, IsSaasMode: false },
      AuthorizationMatrix: {
        'Module.Jobs': [1, 2, 3, 4, 5, 6],
        'Module.NewJob': [1, 2],
        'Module.Planner': [1, 2],
        'Module.Admin': [1],
      },
      FieldMapping: { CustomerNumber: 'Kundenummer' },
    },
  },
  jobGet: {
    response: {
      DisplayName: '10452 Hjullaster L120H',
      JobStatusId: 20,
      StatusName: 'Planned',
      CreatedBy: 'Kari Nilsen',
      InverseParent: [
        { Id: 2052, OrderId: '10452L1', MachineId: 148, MachineName: 'Hjullaster L120H' },
        {
          Id: 2053,
          OrderId: '10452L2',
          MachineId: 151,
          MachineName: 'Gravemaskin EC220E',
          Machine: {
            Id: 151,
            Name: 'Gravemaskin EC220E',
            SerialNumber: 'VCEC220EA00312877',
            Qrcode: 'FP-000151',
            ModelName: 'Volvo EC220E',
            TypeName: 'Excavator',
          },
          CustomerComment: 'Annual service, 2,000 hours.',
          TechnicianComment: '',
          InvoiceComment: '',
        },
      ],
    },
  },
  jobListFiltered: {
    body: {
      Page: 1,
      ItemsPerPage: 50,
      SearchWord: null,
      JobStatusIdList: [10, 20, 30],
      JobSubStatusIdList: null,
      OrderDepartmentIdList: [2],
      JobTypeIdList: null,
      JobPriorityIdList: null,
      CustomerId: null,
      MachineId: null,
      AssignedToMe: false,
    },
    response: {
      Content: [
        { Id: 2051, DisplayName: '10452 Hjullaster L120H', OrderId: '10452' },
        {
          Id: 2047,
          DisplayName: '10448 Hjullaster L90H',
          JobStatusId: 10,
          StatusName: 'New',
          StatusColor: '#1565C0',
          StatusIcon: 'NewReleases',
          JobSubStatusId: null,
          SubStatusName: null,
          JobPriorityId: 3,
          PriorityName: 'Normal',
          OrderId: '10448',
          CustomerId: 19,
          CustomerName: 'Trøndelag Anlegg AS',
          FirstLineComment: 'Starter motor does not engage.',
          DeliveryAddress: { Street: 'Sluppenvegen 10', Zip: '7037', City: 'Trondheim', Country: 'NO' },
          Machines: [
            {
              Id: 2048,
              MachineId: 163,
              MachineName: 'Hjullaster L90H',
              CustomerComment: 'Starter motor clicks, engine does not turn.',
              InvoiceComment: '',
            },
          ],
        },
      ],
      TotalCount: 37,
    },
  },
  customerFiltered: {
    query: { Page: 1, ItemsPerPage: 50, SearchWord: 'Fjord' },
    response: {
      Content: [
        { Id: 12, CustomerNumber: '10234', Name: 'Fjordbygg Entreprenør AS' },
        {
          Id: 27,
          CustomerNumber: '10251',
          Name: 'Fjordkysten Maskinutleie AS',
          DefaultDeliveryAddress: {
            Id: 58,
            CustomerId: 27,
            Name: 'Fjordkysten Maskinutleie AS, Ålesund',
            DisplayName: 'Borgundvegen 340, 6009 Ålesund',
            Street: 'Borgundvegen 340',
            Zip: '6009',
            City: 'Ålesund',
            County: 'Møre og Romsdal',
            Latitude: 62.4682,
            Longitude: 6.2426,
          },
        },
      ],
      TotalCount: 2,
    },
  },
  settingsGroupGet: {
    query: { group: 'global' },
    response: { Group: 'global', Values: globalSettings },
  },
  settingsGroupSave: {
    body: { Group: 'global', Values: { WorkHourStart: '07:00', WorkHourEnd: '15:30' } },
    response: { Group: 'global', Values: { ...globalSettings, WorkHourEnd: '15:30' } },
  },
  settingsListGet: {
    query: { group: 'global' },
    response: [
      { Group: 'global', Name: 'TimeZone', Value: 'Europe/Oslo' },
      { Group: 'global', Name: 'WorkHourStart', Value: '07:00' },
    ],
  },
  settingsListSave: {
    body: [
      { Group: 'global', Name: 'WorkHourStart', Value: '07:00' },
      { Group: 'global', Name: 'WorkHourEnd', Value: '15:30' },
    ],
    response: [
      { Group: 'global', Name: 'WorkHourStart', Value: '07:00' },
      { Group: 'global', Name: 'WorkHourEnd', Value: '15:30' },
    ],
  },
  settingsByName: {
    params: { name: 'TimeZone' },
    query: { group: 'global' },
    response: { Group: 'global', Name: 'TimeZone', Value: 'Europe/Oslo' },
  },
  settingsSave: {
    body: { Group: 'global', Name: 'TimeZone', Value: 'Europe/Stockholm' },
    response: { Group: 'global', Name: 'TimeZone', Value: 'Europe/Stockholm' },
  },
  settingsUpdateLogo: { response: { LogoPath: 'images/logo.png' } },
  myAccountChangePassword: {
    body: { CurrentPassword: 'Vinter!2025', NewPassword: 'Sommer!2026' },
    response: { Success: true, Message: 'Your password has been changed. Your other sign-ins have ended.' },
  },
  myAccountSessions: {
    response: {
      Content: [
        {
          Id: '3f0c2a51-8d7e-4c1b-9a64-2e5d7b90c1aa',
          Started: '2026-11-20T07:42:10',
          LastUsed: '2026-11-24T09:15:03',
          UserAgent:
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
          Current: true,
        },
      ],
      TotalCount: 1,
    },
  },
  myAccountEndSession: {
    params: { id: '9b1e4d22-5a3f-4e8c-b7d1-6c0f2a8e3b47' },
    response: { Success: true, Message: 'The sign-in has been ended.' },
  },
  myAccountEndOtherSessions: { response: { Success: true, Message: 'Other sign-ins ended: 2.', Count: 2 } },
  kpiSummary: {
    query: { month: '2026-11' },
    response: {
      Month: '2026-11',
      Jobs: 42,
      Completed: 35,
      AverageResponseHours: 18.5,
      AverageCompletionHours: 52.3,
      FirstTimeFixes: 29,
      FirstTimeFixRate: 0.829,
      Revisits: 3,
    },
  },
  // A Microsoft identity is a GUID pair; an account without one is the usual case.
  userAdd: { body: { EntraTenantId: null, EntraObjectId: null } },
  userChange: {
    body: {
      EntraTenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
      EntraObjectId: '4d2c1a6e-8a1b-4f3c-9e5d-7b6a5c4d3e2f',
    },
  },
};
