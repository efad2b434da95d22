// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { type CapturedSignature, SignatureDialog } from './SignatureDialog.tsx';
import { fakeCanvas } from './test-canvas.ts';

let strokes: string[] = [];
beforeEach(() => {
  strokes = fakeCanvas();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPad() {
  const done = vi.fn<(s: CapturedSignature) => Promise<void>>(async () => {});
  render(<SignatureDialog open title="Customer's signature" onClose={() => {}} onDone={done} />);
  return done;
}

/** A stroke as a finger draws it: down, across, up. */
function draw() {
  const pad = screen.getByRole('img', { name: 'Signature area, empty' });
  fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
  fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 40 });
  fireEvent.pointerUp(pad, { pointerId: 1 });
}

describe('the signature pad', () => {
  it('offers Done only once something is drawn, and Clear empties the pad again', async () => {
    renderPad();
    const doneButton = screen.getByRole('button', { name: 'Done' });
    expect((doneButton as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(true);
    draw();
    expect(strokes).toEqual(['60,40']);
    expect(screen.getByRole('img', { name: 'Signature area, signed' }).isConnected).toBe(true);
    expect((doneButton as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(strokes).toEqual([]);
    expect(screen.getByRole('img', { name: 'Signature area, empty' }).isConnected).toBe(true);
    expect((doneButton as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the signer’s name, then gives the name and the drawing as a PNG', async () => {
    const done = renderPad();
    draw();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByText('This field is required')).isConnected).toBe(true);
    expect(done).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: /Signer's name/ }), 'Ola Kunde');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith({ signerName: 'Ola Kunde', png: 'iVBORw0KGgo=' }));
  });

  it('is used by keyboard: the name, Clear and Done are reached with Tab and Done sends with Enter', async () => {
    const done = renderPad();
    draw();
    const name = screen.getByRole('textbox', { name: /Signer's name/ });
    name.focus();
    await userEvent.keyboard('Kari Kunde');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' }));
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(done).toHaveBeenCalledWith({ signerName: 'Kari Kunde', png: 'iVBORw0KGgo=' }));
  });
});
