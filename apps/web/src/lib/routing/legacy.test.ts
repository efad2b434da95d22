import { describe, expect, it } from 'vitest';
import { autoRedirectTarget } from '../../app/pages/AutoRedirectPage.tsx';
import { legacyJobPath } from '../../app/pages/JobLegacyRedirectPage.tsx';
import { legacyJobListFilter, normaliseJobFilter, parseJobFilter } from './job-filter.ts';
import { legacyAddressOf, mapLegacyAddress } from './legacy.ts';
import { getRoute } from './routes.ts';

describe('old-site addresses (001 §2.3 Redirect, §2.12)', () => {
  it('maps the job edit page to the job view with filter my', () => {
    expect(autoRedirectTarget('https://old.example.com/Views/JobEdit.aspx?id=123')).toBe(
      '/job/list/my/view/123',
    );
    const target = mapLegacyAddress('Views/JobEdit.aspx?id=123');
    expect(target?.route.name).toBe('ViewJob');
    expect(target?.params).toEqual({ filter: 'my', jobId: '123' });
  });

  it('maps the job list with status and sub-status', () => {
    expect(autoRedirectTarget('/Views/JobList.aspx?leftmenuid=20&jobsubstatusid=3')).toBe(
      '/job/list/status-20-3',
    );
    expect(autoRedirectTarget('JobList.aspx?status=10')).toBe('/job/list/status-10-0');
    expect(autoRedirectTarget('JobList.aspx?LeftMenuId=50&JobSubStatusId=0')).toBe('/job/list/status-50-0');
    expect(autoRedirectTarget('JobList.aspx')).toBe('/job/list/my');
  });

  it('maps ids to the route parameter names', () => {
    expect(autoRedirectTarget('CustomerEdit.aspx?id=77')).toBe('/customer/77');
    expect(autoRedirectTarget('MachineEdit.aspx?id=9')).toBe('/pim/machine-list/9');
    expect(autoRedirectTarget('DepartmentEdit.aspx?id=4')).toBe('/admin/departments/4');
    expect(autoRedirectTarget('ArticleEdit.aspx?id=12&articlenumber=AB-1')).toBe('/pim/articles/12/AB-1');
    expect(autoRedirectTarget('ContractList.aspx?typeId=3')).toBe('/agreements/contracts/3');
    expect(autoRedirectTarget('NewJob.aspx?customerid=5&machineid=8')).toBe(
      '/job/list/my/newjob/start?customerId=5&machineId=8',
    );
    expect(autoRedirectTarget('Appointment.aspx?jobid=5&id=11')).toBe('/job/list/my/view/5/planning/11');
  });

  it('unknown pages and pages without their id go Home', () => {
    expect(autoRedirectTarget('https://old.example.com/Views/Nonsense.aspx?id=1')).toBe('/');
    expect(autoRedirectTarget('CustomerEdit.aspx')).toBe('/');
    expect(autoRedirectTarget('')).toBe('/');
    expect(autoRedirectTarget('Login.aspx')).toBe('/');
  });

  it('writes the old-site address of a route the other way round', () => {
    expect(legacyAddressOf(getRoute('JobList'), { filter: 'status-20-3' })).toBe(
      'Views/JobList.aspx?leftmenuid=20&jobsubstatusid=3',
    );
    expect(legacyAddressOf(getRoute('ViewJobGeneral'), { filter: 'my', jobId: '5' })).toBe(
      'Views/JobEdit.aspx?filter=my&id=5',
    );
    expect(legacyAddressOf(getRoute('ViewArticleInfo'), { articleId: '2', articleNumber: 'X' })).toBe(
      'Views/ArticleEdit.aspx?id=2&articlenumber=X',
    );
    expect(legacyAddressOf(getRoute('Contracts'), { contractTypeId: '3' })).toBe(
      'Views/ContractList.aspx?typeId=3',
    );
    expect(legacyAddressOf(getRoute('QrCodes'))).toBe('Views/QrCodes.aspx');
    expect(legacyAddressOf(getRoute('Redirect'))).toBeNull();
  });

  it('an address written by the old-site link maps back to the same route', () => {
    for (const [name, params] of [
      ['JobList', { filter: 'status-20-3' }],
      ['ViewCustomer', { customerId: '8' }],
      ['Supplier', { supplierId: '4' }],
      ['Planner', { appointmentId: '6' }],
    ] as const) {
      const address = legacyAddressOf(getRoute(name), params);
      const back = mapLegacyAddress(address ?? '');
      expect(back?.route.name, name).toBe(name);
      expect(back?.params, name).toEqual(params);
    }
  });
});

describe('job list filter (001 §2.8)', () => {
  it('reads my, parts and status-{statusId}-{subStatusId}', () => {
    expect(parseJobFilter('my')).toEqual({ kind: 'my' });
    expect(parseJobFilter('parts')).toEqual({ kind: 'parts' });
    expect(parseJobFilter('status-10-0')).toEqual({ kind: 'status', statusId: 10, subStatusId: 0 });
    expect(parseJobFilter('status-10')).toBeNull();
    expect(parseJobFilter('week-50')).toEqual({ kind: 'week', statusId: 50 });
    expect(parseJobFilter('everything')).toBeNull();
  });

  it('puts older spellings in the current form', () => {
    expect(normaliseJobFilter('status-10')).toBe('status-10-0');
    expect(normaliseJobFilter('Status_20_4')).toBe('status-20-4');
    expect(normaliseJobFilter('30')).toBe('status-30-0');
    expect(normaliseJobFilter('mine')).toBe('my');
    expect(normaliseJobFilter('nonsense')).toBeNull();
  });

  it('redirects older job list addresses', () => {
    const q = (s = '') => new URLSearchParams(s);
    expect(legacyJobListFilter('list', q())).toBe('my');
    expect(legacyJobListFilter('', q('statusId=20&subStatusId=2'))).toBe('status-20-2');
    expect(legacyJobListFilter('list/status/10/2', q())).toBe('status-10-2');
    expect(legacyJobListFilter('status/10', q())).toBe('status-10-0');
    expect(legacyJobListFilter('list/60/1', q())).toBe('status-60-1');
    expect(legacyJobListFilter('parts', q())).toBe('parts');
    expect(legacyJobListFilter('status-10-2', q())).toBe('status-10-2');
    expect(legacyJobListFilter('list/status/abc', q())).toBeNull();
    expect(legacyJobPath('my', q())).toBe('/job/list/my');
    expect(legacyJobPath('list/status/10/2', q())).toBe('/job/list/status-10-2');
    expect(legacyJobPath('view/15', q())).toBe('/job/list/my/view/15');
    expect(legacyJobPath('newjob', q())).toBe('/job/list/my/newjob/start');
    expect(legacyJobPath('customers/1', q())).toBeNull();
  });
});
