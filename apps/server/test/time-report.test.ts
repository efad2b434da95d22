import {
  type OpenOrders,
  type TimeReport,
  type TimeRow,
  toLocalDateTime,
  weekStartOf,
} from '@fieldport/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employments, jobs, orderLines, timeEntries } from '../src/db/schema/index.ts';
import {
  createArticle,
  createCustomer,
  createDepartment,
  createJob,
  createPartnerCompany,
  createStore,
} from '../src/dev/factories/index.ts';
import { apiAs, signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

const WEEK = '2026-03-02';

describe.each(engines)('the week time report on %s', (engine) => {
  const s = staffApp(engine, { name: 'Tora Timer' });
  let n = 0;

  async function setup() {
    const customer = await createCustomer(s.t.db);
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 1 });
    const labour = await createArticle(s.t.db, {
      isTimeArticle: true,
      isStockItem: false,
      unit: 'h',
      salesPrice: '900.00',
      name: 'Service hour',
    });
    const travel = await createArticle(s.t.db, {
      isTimeArticle: true,
      isStockItem: false,
      unit: 'h',
      name: 'Travel',
      description: 'Driving to and from customers',
    });
    const tech = await signedInUser(s.t, 2, { name: `Tech ${++n}` });
    return { job, sub: job.subJobs[0]!, labour, travel, tech };
  }
  const rowsOf = async (userId: number) => ({
    internal: (
      await s.t.db.select({ n: count() }).from(timeEntries).where(eq(timeEntries.userId, userId))
    )[0]!.n,
    onJobs: (await s.t.db.select({ n: count() }).from(orderLines).where(eq(orderLines.userId, userId)))[0]!.n,
  });

  it('shows a technician’s hours per day and job: rows of the report and the job’s own time lines', async () => {
    const { job, sub, labour, travel, tech } = await setup();
    const onJob = await tech.api.post('TimeReport/AddRow', {
      WorkDate: '2026-03-03',
      Hours: '7,5',
      ArticleNumber: labour.articleNumber,
      JobId: sub.id,
    });
    expect(onJob.statusCode, onJob.body).toBe(200);
    expect(onJob.json()).toMatchObject({
      Kind: 'Job',
      UserId: tech.user.id,
      Hours: 7.5,
      JobId: sub.id,
      ParentJobId: job.id,
      Locked: false,
    });
    // The same data as the job's hours: the job time call reads the report's row.
    const jobTime = (await s.admin.get(`time/${job.id}`)).json();
    expect(jobTime.TotalHours).toBe(7.5);
    // Hours booked through the job time call show in the report.
    await tech.api.post('time/add', {
      JobId: sub.id,
      ArticleNumber: labour.articleNumber,
      Quantity: 1,
      WorkDate: '2026-03-04',
    });
    const internal = await tech.api.post('TimeReport/AddRow', {
      WorkDate: '2026-03-04',
      Hours: 0.75,
      ArticleNumber: travel.articleNumber,
    });
    expect(internal.json()).toMatchObject({ Kind: 'Internal', Description: 'Travel', JobId: null });

    const report = (await tech.api.get('TimeReport', { WeekStart: '2026-03-05' })).json() as TimeReport;
    expect(report.WeekStart).toBe(WEEK);
    expect(report.WeekEnd).toBe('2026-03-08');
    expect(report.Days).toHaveLength(7);
    expect(report.Users).toHaveLength(1);
    const week = report.Users[0]!;
    expect(week).toMatchObject({
      UserId: tech.user.id,
      WeeklyHours: 37.5,
      TotalHours: 9.25,
      DayTotals: [0, 7.5, 1.75, 0, 0, 0, 0],
      Approved: false,
    });
    expect(week.Rows.map((r) => [r.Kind, r.WorkDate, r.Hours])).toEqual([
      ['Job', '2026-03-03', 7.5],
      ['Internal', '2026-03-04', 0.75],
      ['Job', '2026-03-04', 1],
    ]);
  });

  it('shows this week on the company’s clock when no week is asked for', async () => {
    const { tech } = await setup();
    const { settings, clock } = s.t.app.services;
    const today = toLocalDateTime(clock.now(), (await settings.global()).TimeZone).slice(0, 10);
    const res = await tech.api.get('TimeReport');
    expect(res.statusCode, res.body).toBe(200);
    const week = res.json() as TimeReport;
    expect(week.WeekStart).toBe(weekStartOf(today));
    expect(week.Days).toContain(today);
    expect(week.Users.map((u) => u.UserId)).toEqual([tech.user.id]);
  });

  it('refuses more than 24 hours on a day with the message, and writes nothing', async () => {
    const { sub, labour, travel, tech } = await setup();
    await tech.api.post('TimeReport/AddRow', {
      WorkDate: WEEK,
      Hours: 20,
      ArticleNumber: travel.articleNumber,
    });
    const before = { ...(await writes(s.t.db)), ...(await rowsOf(tech.user.id)) };
    const over = await tech.api.post('TimeReport/AddRow', {
      WorkDate: WEEK,
      Hours: 4.5,
      ArticleNumber: travel.articleNumber,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().Message).toBe(
      'At most 24 hours can be reported on one day: 02.03-2026 would have 24.5 hours.',
    );
    expect(over.json().Errors).toEqual([{ Field: 'Hours', Message: over.json().Message }]);
    // The job time call keeps the same rule.
    const onJob = await tech.api.post('time/add', {
      JobId: sub.id,
      ArticleNumber: labour.articleNumber,
      Quantity: 5,
      WorkDate: WEEK,
    });
    expect(onJob.statusCode).toBe(400);
    expect(onJob.json().Errors[0].Field).toBe('Quantity');
    const alone = await tech.api.post('TimeReport/AddRow', {
      WorkDate: '2026-03-03',
      Hours: 25,
      ArticleNumber: travel.articleNumber,
    });
    expect(alone.statusCode).toBe(400);
    expect({ ...(await writes(s.t.db)), ...(await rowsOf(tech.user.id)) }).toEqual(before);
    // Bad input: no article, a negative hour, a date that is none, an article that is not a time article.
    const part = await createArticle(s.t.db, { isTimeArticle: false });
    for (const body of [
      { WorkDate: WEEK, Hours: 1 },
      { WorkDate: WEEK, Hours: -1, ArticleNumber: travel.articleNumber },
      { WorkDate: '2026-02-30', Hours: 1, ArticleNumber: travel.articleNumber },
      { WorkDate: WEEK, Hours: 1, ArticleNumber: part.articleNumber },
      { WorkDate: '9999-12-31', Hours: 1, ArticleNumber: travel.articleNumber },
    ]) {
      const res = await tech.api.post('TimeReport/AddRow', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect({ ...(await writes(s.t.db)), ...(await rowsOf(tech.user.id)) }).toEqual(before);
    // A week beyond the calendar's end is refused, not a failure.
    expect((await tech.api.get('TimeReport', { WeekStart: '9999-12-31T23:59:59' })).statusCode).toBe(400);
    expect((await tech.api.post('TimeReport/Export', { WeekStart: '9999-12-31' })).statusCode).toBe(400);
    // A change over the day's hours is refused too.
    const row = (await tech.api.get('TimeReport', { WeekStart: WEEK })).json().Users[0].Rows[0] as TimeRow;
    const grown = await tech.api.post('TimeReport/UpdateRow', { Kind: 'Internal', Id: row.Id, Hours: 24.25 });
    expect(grown.statusCode).toBe(400);
    const fine = await tech.api.post('TimeReport/UpdateRow', {
      Kind: 'Internal',
      Id: row.Id,
      Hours: 24,
      Comment: 'Long day',
      RowVersion: row.RowVersion,
    });
    expect(fine.json()).toMatchObject({ Hours: 24, Comment: 'Long day', RowVersion: row.RowVersion + 1 });
    const stale = await tech.api.post('TimeReport/UpdateRow', {
      Kind: 'Internal',
      Id: row.Id,
      Hours: 1,
      RowVersion: row.RowVersion,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('the office sees every technician, approves a week and the week’s rows are locked', async () => {
    const { sub, labour, travel, tech } = await setup();
    const job = (
      await tech.api.post('TimeReport/AddRow', {
        WorkDate: WEEK,
        Hours: 4,
        ArticleNumber: labour.articleNumber,
        JobId: sub.id,
      })
    ).json() as TimeRow;
    const own = (
      await tech.api.post('TimeReport/AddRow', {
        WorkDate: WEEK,
        Hours: 1,
        ArticleNumber: travel.articleNumber,
      })
    ).json() as TimeRow;
    const all = (await s.admin.get('TimeReport', { WeekStart: WEEK })).json() as TimeReport;
    expect(all.Users.map((u) => u.UserId)).toEqual(expect.arrayContaining([tech.user.id, s.technicianId]));
    expect(all.Users.find((u) => u.UserId === tech.user.id)!.TotalHours).toBe(5);

    const approved = await s.admin.post('TimeReport/Approve', {
      UserId: tech.user.id,
      WeekStart: '2026-03-06',
      Approved: true,
    });
    expect(approved.json()).toMatchObject({ UserId: tech.user.id, WeekStart: WEEK, Approved: true });
    expect(approved.json().ApprovedByName).toEqual(expect.any(String));
    const locked = (await tech.api.get('TimeReport', { WeekStart: WEEK })).json().Users[0];
    expect(locked.Approved).toBe(true);
    expect(locked.Rows.every((r: TimeRow) => r.Locked)).toBe(true);

    const before = { ...(await writes(s.t.db)), ...(await rowsOf(tech.user.id)) };
    const message = 'The week of 02.03-2026 is approved: its hours can no longer be changed.';
    const refused = [
      await tech.api.post('TimeReport/AddRow', {
        WorkDate: '2026-03-05',
        Hours: 1,
        ArticleNumber: travel.articleNumber,
      }),
      await tech.api.post('TimeReport/UpdateRow', { Kind: 'Internal', Id: own.Id, Hours: 2 }),
      await tech.api.post('TimeReport/UpdateRow', { Kind: 'Job', Id: job.Id, Hours: 2 }),
      await tech.api.delete(`TimeReport?Kind=Internal&Id=${own.Id}`),
      await tech.api.delete(`TimeReport?Kind=Job&Id=${job.Id}`),
      // The job's own time calls keep the lock.
      await tech.api.post('time/detail/update', { Id: job.Id, Quantity: 3 }),
      await tech.api.post('time/add', {
        JobId: sub.id,
        ArticleNumber: labour.articleNumber,
        Quantity: 1,
        WorkDate: WEEK,
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().Message).toBe(message);
    }
    expect({ ...(await writes(s.t.db)), ...(await rowsOf(tech.user.id)) }).toEqual(before);
    // Another week stays open; opened again, the week can change.
    const next = await tech.api.post('TimeReport/AddRow', {
      WorkDate: '2026-03-09',
      Hours: 1,
      ArticleNumber: travel.articleNumber,
    });
    expect(next.statusCode).toBe(200);
    await s.admin.post('TimeReport/Approve', { UserId: tech.user.id, WeekStart: WEEK, Approved: false });
    const gone = await tech.api.delete(`TimeReport?Kind=Job&Id=${job.Id}`);
    expect(gone.json()).toEqual({ Kind: 'Job', Id: job.Id });
    expect((await s.t.db.select().from(orderLines).where(eq(orderLines.id, job.Id))).length).toBe(0);
  });

  it('keeps each user to their own hours; only the office approves', async () => {
    const { travel, tech } = await setup();
    const row = (
      await tech.api.post('TimeReport/AddRow', {
        WorkDate: WEEK,
        Hours: 1,
        ArticleNumber: travel.articleNumber,
      })
    ).json() as TimeRow;
    const before = await writes(s.t.db);
    expect(
      (await s.technician.get('TimeReport', { WeekStart: WEEK, UserId: String(tech.user.id) })).statusCode,
    ).toBe(403);
    expect(
      (
        await s.technician.post('TimeReport/AddRow', {
          UserId: tech.user.id,
          WorkDate: WEEK,
          Hours: 1,
          ArticleNumber: travel.articleNumber,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await s.technician.post('TimeReport/UpdateRow', { Kind: 'Internal', Id: row.Id, Hours: 2 }))
        .statusCode,
    ).toBe(404);
    expect((await s.technician.delete(`TimeReport?Kind=Internal&Id=${row.Id}`)).statusCode).toBe(404);
    expect(
      (await tech.api.post('TimeReport/Approve', { UserId: tech.user.id, WeekStart: WEEK, Approved: true }))
        .statusCode,
    ).toBe(403);
    // The technician's own report lists the technician alone.
    const mine = (await s.technician.get('TimeReport', { WeekStart: WEEK })).json() as TimeReport;
    expect(mine.Users.map((u) => u.UserId)).toEqual([s.technicianId]);
    expect(await writes(s.t.db)).toEqual(before);
    // The office reports for a technician.
    const forThem = await s.admin.post('TimeReport/AddRow', {
      UserId: tech.user.id,
      WorkDate: WEEK,
      Hours: 2,
      ArticleNumber: travel.articleNumber,
    });
    expect(forThem.json()).toMatchObject({ UserId: tech.user.id, Hours: 2 });
    expect(
      (
        await s.admin.post('TimeReport/AddRow', {
          UserId: 999999,
          WorkDate: WEEK,
          Hours: 1,
          ArticleNumber: travel.articleNumber,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('partners report their own hours without jobs; customer users have no hour list', async () => {
    const { sub, labour, travel } = await setup();
    const company = await createPartnerCompany(s.t.db);
    const partner = await signedInUser(s.t, 5, { partnerCompanyId: company.id });
    const ok = await partner.api.post('TimeReport/AddRow', {
      WorkDate: WEEK,
      Hours: 3,
      ArticleNumber: travel.articleNumber,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const onJob = await partner.api.post('TimeReport/AddRow', {
      WorkDate: WEEK,
      Hours: 1,
      ArticleNumber: labour.articleNumber,
      JobId: sub.id,
    });
    expect(onJob.statusCode).toBe(403);
    const theirs = (await partner.api.get('TimeReport', { WeekStart: WEEK })).json() as TimeReport;
    expect(theirs.Users.map((u) => u.UserId)).toEqual([partner.user.id]);
    expect(
      (await partner.api.get('TimeReport', { WeekStart: WEEK, UserId: String(s.technicianId) })).statusCode,
    ).toBe(403);
    const customer = await createCustomer(s.t.db);
    const employee = await signedInUser(s.t, 6, { customerId: customer.id });
    expect((await employee.api.get('TimeReport', { WeekStart: WEEK })).statusCode).toBe(403);
    expect((await apiAs(s.t.app, null).get('TimeReport', { WeekStart: WEEK })).statusCode).toBe(401);
  });

  it('exports the week as a workbook and lists the time articles with their descriptions', async () => {
    const { travel, tech } = await setup();
    await tech.api.post('TimeReport/AddRow', {
      WorkDate: WEEK,
      Hours: 2,
      ArticleNumber: travel.articleNumber,
    });
    const book = await tech.api.post('TimeReport/Export', { WeekStart: WEEK });
    expect(book.statusCode).toBe(200);
    expect(book.headers['content-type']).toContain('spreadsheetml');
    expect(book.headers['content-disposition']).toContain('time-report-2026-03-02.xlsx');
    expect(book.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(book.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!;
    expect(rows.getRow(2).getCell(1).value).toBe(tech.user.name);
    expect(rows.getRow(2).getCell(6).value).toBe(2);
    expect(wb.worksheets[1]!.getRow(2).getCell(2).value).toBe(2);

    const articles = (await tech.api.get('TimeReport/TimeArticleDescription')).json();
    expect(articles).toContainEqual(
      expect.objectContaining({
        ArticleNumber: travel.articleNumber,
        Description: 'Driving to and from customers',
      }),
    );
    expect(articles.every((a: { Unit: string }) => a.Unit === 'h')).toBe(true);
  });

  it('answers the employment’s hours and the vans', async () => {
    const { tech } = await setup();
    expect((await tech.api.get('employment')).json()).toEqual({
      UserId: tech.user.id,
      UserName: tech.user.name,
      WeeklyHours: 37.5,
      StartDate: null,
    });
    await s.t.db
      .insert(employments)
      .values({ userId: tech.user.id, weeklyHours: '30', startDate: '2025-01-01' });
    expect((await s.admin.get('employment', { UserId: String(tech.user.id) })).json()).toMatchObject({
      WeeklyHours: 30,
    });
    expect((await tech.api.get('TimeReport', { WeekStart: WEEK })).json().Users[0].WeeklyHours).toBe(30);
    expect((await s.technician.get('employment', { UserId: String(tech.user.id) })).statusCode).toBe(403);
  });

  it('the Admin sets a user’s hours per week; the week report counts them; bad input and others write nothing', async () => {
    const { tech } = await setup();
    const set = await s.admin.patch('employment', {
      UserId: tech.user.id,
      WeeklyHours: '32,5',
      StartDate: '2026-02-01',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      UserId: tech.user.id,
      UserName: tech.user.name,
      WeeklyHours: 32.5,
      StartDate: '2026-02-01',
    });
    expect((await tech.api.get('TimeReport', { WeekStart: WEEK })).json().Users[0].WeeklyHours).toBe(32.5);
    // The start date stays when not sent.
    const again = await s.admin.patch('employment', { UserId: tech.user.id, WeeklyHours: 20 });
    expect(again.json()).toMatchObject({ WeeklyHours: 20, StartDate: '2026-02-01' });

    const before = await writes(s.t.db);
    const tooMany = await s.admin.patch('employment', { UserId: tech.user.id, WeeklyHours: 169 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().Errors[0]).toMatchObject({
      Field: 'WeeklyHours',
      Message: 'Must be from 0 to 168 hours.',
    });
    expect((await s.admin.patch('employment', { UserId: tech.user.id, WeeklyHours: 'x' })).statusCode).toBe(
      400,
    );
    expect((await s.admin.patch('employment', { UserId: 999999, WeeklyHours: 10 })).statusCode).toBe(400);
    expect(
      (await s.technician.patch('employment', { UserId: tech.user.id, WeeklyHours: 10 })).statusCode,
    ).toBe(403);
    expect((await tech.api.patch('employment', { UserId: tech.user.id, WeeklyHours: 10 })).statusCode).toBe(
      403,
    );
    expect(await writes(s.t.db)).toEqual(before);
    expect((await tech.api.get('employment')).json().WeeklyHours).toBe(20);
  });

  it('answers the vans', async () => {
    const { tech } = await setup();
    const van = await createStore(s.t.db, {
      storeType: 2,
      userId: tech.user.id,
      name: `Van of ${tech.user.name}`,
    });
    await createStore(s.t.db, { storeType: 2, userId: s.technicianId });
    const mine = (await tech.api.get('UserController/getVehicleList')).json();
    expect(mine).toEqual([
      { StoreId: van.id, Name: van.name, UserId: tech.user.id, UserName: tech.user.name, IsMine: true },
    ]);
    const every = (await s.admin.get('UserController/getVehicleList')).json();
    expect(every.length).toBeGreaterThanOrEqual(2);
  });
});

describe.each(engines)('the dashboard’s open orders on %s', (engine) => {
  const s = staffApp(engine);

  it('lists completed and approved jobs not invoiced, with totals by department and age', async () => {
    const department = await createDepartment(s.t.db);
    const customer = await createCustomer(s.t.db, { freeFromVat: false });
    const labour = await createArticle(s.t.db, {
      isTimeArticle: true,
      isStockItem: false,
      unit: 'h',
      salesPrice: '1000.00',
      vatPercent: '25',
    });
    const make = async (status: number, hours: number, opts: { noInvoice?: boolean } = {}) => {
      const job = await createJob(s.t.db, {
        customerId: customer.id,
        machines: 1,
        orderDepartmentId: department.id,
      });
      await s.admin.post('time/add', {
        JobId: job.subJobs[0]!.id,
        ArticleNumber: labour.articleNumber,
        Quantity: hours,
        WorkDate: '2026-03-02',
        NoInvoice: opts.noInvoice ?? false,
      });
      await s.t.db.update(jobs).set({ jobStatusId: status }).where(eq(jobs.id, job.id));
      return job;
    };
    const completed = await make(50, 2);
    const approved = await make(70, 1.5);
    const open = await make(10, 3);
    const closed = await make(100, 3);
    const free = await make(50, 3, { noInvoice: true });
    const old = new Date(Date.now() - 40 * 86_400_000);
    await s.t.db.update(jobs).set({ createdAt: old }).where(eq(jobs.id, approved.id));

    const res = (await s.admin.get('Dashboard/OpenOrders')).json() as OpenOrders;
    const ids = res.Orders.map((o) => o.JobId);
    expect(ids).toEqual(expect.arrayContaining([completed.id, approved.id]));
    for (const id of [open.id, closed.id, free.id]) expect(ids).not.toContain(id);
    const c = res.Orders.find((o) => o.JobId === completed.id)!;
    expect(c).toMatchObject({
      StatusId: 50,
      DepartmentId: department.id,
      DepartmentName: department.name,
      AgeDays: 0,
      Lines: 1,
      AmountExclVat: 2000,
      AmountInclVat: 2500,
    });
    expect(res.Orders.find((o) => o.JobId === approved.id)!.AgeDays).toBe(40);
    const dept = res.ByDepartment.find((g) => g.Key === String(department.id))!;
    expect(dept).toMatchObject({ Name: department.name, Orders: 2, AmountExclVat: 3500 });
    expect(res.ByAge.map((g) => g.Key)).toEqual(['0-7', '8-30', '31-90', '90+']);
    expect(res.ByAge.find((g) => g.Key === '31-90')!.Orders).toBeGreaterThanOrEqual(1);
    expect(res.TotalExclVat).toBe(res.Orders.reduce((sum, o) => sum + o.AmountExclVat, 0));
    expect((await s.technician.get('Dashboard/OpenOrders')).statusCode).toBe(403);
  });
});
