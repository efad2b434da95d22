// @vitest-environment jsdom
import TextField from '@mui/material/TextField';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { FormDialog } from './FormDialog.tsx';

/** A dialog asking for a name; the "server" refuses 'taken' and answers once `answer` is called. */
function NameDialog(props: { onSaved(name: string): void }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [answer, setAnswer] = useState<(() => void) | null>(null);
  if (!open) return <p>closed</p>;
  return (
    <>
      <FormDialog
        title="New machine type"
        submitLabel="Create"
        pending={pending}
        message={refusal}
        onClose={() => setOpen(false)}
        onSubmit={() => {
          setRefusal(null);
          setPending(true);
          setAnswer(() => () => {
            setPending(false);
            if (name === 'taken') setRefusal('That name is taken.');
            else props.onSaved(name);
          });
        }}
      >
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      </FormDialog>
      {answer ? (
        <button type="button" onClick={() => answer()}>
          answer
        </button>
      ) : null}
    </>
  );
}

describe('FormDialog', () => {
  it('is named by its title, starts in the first field, and Enter submits it', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    render(<NameDialog onSaved={(n) => saved.push(n)} />);
    const dialog = screen.getByRole('dialog', { name: 'New machine type' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.keyboard('Pump{Enter}');
    // Pending: the submit button says so and does not submit again.
    const submit = within(dialog).getByRole('button', { name: /Create/ });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'answer', hidden: true }));
    expect(saved).toEqual(['Pump']);
  });

  it("shows the server's refusal and stays open", async () => {
    const user = userEvent.setup();
    render(<NameDialog onSaved={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'New machine type' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'taken');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await user.click(screen.getByRole('button', { name: 'answer', hidden: true }));
    expect(within(dialog).getByRole('alert').textContent).toBe('That name is taken.');
    expect((within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('closes on Cancel and on Escape', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<NameDialog onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('closed')).toBeTruthy();
    unmount();
    render(<NameDialog onSaved={() => {}} />);
    await user.keyboard('{Escape}');
    expect(screen.getByText('closed')).toBeTruthy();
  });
});
