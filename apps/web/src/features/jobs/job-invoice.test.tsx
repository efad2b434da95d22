// @vitest-environment jsdom
import type { OrderLine } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobWithTwoMachineJobs, orderLine } from './test-data.ts';

resetAppBetweenTests();

/** The page is a lazy chunk: its first render waits for it on a busy machine. */
const WAIT = { timeout: 15_000 };
const TAB = '/job/list/status-10-0/view/1/invoice';

const job = jobWithTwoMachineJobs();

const invoiceLine = (line: OrderLine) => ({ ...line, VatAmount: 89.78, AmountInclVat: 448.88 });
const subJobOf = (JobId: number, MachineName: string, lines: OrderLine[]) => ({
  JobId,
  MachineId: 5,
  MachineName,
  JobStatusId: 10,
  NoInvoice: false,
  Lines: lines.map(invoiceLine),
  TotalAmountExclVat: 359.1,
  TotalVat: 89.78,
});

/** The totals are the server's: deliberately not the sum of the lines, so a client sum would show. */
const invoice = {
  JobId: 1,
  OrderId: '10001',
  Customer: { Id: 7, CustomerNumber: '1007', Name: 'Berg AS', FreeFromVat: false, IsInvoiceCustomer: false },
  InvoiceReference: '',
  NoInvoice: false,
  Locked: false,
  SubJobs: [
    subJobOf(11, 'Pump NK 80', [orderLine({ Id: 101, JobId: 11 })]),
    subJobOf(12, 'Compressor GA 30', [orderLine({ Id: 102, JobId: 12, Description: 'Oil filter' })]),
  ],
  TotalDiscount: 44.33,
  TotalAmountExclVat: 1049.5,
  TotalVat: 262.38,
  TotalAmountInclVat: 1311.88,
};
const total = {
  JobId: 1,
  OrderId: '10001',
  OrderDetails: [],
  TotalDiscount: 44.33,
  TotalAmountExclVat: 1049.5,
  SubJobs: [],
};
const options = {
  JobId: 1,
  OrderId: '10001',
  DepartmentId: null,
  ProjectId: null,
  InvoiceReference: '',
  ServiceManagerComment: '',
  NoInvoice: false,
  InvoiceCustomerId: null,
  SubJobs: [],
  RowVersion: 4,
};

function server(answer?: (req: Req) => Response | undefined) {
  return (req: Req): Response | undefined => {
    const own = answer?.(req);
    if (own) return own;
    const p = req.path;
    if (p === 'job/1') return json(200, job);
    if (p === 'invoice/1') return json(200, invoice);
    if (p === 'Order/GetTotal/1') return json(200, total);
    if (p === 'order/job/1') return json(200, options);
    if (p === 'Department/Filtered') return json(200, { Content: [], TotalCount: 0 });
    return undefined;
  };
}

describe('the job invoice tab', () => {
  it('shows the lines per machine job and the totals exactly as the server sends them', async () => {
    renderApp(TAB, server());
    const first = await screen.findByTestId('invoice-sub-job-11', {}, WAIT);
    expect(within(first).getByTestId('invoice-line-101').textContent).toContain('Gasket');
    expect(within(screen.getByTestId('invoice-sub-job-12')).getByTestId('invoice-line-102')).toBeTruthy();
    expect(screen.getByTestId('total-excl-vat').textContent).toBe('1,049.50');
    expect(screen.getByTestId('total-vat').textContent).toBe('262.38');
    expect(screen.getByTestId('total-incl-vat').textContent).toBe('1,311.88');
    expect(screen.getByTestId('total-discount').textContent).toBe('44.33');
    expect(screen.getByText(/Invoice to 1007 Berg AS/)).toBeTruthy();
  });

  it('moves a line to another machine job through its menu (POST invoice/detail/move)', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      TAB,
      server((req) =>
        req.path === 'invoice/detail/move'
          ? json(200, orderLine({ Id: 101, JobId: 12, RowVersion: 2 }))
          : undefined,
      ),
    );
    await user.click(await screen.findByTestId('invoice-line-menu-101', {}, WAIT));
    await user.click(await screen.findByTestId('invoice-line-move'));
    // The only other machine job is chosen already; the dialog names it.
    const select = await screen.findByTestId('invoice-move-select');
    expect((select as HTMLInputElement).value).toBe('12');
    await user.click(screen.getByTestId('invoice-move-confirm'));
    await waitFor(() => expect(requests.some((r) => r.path === 'invoice/detail/move')).toBe(true));
    const sent = requests.find((r) => r.path === 'invoice/detail/move');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({ Id: 101, ToJobId: 12, RowVersion: 1 });
    // The invoice is read again after the move.
    await waitFor(() => expect(requests.filter((r) => r.path === 'invoice/1').length).toBeGreaterThan(1));
  }, 30_000);

  it('edits a line with the amount previewed as typed (POST invoice/update)', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      TAB,
      server((req) =>
        req.path === 'invoice/update' ? json(200, orderLine({ Id: 101, JobId: 11 })) : undefined,
      ),
    );
    await user.click(await screen.findByTestId('invoice-line-menu-101', {}, WAIT));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/Quantity/), '3');
    // 3 × 199.50 less 10 %, through the contract's money rules: a preview only.
    expect(within(dialog).getByText('Amount (preview): 538.65')).toBeTruthy();
    await user.click(within(dialog).getByTestId('invoice-line-save'));
    await waitFor(() => expect(requests.some((r) => r.path === 'invoice/update')).toBe(true));
    expect(requests.find((r) => r.path === 'invoice/update')?.body).toEqual({
      Id: 101,
      Description: 'Gasket',
      Quantity: '3',
      UnitPrice: '199.5',
      DiscountPercent: '10',
      NoInvoice: false,
      RowVersion: 1,
    });
  }, 30_000);

  it('saves an order option on blur with the row version read (PATCH Order/OrderOptions/{jobId})', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      TAB,
      server((req) =>
        req.path === 'Order/OrderOptions/1'
          ? json(200, { ...options, InvoiceReference: 'PO-77', RowVersion: 5 })
          : undefined,
      ),
    );
    const field = await screen.findByLabelText('Invoice reference', {}, WAIT);
    await fill(user, field, 'PO-77');
    await user.tab();
    await waitFor(() => expect(requests.some((r) => r.path === 'Order/OrderOptions/1')).toBe(true));
    const sent = requests.find((r) => r.path === 'Order/OrderOptions/1')!;
    expect(sent.method).toBe('PATCH');
    expect(sent.query.get('InvoiceReference')).toBe('PO-77');
    expect(sent.query.get('RowVersion')).toBe('4');
  }, 30_000);

  it('a customer user reads the invoice without the line menus', async () => {
    renderApp(TAB, server(), bundle(4));
    await screen.findByTestId('invoice-line-101', {}, WAIT);
    expect(screen.queryByTestId('invoice-line-menu-101')).toBeNull();
  });
});
