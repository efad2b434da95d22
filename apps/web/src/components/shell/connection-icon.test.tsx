// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { setLiveState } from '../../lib/live-state.ts';
import { ConnectionSlot } from './ConnectionSlot.tsx';

afterEach(async () => {
  cleanup();
  setLiveState({ connection: 'off' });
  await setLanguage('en');
});

describe('the connection icon in the header', () => {
  it('is absent until the live-event client starts, then says whether it is connected', async () => {
    const { container } = render(<ConnectionSlot />);
    expect(container.innerHTML).toBe('');
    act(() => setLiveState({ connection: 'connecting' }));
    expect(await screen.findByRole('img', { name: 'Connecting…' })).toBeTruthy();
    act(() => setLiveState({ connection: 'connected' }));
    expect(await screen.findByRole('img', { name: 'Connected' })).toBeTruthy();
    act(() => setLiveState({ connection: 'disconnected' }));
    expect(await screen.findByRole('img', { name: 'Not connected: trying again' })).toBeTruthy();
  });

  it('speaks the user’s language', async () => {
    await setLanguage('sv');
    render(<ConnectionSlot />);
    act(() => setLiveState({ connection: 'connected' }));
    expect(await screen.findByRole('img', { name: 'Ansluten' })).toBeTruthy();
  });
});
