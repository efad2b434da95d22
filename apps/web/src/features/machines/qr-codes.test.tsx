// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import QrCodesPage from './pages/QrCodesPage.tsx';
import { fakeServer, png, renderPage } from './test-utils.tsx';

const PATH = '/qr-codes';
const codes = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({
    Qrcode: `FPCODE${String(from + i).padStart(4, '0')}`,
    Link: `http://localhost/api2/qr/Link/FPCODE${String(from + i).padStart(4, '0')}`,
  }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function qrServer(createList: (count: number) => Response) {
  return fakeServer({
    'GET qr/CreateList': (_, url) => createList(Number(url.searchParams.get('count'))),
    'GET resource/ConvertUrlToQrCodeImage': () => png(),
    'GET qr/Link/FPLINKED01': () =>
      Response.json({
        Qrcode: 'FPLINKED01',
        Link: 'http://localhost/api2/qr/Link/FPLINKED01',
        MachineId: 7,
        MachineName: 'Heat pump A',
        CustomerId: 10,
      }),
  });
}

const countInput = () => screen.getByRole('textbox', { name: 'Number of codes' }) as HTMLInputElement;
const generate = () => screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement;

describe('QR labels', () => {
  it('makes 5 codes by default and shows each as a label with its image and code', async () => {
    const server = qrServer((count) => Response.json(codes(count)));
    await renderPage(<QrCodesPage />, { url: PATH, path: PATH });
    const user = userEvent.setup();
    expect(countInput().value).toBe('5');
    expect(screen.getByText('No labels yet: generate new codes or add an existing one.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Print labels' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(generate());
    const labels = await screen.findAllByTestId('qr-label');
    expect(labels).toHaveLength(5);
    expect(labels[0]!.textContent).toContain('FPCODE0001');
    expect(await within(labels[0]!).findByRole('img', { name: 'QR code FPCODE0001' })).toBeTruthy();
    const created = server.calls.find((c) => c.url.includes('qr/CreateList'))!;
    expect(new URL(created.url, 'http://x').searchParams.get('count')).toBe('5');
    // Each image is made by the server from the code's link.
    const image = server.calls.find((c) => c.url.includes('ConvertUrlToQrCodeImage'))!;
    expect(new URL(image.url, 'http://x').searchParams.get('url')).toBe(
      'http://localhost/api2/qr/Link/FPCODE0001',
    );
    expect(await screen.findByText('5 labels')).toBeTruthy();
  });

  it('takes 1 to 200 codes: more, fewer or not a number is refused before asking the server', async () => {
    // The server answers a few codes whatever is asked: what is checked is what the page asks for.
    const server = qrServer(() => Response.json(codes(3)));
    await renderPage(<QrCodesPage />, { url: PATH, path: PATH });
    const user = userEvent.setup();

    await user.clear(countInput());
    await user.type(countInput(), '201');
    expect(screen.getByText('At most 200 QR codes at a time.')).toBeTruthy();
    expect(generate().disabled).toBe(true);

    await user.clear(countInput());
    await user.type(countInput(), '0');
    expect(screen.getByText('At least 1 QR code.')).toBeTruthy();
    expect(generate().disabled).toBe(true);

    await user.clear(countInput());
    await user.type(countInput(), '2.5');
    expect(screen.getByText('Must be a valid whole number.')).toBeTruthy();
    expect(generate().disabled).toBe(true);
    expect(server.calls.some((c) => c.url.includes('qr/CreateList'))).toBe(false);

    await user.clear(countInput());
    await user.type(countInput(), '200');
    expect(screen.queryByText('At most 200 QR codes at a time.')).toBeNull();
    expect(generate().disabled).toBe(false);
    await user.click(generate());
    await waitFor(() => expect(screen.getAllByTestId('qr-label')).toHaveLength(3));
    const created = server.calls.find((c) => c.url.includes('qr/CreateList'))!;
    expect(new URL(created.url, 'http://x').searchParams.get('count')).toBe('200');
  });

  it("shows the server's refusal and makes no labels", async () => {
    qrServer(() => Response.json({ Message: 'Your user type may not make QR codes.' }, { status: 403 }));
    await renderPage(<QrCodesPage />, { url: PATH, path: PATH });
    const user = userEvent.setup();
    await user.click(generate());
    expect((await screen.findByTestId('qr-refusal')).textContent).toBe(
      'Your user type may not make QR codes.',
    );
    expect(screen.queryAllByTestId('qr-label')).toHaveLength(0);
  });

  it("adds a machine's code from the address with the machine's name, and prints", async () => {
    qrServer((count) => Response.json(codes(count)));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await renderPage(<QrCodesPage />, { url: `${PATH}?code=FPLINKED01`, path: PATH });
    const label = await screen.findByTestId('qr-label');
    expect(label.textContent).toContain('FPLINKED01');
    expect(label.textContent).toContain('Heat pump A');
    const printButton = screen.getByRole('button', { name: 'Print labels' }) as HTMLButtonElement;
    await waitFor(() => expect(printButton.disabled).toBe(false));
    await userEvent.setup().click(printButton);
    expect(print).toHaveBeenCalledTimes(1);
    // The sheet is what prints: the labels sit in the print root.
    expect(label.closest('[data-print-root]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate' }).closest('[data-no-print]')).toBeTruthy();
  });
});
