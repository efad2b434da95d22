// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import { type Appointment, DEVICE_STORE_MAX_BYTES, UserType } from '@fieldport/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCanvas } from '../../components/signature/test-canvas.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { deviceStoreOwner } from '../../lib/device-store/active.ts';
import { STORE_KEYS, type StoredVisits } from '../../lib/device-store/keys.ts';
import { clearDeviceStore } from '../../lib/device-store/session.ts';
import { deviceDbName, openDeviceStore } from '../../lib/device-store/store.ts';
import { clearOutbox } from '../../lib/outbox/state.ts';
import { json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobRecord } from '../jobs/test-data.ts';

resetAppBetweenTests(390);

const WAIT = { timeout: 15_000 };
const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';

const visit = (
  id: number,
  jobId: number,
  start: string,
  end: string,
  over: Partial<Appointment> = {},
): Appointment => ({
  Id: id,
  Subject: `Visit ${id}`,
  AppointmentDate: start.slice(0, 10),
  StartTime: start,
  EndTime: end,
  JobId: jobId,
  Type: 1,
  IsAbsence: false,
  Participants: [{ Id: 10, Name: 'Tess Tester' }],
  RowVersion: 1,
  Job: {
    Id: jobId,
    DisplayName: `Job ${jobId}`,
    OrderId: null,
    JobStatusId: 20,
    StatusName: 'Planned',
    StatusColor: '#1976d2',
    JobTypeId: 1,
    JobTypeName: 'Service',
    CustomerId: 4,
    CustomerName: `Customer ${jobId}`,
    Address: `Street ${jobId}, 0150 Oslo`,
    EstimatedTime: null,
  },
  ...over,
});

// Given out of order: the page puts them in time order.
const visits = [
  visit(3, 103, `${TOMORROW}T08:00:00`, `${TOMORROW}T09:00:00`),
  visit(2, 102, `${TODAY}T13:00:00`, `${TODAY}T15:00:00`),
  visit(1, 101, `${TODAY}T08:00:00`, `${TODAY}T09:30:00`),
  visit(4, 104, `${TODAY}T10:00:00`, `${TODAY}T12:00:00`),
  visit(5, 0, `${TODAY}T15:00:00`, `${TODAY}T16:00:00`, { IsAbsence: true, JobId: null, Job: null }),
];

const contact = {
  Id: 3,
  CustomerId: 4,
  Name: 'Kari Nordmann',
  Email: 'kari@example.test',
  Mobile: '+47 912 34 567',
  FixedPhone: '',
  SmsAllowed: true,
  EmailAllowed: true,
  IsActive: true,
  IsDefault: true,
  RowVersion: 1,
};

const address = {
  Id: 8,
  CustomerId: 4,
  Name: 'Plant room',
  DisplayName: 'Plant room',
  Street: 'Kongens gate 1',
  Zip: '0153',
  City: 'Oslo',
  County: '',
  Country: 'NO',
  Latitude: 59.9075,
  Longitude: 10.7419,
  IsDelivery: true,
  IsInvoice: false,
  IsDefault: true,
  IsReadOnly: false,
  RowVersion: 1,
};

const answer = (req: Req) => {
  if (req.path === 'Appointment/DateRange/') return json(200, visits);
  const job = /^job\/(\d+)$/.exec(req.path);
  if (job) {
    const id = Number(job[1]);
    return json(200, jobRecord(id, id === 104 ? { ContactPerson: contact, DeliveryAddress: address } : {}));
  }
  return undefined;
};

describe("a technician's Today", () => {
  beforeEach(() => {
    // 09:45 in Oslo (the company's zone): the 08:00 visit is over, the 10:00 one is next.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${TODAY}T08:45:00Z`));
  });
  afterEach(async () => {
    vi.useRealTimers();
    // What a test left queued on the device goes with it.
    cleanup();
    await clearOutbox(bundle(2).UserInfo.Id);
    await clearDeviceStore(bundle(2).UserInfo.Id);
  });

  it('is the start page on a phone, and asks for the caller’s own visits from today on', async () => {
    const { requests } = renderApp('/', answer, bundle(2));
    await screen.findByTestId('today', {}, WAIT);
    expect(where()).toBe('/my-page/today');
    const read = requests.find((r) => r.path === 'Appointment/DateRange/')!;
    expect(Object.fromEntries(read.query)).toEqual({
      date1: TODAY,
      date2: '2026-11-27',
      includeJob: 'true',
      mine: 'true',
    });
  });

  it('lists the visits in time order, the next one first and marked, those over after, then tomorrow', async () => {
    renderApp('/my-page/today', answer, bundle(2));
    const today = await screen.findByTestId(`day-${TODAY}`, {}, WAIT);
    expect(within(today).getByRole('heading', { level: 2 }).textContent).toBe('Today');
    const cards = within(today).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('data-testid'))).toEqual(['visit-4', 'visit-2', 'visit-1']);
    expect(within(cards[0]!).getByText('Next visit')).toBeTruthy();
    expect(within(cards[0]!).getByTestId('visit-window').textContent).toBe('10:00–12:00');
    expect(within(cards[1]!).queryByText('Next visit')).toBeNull();
    expect(screen.getAllByText('Next visit')).toHaveLength(1);
    expect(within(today).getByRole('heading', { name: 'Done earlier today' })).toBeTruthy();
    // The absence is no visit.
    expect(screen.queryByTestId('visit-5')).toBeNull();
    const tomorrow = screen.getByTestId(`day-${TOMORROW}`);
    expect(within(tomorrow).getByRole('heading', { level: 2 }).textContent).toBe('Tomorrow');
    expect(
      within(tomorrow)
        .getAllByRole('article')
        .map((c) => c.dataset.testid),
    ).toEqual(['visit-3']);
  });

  it('links the job, the address to the maps app and the contact to call and write', async () => {
    renderApp('/my-page/today', answer, bundle(2));
    const card = await screen.findByTestId('visit-4', {}, WAIT);
    expect(within(card).getByRole('link', { name: 'Job 104' }).getAttribute('href')).toBe(
      '/job/list/my/view/104',
    );
    expect(within(card).getByText('Customer 104 · Planned')).toBeTruthy();
    // The job's delivery address with its coordinates, once the job is read.
    const directions = await within(card).findByRole(
      'link',
      { name: 'Directions to Kongens gate 1, 0153 Oslo' },
      WAIT,
    );
    expect(directions.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=59.9075%2C10.7419',
    );
    const call = within(card).getByRole('link', { name: 'Call Kari Nordmann, +47 912 34 567' });
    expect(call.getAttribute('href')).toBe('tel:+4791234567');
    expect(within(card).getByRole('link', { name: 'E-mail Kari Nordmann' }).getAttribute('href')).toBe(
      'mailto:kari@example.test',
    );
    // A job with no coordinates: the address text; no contact: no call link.
    const other = screen.getByTestId('visit-2');
    expect(
      within(other)
        .getByRole('link', { name: /^Directions to/ })
        .getAttribute('href'),
    ).toBe('https://www.google.com/maps/dir/?api=1&destination=Street%20102%2C%200150%20Oslo');
    expect(within(other).queryByRole('link', { name: /^Call/ })).toBeNull();
  });

  it('sets out to a visit with On my way: the contact is told and the card says so', async () => {
    let onTheWay = false;
    const { requests } = renderApp(
      '/my-page/today',
      (req) => {
        if (req.method === 'POST' && req.path === 'Appointment/4/OnMyWay') {
          onTheWay = true;
          return json(200, { OnMyWayAt: `${TODAY}T09:45:00` });
        }
        if (req.path === 'Appointment/DateRange/' && onTheWay)
          return json(
            200,
            visits.map((v) => (v.Id === 4 ? { ...v, OnMyWay: true as const } : v)),
          );
        return answer(req);
      },
      bundle(2),
    );
    const card = await screen.findByTestId('visit-4', {}, WAIT);
    expect(within(card).queryByTestId('on-my-way')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'On my way' }));
    expect(await screen.findByText('The customer has been told you are on the way.', {}, WAIT)).toBeTruthy();
    expect((await within(card).findByTestId('on-my-way', {}, WAIT)).textContent).toBe('On the way');
    expect(within(card).queryByRole('button', { name: 'On my way' })).toBeNull();
    expect(requests.filter((r) => r.path === 'Appointment/4/OnMyWay')).toHaveLength(1);
    // A visit over already offers no setting out.
    expect(within(screen.getByTestId('visit-1')).queryByRole('button', { name: 'On my way' })).toBeNull();
  });

  it('on the way, shares the phone’s position only when asked, and stops when told', async () => {
    let sendPosition: PositionCallback | undefined;
    const clearWatch = vi.fn();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        watchPosition: (ok: PositionCallback) => {
          sendPosition = ok;
          return 7;
        },
        clearWatch,
      },
    });
    const { requests } = renderApp(
      '/my-page/today',
      (req) => {
        if (req.method === 'POST' && req.path === 'Appointment/4/Position')
          return json(200, { RecordedAt: `${TODAY}T09:50:00` });
        if (req.path === 'Appointment/DateRange/')
          return json(
            200,
            visits.map((v) => (v.Id === 4 ? { ...v, OnMyWay: true as const } : v)),
          );
        return answer(req);
      },
      bundle(2),
    );
    const card = await screen.findByTestId('visit-4', {}, WAIT);
    const share = await within(card).findByRole('button', { name: 'Share my position' }, WAIT);
    // Nothing is read or sent before the technician chooses to.
    expect(sendPosition).toBeUndefined();
    fireEvent.click(share);
    expect(within(card).getByTestId('sharing-position').textContent).toContain(
      'they never see where you are',
    );
    act(() => sendPosition!({ coords: { latitude: 59.76, longitude: 10.31 } } as GeolocationPosition));
    // A second reading within 30 s is not sent.
    act(() => sendPosition!({ coords: { latitude: 59.75, longitude: 10.29 } } as GeolocationPosition));
    await waitFor(
      () =>
        expect(
          requests.filter((r) => r.method === 'POST' && r.path === 'Appointment/4/Position'),
        ).toHaveLength(1),
      WAIT,
    );
    expect(
      requests.filter((r) => r.method === 'POST' && r.path === 'Appointment/4/Position')[0]!.body,
    ).toEqual({
      Latitude: 59.76,
      Longitude: 10.31,
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Stop sharing' }));
    expect(clearWatch).toHaveBeenCalledWith(7);
    expect(within(card).queryByTestId('sharing-position')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('says so when nothing is booked', async () => {
    renderApp(
      '/my-page/today',
      (req) => (req.path === 'Appointment/DateRange/' ? json(200, []) : undefined),
      bundle(2),
    );
    expect(await screen.findByText('No visits booked today.', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('No visits booked in the next 3 days.')).toBeTruthy();
  });

  it('a status set offline shows at once, marked waiting to send and counted in the header, and is sent once when online', async () => {
    const setOnline = (value: boolean) => {
      Object.defineProperty(navigator, 'onLine', { value, configurable: true });
      act(() => {
        window.dispatchEvent(new Event(value ? 'online' : 'offline'));
      });
    };
    const statuses = [
      { Id: 10, Name: 'New', SubStatuses: [] },
      {
        Id: 30,
        Name: 'In progress',
        SubStatuses: [
          { Id: 4, ParentId: 30, Name: 'Travelling' },
          { Id: 5, ParentId: 30, Name: 'On site' },
        ],
      },
      { Id: 50, Name: 'Completed', SubStatuses: [] },
    ];
    const changes: Req[] = [];
    const { requests } = renderApp(
      '/my-page/today',
      (req) => {
        if (req.path === 'JobStatus/GetAll') return json(200, statuses);
        // The server's visits after the change.
        if (req.path === 'Appointment/DateRange/' && changes.length > 0)
          return json(
            200,
            visits.map((v) =>
              v.Job?.Id === 104 ? { ...v, Job: { ...v.Job, JobStatusId: 30, StatusName: 'In progress' } } : v,
            ),
          );
        if (req.path === 'Job/104/ChangeStatus') {
          changes.push(req);
          return json(
            200,
            jobRecord(104, {
              JobStatusId: 30,
              StatusName: 'In progress',
              JobSubStatusId: 4,
              SubStatusName: 'Travelling',
            }),
          );
        }
        return answer(req);
      },
      bundle(2),
    );
    const user = userEvent.setup();
    const card = await screen.findByTestId('visit-4', {}, WAIT);
    const setStatus = await within(card).findByRole('button', { name: 'Set status' }, WAIT);
    try {
      setOnline(false);
      expect(await screen.findByTestId('offline-banner', {}, WAIT)).toBeTruthy();
      await user.click(setStatus);
      await user.click(await screen.findByRole('menuitem', { name: 'In progress · Travelling' }, WAIT));

      // At once, before any answer: the new status, marked, and the header's count.
      expect(
        (await within(card).findByText('Customer 104 · In progress · Travelling', {}, WAIT)).textContent,
      ).toBeTruthy();
      expect(within(card).getByText('Waiting to send')).toBeTruthy();
      expect(screen.getByRole('status', { name: '1 change waiting to send' })).toBeTruthy();
      expect(screen.getByTestId('offline-banner').textContent).toBe(
        'You are offline. Your changes are kept on this device and sent when the connection is back.',
      );
      expect(changes).toHaveLength(0);

      setOnline(true);
      await waitFor(() => expect(within(card).queryByText('Waiting to send')).toBeNull(), WAIT);
      expect(screen.queryByTestId('outbox-count')).toBeNull();
      expect(screen.queryByTestId('offline-banner')).toBeNull();
      expect(within(card).getByText('Customer 104 · In progress')).toBeTruthy();
      expect(changes).toHaveLength(1);
      expect(Object.fromEntries(changes[0]!.query)).toEqual({
        jobStatusId: '30',
        jobSubStatusId: '4',
        rowVersion: String(jobRecord(104).RowVersion),
      });
      expect(requests.filter((r) => r.path === 'Job/104/ChangeStatus')).toHaveLength(1);
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });

  it('logging out with changes not yet sent asks first, and staying keeps them', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      const statuses = [{ Id: 30, Name: 'In progress', SubStatuses: [] }];
      renderApp(
        '/my-page/today',
        (req) => (req.path === 'JobStatus/GetAll' ? json(200, statuses) : answer(req)),
        bundle(2),
      );
      const user = userEvent.setup();
      const card = await screen.findByTestId('visit-4', {}, WAIT);
      await user.click(await within(card).findByRole('button', { name: 'Set status' }, WAIT));
      await user.click(await screen.findByRole('menuitem', { name: 'In progress' }, WAIT));
      await screen.findByRole('status', { name: '1 change waiting to send' }, WAIT);

      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      await user.click(await screen.findByRole('link', { name: 'Log out' }, WAIT));
      const dialog = await screen.findByRole('dialog', { name: 'Changes not sent yet' }, WAIT);
      expect(
        within(dialog).getByText(
          '1 change on this device has not reached the server. Logging out deletes it.',
        ),
      ).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByTestId('today', {}, WAIT)).toBeTruthy();
      expect(screen.getByRole('status', { name: '1 change waiting to send' })).toBeTruthy();
      expect(within(screen.getByTestId('visit-4')).getByText('Waiting to send')).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });

  it('completing asks for the customer’s signature first; the signature is sent, then the status, each once', async () => {
    fakeCanvas();
    const statuses = [{ Id: 50, Name: 'Completed', SubStatuses: [] }];
    const sent: Req[] = [];
    renderApp(
      '/my-page/today',
      (req) => {
        if (req.path === 'JobStatus/GetAll') return json(200, statuses);
        if (req.path === 'Job/104/Signature') {
          sent.push(req);
          return json(200, {
            JobId: 104,
            SignerName: 'Ola Kunde',
            SignedAt: `${TODAY}T11:00:00.000Z`,
            CapturedBy: 'Tess Tester',
          });
        }
        if (req.path === 'Job/104/ChangeStatus') {
          sent.push(req);
          return json(200, jobRecord(104, { JobStatusId: 50, StatusName: 'Completed' }));
        }
        return answer(req);
      },
      bundle(2),
    );
    const user = userEvent.setup();
    const card = await screen.findByTestId('visit-4', {}, WAIT);
    await user.click(await within(card).findByRole('button', { name: 'Set status' }, WAIT));
    await user.click(await screen.findByRole('menuitem', { name: 'Completed' }, WAIT));
    const pad = await screen.findByRole('dialog', { name: "Customer's signature" }, WAIT);
    expect(sent).toHaveLength(0);
    const area = within(pad).getByRole('img', { name: 'Signature area, empty' });
    fireEvent.pointerDown(area, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(area, { pointerId: 1, clientX: 80, clientY: 30 });
    fireEvent.pointerUp(area, { pointerId: 1 });
    await user.type(within(pad).getByRole('textbox', { name: /Signer's name/ }), 'Ola Kunde');
    await user.click(within(pad).getByRole('button', { name: 'Done' }));

    await waitFor(
      () => expect(sent.map((r) => r.path)).toEqual(['Job/104/Signature', 'Job/104/ChangeStatus']),
      WAIT,
    );
    expect(sent[0]!.body).toEqual({ SignerName: 'Ola Kunde', Png: 'iVBORw0KGgo=' });
    await waitFor(() => expect(screen.queryByTestId('outbox-count')).toBeNull(), WAIT);
    vi.restoreAllMocks();
  });

  it('a change the office overtook shows both sides; keeping mine sends it again on the office’s version', async () => {
    const statuses = [
      { Id: 30, Name: 'In progress', SubStatuses: [{ Id: 4, ParentId: 30, Name: 'Travelling' }] },
      { Id: 50, Name: 'Completed', SubStatuses: [] },
    ];
    const base = jobRecord(104, { ContactPerson: contact, DeliveryAddress: address });
    // The office completes the job while the technician's change is on its way.
    const office = { ...base, JobStatusId: 50, StatusName: 'Completed', RowVersion: base.RowVersion + 1 };
    const changes: Req[] = [];
    renderApp(
      '/my-page/today',
      (req) => {
        if (req.path === 'JobStatus/GetAll') return json(200, statuses);
        if (req.path === 'job/104') return json(200, changes.length > 0 ? office : base);
        if (req.path === 'Job/104/ChangeStatus') {
          changes.push(req);
          return req.query.get('rowVersion') === String(office.RowVersion)
            ? json(200, { ...office, JobStatusId: 30, StatusName: 'In progress', JobSubStatusId: 4 })
            : json(409, { Message: 'The job was changed by someone else since you opened it.' });
        }
        return answer(req);
      },
      bundle(2),
    );
    const user = userEvent.setup();
    const card = await screen.findByTestId('visit-4', {}, WAIT);
    await user.click(await within(card).findByRole('button', { name: 'Set status' }, WAIT));
    await user.click(await screen.findByRole('menuitem', { name: 'In progress · Travelling' }, WAIT));

    const conflict = await within(card).findByTestId('outbox-conflict', {}, WAIT);
    expect(within(conflict).getByText('The office changed this job while your change waited.')).toBeTruthy();
    expect(within(conflict).getByText('Your change: In progress · Travelling')).toBeTruthy();
    expect(within(conflict).getByText('The office’s: Completed')).toBeTruthy();
    expect(screen.getByRole('status', { name: '1 change waiting to send' })).toBeTruthy();
    expect(changes).toHaveLength(1);

    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(within(card).queryByTestId('outbox-conflict')).toBeNull(), WAIT);
    await waitFor(() => expect(screen.queryByTestId('outbox-count')).toBeNull(), WAIT);
    expect(changes.map((c) => c.query.get('rowVersion'))).toEqual([
      String(base.RowVersion),
      String(office.RowVersion),
    ]);
  });
});

describe("a technician's Today kept on the device", () => {
  const ME = bundle(2).UserInfo.Id;
  /** The server out of reach: every call fails as fetch does without a network. */
  const unreachable = () => {
    throw new TypeError('Failed to fetch');
  };
  const stored = async (key: string) => {
    const { store } = await openDeviceStore(ME, DEVICE_STORE_MAX_BYTES);
    const record = await store.get(key);
    store.close();
    return record?.value;
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${TODAY}T08:45:00Z`));
  });
  afterEach(async () => {
    vi.useRealTimers();
    cleanup();
    await clearOutbox(ME);
    await clearDeviceStore(ME);
  });

  it('keeps what it reads online, and says nothing of freshness then', async () => {
    renderApp('/my-page/today', answer, bundle(2));
    await screen.findByTestId('visit-4', {}, WAIT);
    await waitFor(async () => {
      expect(((await stored(STORE_KEYS.visits)) as StoredVisits | undefined)?.list).toHaveLength(5);
      expect(await stored(STORE_KEYS.job(104))).toMatchObject({ Id: 104, ContactPerson: contact });
    }, WAIT);
    expect(screen.queryByTestId('stored-as-of')).toBeNull();
  });

  it('offline, shows the visits and contacts kept on the device, and as of when', async () => {
    const savedAt = Date.now() - 33 * 60_000;
    const { store } = await openDeviceStore(ME, DEVICE_STORE_MAX_BYTES);
    await store.put(
      STORE_KEYS.visits,
      { from: TODAY, to: '2026-11-27', list: visits } satisfies StoredVisits,
      savedAt,
    );
    await store.put(
      STORE_KEYS.job(104),
      jobRecord(104, { ContactPerson: contact, DeliveryAddress: address }),
      savedAt,
    );
    store.close();

    renderApp('/my-page/today', unreachable, bundle(2));
    const card = await screen.findByTestId('visit-4', {}, WAIT);
    expect(within(card).getByText('Customer 104 · Planned')).toBeTruthy();
    expect(
      (
        await within(card).findByRole('link', { name: 'Call Kari Nordmann, +47 912 34 567' }, WAIT)
      ).getAttribute('href'),
    ).toBe('tel:+4791234567');
    expect(screen.getByTestId('visit-3')).toBeTruthy();
    expect((await screen.findByTestId('stored-as-of', {}, WAIT)).textContent).toBe(
      `As of ${dayjs(savedAt).format('HH:mm')}, kept on this device`,
    );
  });

  it('gone offline with the page open, says as of when it was read', async () => {
    renderApp('/my-page/today', answer, bundle(2));
    await screen.findByTestId('visit-4', {}, WAIT);
    const readAt = Date.now();
    expect(screen.queryByTestId('stored-as-of')).toBeNull();
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect((await screen.findByTestId('stored-as-of', {}, WAIT)).textContent).toBe(
        `As of ${dayjs(readAt).format('HH:mm')}, kept on this device`,
      );
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
      // Back online for the next test (the query cache's own online state follows the events too).
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
  });

  it('offline with nothing kept, says it is offline', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      renderApp('/my-page/today', unreachable, bundle(2));
      expect(
        await screen.findByText('You are offline. Your visits load when the connection is back.', {}, WAIT),
      ).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });

  it('an earlier day’s store shows only the visits still to come, with its date', async () => {
    const yesterday = '2026-11-23';
    const savedAt = new Date(`${yesterday}T15:00:00Z`).getTime();
    const { store } = await openDeviceStore(ME, DEVICE_STORE_MAX_BYTES);
    const list = [
      { ...visits[0]!, Id: 9, StartTime: `${yesterday}T08:00:00`, EndTime: `${yesterday}T09:00:00` },
      ...visits,
    ];
    await store.put(
      STORE_KEYS.visits,
      { from: yesterday, to: '2026-11-26', list } satisfies StoredVisits,
      savedAt,
    );
    store.close();
    renderApp('/my-page/today', unreachable, bundle(2));
    await screen.findByTestId('visit-4', {}, WAIT);
    expect(screen.queryByTestId('visit-9')).toBeNull();
    expect((await screen.findByTestId('stored-as-of', {}, WAIT)).textContent).toBe(
      `As of ${formatDateTime(savedAt)}, kept on this device`,
    );
  });

  it('a store that is not this user’s is discarded, never shown', async () => {
    const foreign = await openDB(deviceDbName(ME), 1, {
      upgrade(d) {
        d.createObjectStore('meta', { keyPath: 'id' });
        d.createObjectStore('records', { keyPath: 'key' });
      },
    });
    await foreign.put('meta', { id: 'meta', userId: ME + 1, schemaVersion: 1 });
    await foreign.put('records', {
      key: 'visits',
      value: { from: TODAY, to: '2026-11-27', list: visits },
      savedAt: Date.now(),
      bytes: 10,
    });
    foreign.close();
    renderApp('/my-page/today', unreachable, bundle(2));
    expect(await screen.findByText('Your visits could not be loaded.', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('visit-4')).toBeNull();
  });

  it('logging out empties the device store', async () => {
    const { store } = await openDeviceStore(ME, DEVICE_STORE_MAX_BYTES);
    await store.put(STORE_KEYS.job(104), jobRecord(104), Date.now());
    store.close();
    renderApp('/my-page/today', answer, bundle(2));
    const user = userEvent.setup();
    await screen.findByTestId('visit-4', {}, WAIT);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('link', { name: 'Log out' }, WAIT));
    await waitFor(async () => {
      const names = (await indexedDB.databases()).map((d) => d.name);
      expect(names).not.toContain(deviceDbName(ME));
    }, WAIT);
  });

  it('customer users get no device store, staff do', async () => {
    renderApp('/', () => json(200, []), bundle(UserType.CustomerManager));
    // Signed in as a customer (the shell is shown): the session keeps nothing of theirs on the device.
    await screen.findByRole('button', { name: 'Open menu' }, WAIT);
    expect(deviceStoreOwner()).toBeNull();
    cleanup();
    renderApp('/my-page/today', answer, bundle(2));
    await screen.findByTestId('visit-4', {}, WAIT);
    expect(deviceStoreOwner()).toMatchObject({ userId: ME });
  });
});
