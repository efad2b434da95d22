// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import { DEVICE_STORE_MAX_BYTES } from '@fieldport/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOutbox } from '../../lib/outbox/state.ts';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobRecord } from './test-data.ts';

resetAppBetweenTests();

/** A job's photos and documents go through the outbox (decision 102). */
const WAIT = { timeout: 15_000 };
const VIEW = '/job/list/status-10-0/view/1/resources';

const setOnline = (value: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
};

const doc = (id: number, name: string) => ({
  Id: id,
  Name: name,
  FileName: name,
  RelativePath: `documents/Job/${name}`,
  ContentType: 'image/jpeg',
  Size: 9,
  DocumentTypeCategoryId: 5,
  PublishedToCustomer: false,
  CreatedAt: '2026-11-29T08:00:00Z',
  CreatedBy: 'Tom Tekniker',
});

describe('a job’s photos through the outbox', () => {
  afterEach(async () => {
    cleanup();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    await clearOutbox(bundle().UserInfo.Id);
  });

  it('a photo taken offline shows at once marked "Waiting to send", and is uploaded once, with a key, when online', async () => {
    let docs: ReturnType<typeof doc>[] = [];
    const uploads: Req[] = [];
    const { server } = renderApp(VIEW, (req) => {
      if (req.path === 'job/1') return json(200, jobRecord(1));
      if (req.path === 'Job/1/Documents') return json(200, docs);
      if (req.path === 'jobdocuments/1') {
        uploads.push(req);
        docs = [doc(7, 'pump.jpg')];
        return json(200, docs);
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const input = await screen.findByTestId('document-file-input', {}, WAIT);
    setOnline(false);
    await user.upload(input, new File(['JPEG data'], 'pump.jpg', { type: 'image/jpeg' }));
    const pending = await screen.findByTestId('pending-uploads', {}, WAIT);
    expect(within(pending).getByText('pump.jpg')).toBeTruthy();
    expect(within(pending).getByText('Waiting to send')).toBeTruthy();
    expect(screen.getByRole('status', { name: '1 change waiting to send' })).toBeTruthy();
    expect(uploads).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('pending-uploads')).toBeNull(), WAIT);
    expect(uploads).toHaveLength(1);
    const call = server.calls.find((c) => c.url.includes('jobdocuments/1'))!;
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    // The uploaded photo in the job's list, read again.
    expect((await screen.findAllByText('pump.jpg', {}, WAIT)).length).toBeGreaterThan(0);
  }, 60_000);

  it('says the device is nearly full before a new photo is taken, and keeps none over its limit', async () => {
    renderApp(VIEW, (req) => {
      if (req.path === 'job/1') return json(200, jobRecord(1));
      if (req.path === 'Job/1/Documents') return json(200, []);
      return undefined;
    });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const input = await screen.findByTestId('document-file-input', {}, WAIT);
    setOnline(false);
    const big = new File([new Uint8Array(DEVICE_STORE_MAX_BYTES * 0.85)], 'scan.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    await screen.findByTestId('pending-uploads', {}, WAIT);
    const full =
      'This device’s store is nearly full. Send the waiting changes (go online) before taking more photos.';
    expect((await screen.findByTestId('device-nearly-full', {}, WAIT)).textContent).toBe(full);
    await user.upload(input, new File([new Uint8Array(DEVICE_STORE_MAX_BYTES * 0.2)], 'more.jpg'));
    // Said again where the photo was refused; the photo is not kept.
    await waitFor(() => expect(screen.getAllByText(full)).toHaveLength(2), WAIT);
    expect(within(screen.getByTestId('pending-uploads')).queryByText('more.jpg')).toBeNull();
  }, 60_000);
});
