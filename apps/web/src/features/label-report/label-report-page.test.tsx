// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App.tsx';
import { json, mockFetch } from '../../lib/api/test-fetch.ts';

const WAIT = { timeout: 15_000 };
const page = {
  MachineName: 'Deck oven',
  Priorities: [
    { Id: 1, Name: 'Critical' },
    { Id: 3, Name: 'Normal' },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  document.head.querySelector('base')?.remove();
});

describe('the QR label’s public fault form', () => {
  it('asks what is wrong and how urgent as the portal’s form does, and the server’s refusal shows at its field', async () => {
    // The page's base, as index.html gives it: the label's address is under it.
    const base = document.head.appendChild(document.createElement('base'));
    base.href = '/';
    window.history.replaceState(null, '', '/label/tok-1');
    const sent: FormData[] = [];
    mockFetch((call) => {
      if (call.url.endsWith('/api2/label/tok-1')) return json(200, page);
      if (call.url.endsWith('/api2/label/tok-1/FaultReport')) {
        sent.push(call.body as FormData);
        return json(400, {
          Message: 'The report was not sent.',
          Errors: [{ Field: 'Description', Message: 'Describe the fault in a few more words' }],
        });
      }
      return json(404, { Message: 'Not found' });
    });
    const user = userEvent.setup({ delay: null });
    render(<App />);

    expect(await screen.findByTestId('label-machine', {}, WAIT)).toHaveProperty('textContent', 'Deck oven');
    // The urgency starts at Normal, as in the portal's form.
    expect(screen.getByRole('combobox', { name: /How urgent is it\?/ }).textContent).toBe('Normal');
    await user.type(screen.getByRole('textbox', { name: /What is wrong\?/ }), 'No heat');
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Kari');
    await user.type(screen.getByRole('textbox', { name: /Telephone/ }), '+47 912 34 567');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Describe the fault in a few more words', {}, WAIT)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('Description')).toBe('No heat');
    expect(sent[0]?.get('JobPriorityId')).toBe('3');
  });

  it('once sent, names the job and gives the reporter the link to follow it', async () => {
    const base = document.head.appendChild(document.createElement('base'));
    base.href = '/';
    window.history.replaceState(null, '', '/label/tok-1');
    const link = 'https://service.example/portal/status/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    mockFetch((call) => {
      if (call.url.endsWith('/api2/label/tok-1')) return json(200, page);
      if (call.url.endsWith('/api2/label/tok-1/FaultReport'))
        return json(200, { OrderId: '10452', StatusLink: link });
      return json(404, { Message: 'Not found' });
    });
    const user = userEvent.setup({ delay: null });
    render(<App />);
    await screen.findByTestId('label-machine', {}, WAIT);
    await user.type(
      screen.getByRole('textbox', { name: /What is wrong\?/ }),
      'No heat at all in the deck oven',
    );
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Kari');
    await user.type(screen.getByRole('textbox', { name: /Telephone/ }), '+47 912 34 567');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    const receipt = await screen.findByRole('status', {}, WAIT);
    expect(receipt.textContent).toContain('It is job 10452 in the service team');
    expect(screen.getByRole('link', { name: 'Follow the job and its visit here' }).getAttribute('href')).toBe(
      link,
    );
  });
});
