// @vitest-environment jsdom

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ApiError } from '../../lib/api/client.ts';
import { dateShown, findDateField, typeDate } from '../../test/app-harness.tsx';
import { CommitField, type CommitFieldProps } from './CommitField.tsx';

afterEach(cleanup);

const required = (v: string) => (v.trim() === '' ? 'This field is required' : null);

/** A form of one field whose saved value follows successful commits, as a page's query cache does. */
function Form(props: Partial<CommitFieldProps> & { save: (v: string) => Promise<unknown> }) {
  const [saved, setSaved] = useState(props.value ?? 'Heat pump');
  return (
    <>
      <CommitField
        label="Name"
        name="Name"
        validate={required}
        {...props}
        value={saved}
        onCommit={async (v) => {
          await props.save(v);
          setSaved(v);
        }}
      />
      <output data-testid="saved">{saved}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

/** A field whose saved value changes from outside (a reload), at the click of a button. */
function Outside() {
  const [value, setValue] = useState('One');
  return (
    <>
      <CommitField label="Name" value={value} onCommit={async () => undefined} />
      <button type="button" onClick={() => setValue((v) => `${v}+`)}>
        reload
      </button>
    </>
  );
}

/** A record with a row version, saved field by field; 'someone else' changes it meanwhile (a live event's refetch). */
function Record(props: { save: (name: string, rowVersion: number) => Promise<unknown> }) {
  const [record, setRecord] = useState({ Name: 'Heat pump', RowVersion: 1 });
  return (
    <>
      <CommitField
        label="Name"
        name="Name"
        value={record.Name}
        onCommit={async (Name) => {
          await props.save(Name, record.RowVersion);
          setRecord((r) => ({ Name, RowVersion: r.RowVersion + 1 }));
        }}
      />
      <button
        type="button"
        onClick={() => setRecord((r) => ({ Name: 'Heat pump XL', RowVersion: r.RowVersion + 1 }))}
      >
        someone else
      </button>
      <output data-testid="saved">{`${record.Name} v${record.RowVersion}`}</output>
    </>
  );
}

interface FakeServer {
  record: { Name: string; Serial: string; RowVersion: number };
  saves: { Name: string; RowVersion: number }[];
  save(Name: string, RowVersion: number): Promise<void>;
}

/** The page of `serverRecord`: the record read through the query cache, its name committed on blur. */
function ServerPage({ server, client }: { server: FakeServer; client: QueryClient }) {
  const q = useQuery({ queryKey: ['thing'], queryFn: async () => ({ ...server.record }) });
  if (!q.data) return null;
  const read = q.data;
  return (
    <CommitField
      label="Name"
      name="Name"
      value={read.Name}
      version={read.RowVersion}
      onCommit={async (Name) => {
        await server.save(Name, read.RowVersion);
        await client.invalidateQueries({ queryKey: ['thing'] });
      }}
    />
  );
}

/**
 * A record on a server that refuses a save of an old row version (409, decision 026), read through the
 * query cache: nothing tells the page of another person's save until it reads the record again.
 */
function serverRecord() {
  const server: FakeServer = {
    record: { Name: 'Heat pump', Serial: 'A1', RowVersion: 1 },
    saves: [],
    async save(Name, RowVersion) {
      server.saves.push({ Name, RowVersion });
      if (RowVersion !== server.record.RowVersion)
        throw new ApiError({
          status: 409,
          body: { Message: 'Someone else changed this record after you opened it.' },
          method: 'PATCH',
          url: '/api2/thing',
        });
      server.record = { ...server.record, Name, RowVersion: RowVersion + 1 };
    },
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = () => (
    <QueryClientProvider client={client}>
      <ServerPage server={server} client={client} />
    </QueryClientProvider>
  );
  return { server, view };
}

const input = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
const refusal = (body: { Message: string; Errors?: { Field: string; Message: string }[] }) =>
  new ApiError({ status: 400, body, method: 'PATCH', url: '/api2/thing' });

describe('CommitField (001 §5)', () => {
  it('commits on blur only a changed value, trimmed', async () => {
    const save = vi.fn(async () => undefined);
    render(<Form save={save} />);
    const user = userEvent.setup();

    await user.click(input());
    await user.tab();
    expect(save).not.toHaveBeenCalled();

    // Only white space added: nothing to save, and the saved text comes back.
    await user.type(input(), '  ');
    await user.tab();
    expect(save).not.toHaveBeenCalled();
    expect(input().value).toBe('Heat pump');

    await user.clear(input());
    await user.type(input(), ' Heat pump B ');
    await user.tab();
    expect(save).toHaveBeenCalledExactlyOnceWith('Heat pump B');
    expect(await screen.findByText('Heat pump B', { selector: 'output' })).toBeTruthy();
    expect(input().value).toBe('Heat pump B');
  });

  it('shows the rule’s message while typing and does not commit a value with an error', async () => {
    const save = vi.fn(async () => undefined);
    render(<Form save={save} />);
    const user = userEvent.setup();
    await user.clear(input());
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    await user.tab();
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText('This field is required')).toBeTruthy();
    // Typing a valid value clears it.
    await user.type(input(), 'X');
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it('Escape puts the saved value back and commits nothing; Enter leaves the field and commits', async () => {
    const save = vi.fn(async () => undefined);
    render(<Form save={save} />);
    const user = userEvent.setup();
    await user.clear(input());
    await user.type(input(), 'Other{Escape}');
    expect(input().value).toBe('Heat pump');
    expect(document.activeElement).not.toBe(input());
    expect(save).not.toHaveBeenCalled();

    await user.clear(input());
    await user.type(input(), 'Other{Enter}');
    expect(document.activeElement).not.toBe(input());
    expect(save).toHaveBeenCalledExactlyOnceWith('Other');
  });

  it('marks a required input with the asterisk, and an optional one without', () => {
    render(<Form save={vi.fn()} required />);
    expect(input().required).toBe(true);
    expect(input().labels?.[0]?.textContent).toMatch(/Name\s*\*/);
    cleanup();
    render(<Form save={vi.fn()} />);
    expect(input().required).toBe(false);
    expect(input().labels?.[0]?.textContent).toBe('Name');
  });

  it('keeps the typed text after a refusal and shows the field’s own message; typing clears it', async () => {
    const save = vi.fn(async () => {
      throw refusal({
        Message: 'Refused.',
        Errors: [
          { Field: 'Other', Message: 'Not this one.' },
          { Field: 'Name', Message: 'Already in use on Pump 4.' },
        ],
      });
    });
    render(<Form save={save} />);
    const user = userEvent.setup();
    await user.clear(input());
    await user.type(input(), 'Pump 4');
    await user.tab();
    expect(await screen.findByText('Already in use on Pump 4.')).toBeTruthy();
    expect(input().value).toBe('Pump 4');
    expect(screen.getByTestId('saved').textContent).toBe('Heat pump');
    await user.type(input(), 'x');
    expect(screen.queryByText('Already in use on Pump 4.')).toBeNull();
  });

  it('shows the refusal’s message without field errors, and a general text when the save failed otherwise', async () => {
    const save = vi
      .fn<(v: string) => Promise<unknown>>()
      .mockRejectedValueOnce(refusal({ Message: 'The machine is locked.' }))
      .mockRejectedValueOnce(
        new ApiError({ status: 0, body: null, kind: 'network', method: 'PATCH', url: '/api2/thing' }),
      );
    render(<Form save={save} />);
    const user = userEvent.setup();
    await user.type(input(), ' 2');
    await user.tab();
    expect(await screen.findByText('The machine is locked.')).toBeTruthy();
    await user.type(input(), '3');
    await user.tab();
    expect(await screen.findByText('The change could not be saved.')).toBeTruthy();
    expect(input().value).toBe('Heat pump 23');
  });

  it('is read-only with a lock reason, and never commits', async () => {
    const save = vi.fn(async () => undefined);
    render(<Form save={save} lockReason="Maintained in the ERP" />);
    const user = userEvent.setup();
    expect(input().readOnly).toBe(true);
    expect(screen.getByLabelText('Maintained in the ERP')).toBeTruthy();
    await user.type(input(), 'x');
    await user.tab();
    expect(input().value).toBe('Heat pump');
    expect(save).not.toHaveBeenCalled();
  });

  it('takes a new saved value from outside unless the user is typing in it', async () => {
    render(<Outside />);
    const user = userEvent.setup();
    const reload = screen.getByRole('button', { name: 'reload' });
    await user.click(reload);
    expect(input().value).toBe('One+');
    // A reload while the user types (a click that leaves the focus where it is) keeps the typed text.
    await user.type(input(), ' mine');
    fireEvent.click(reload);
    expect(input().value).toBe('One+ mine');
  });

  it('shows another person’s change at once while the field is not being edited, without a warning', async () => {
    render(<Record save={vi.fn(async () => undefined)} />);
    const user = userEvent.setup();
    // Focused but not changed: that is not editing either.
    await user.click(input());
    fireEvent.click(screen.getByRole('button', { name: 'someone else' }));
    expect(input().value).toBe('Heat pump XL');
    expect(screen.queryByTestId('sync-warning')).toBeNull();
  });

  it('keeps what the user typed when someone else changes the field, warns, and takes theirs on request', async () => {
    const save = vi.fn(async () => undefined);
    render(<Record save={save} />);
    const user = userEvent.setup();
    await user.clear(input());
    await user.type(input(), 'Heat pump mine');
    fireEvent.click(screen.getByRole('button', { name: 'someone else' }));
    expect(input().value).toBe('Heat pump mine');
    const warning = screen.getByTestId('sync-warning');
    expect(warning.textContent).toContain('Someone else changed this to “Heat pump XL”.');
    // Leaving the field does not save over the other change.
    await user.click(screen.getByRole('button', { name: 'someone else' }));
    await user.tab();
    expect(save).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Use theirs' }));
    expect(input().value).toBe('Heat pump XL');
    expect(screen.queryByTestId('sync-warning')).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });

  it('Keep mine saves the typed value against the new row version', async () => {
    const save = vi.fn(async () => undefined);
    render(<Record save={save} />);
    const user = userEvent.setup();
    await user.clear(input());
    await user.type(input(), 'Heat pump mine');
    fireEvent.click(screen.getByRole('button', { name: 'someone else' }));
    expect(screen.getByTestId('saved').textContent).toBe('Heat pump XL v2');
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(save).toHaveBeenCalledExactlyOnceWith('Heat pump mine', 2);
    expect(await screen.findByText('Heat pump mine v3')).toBeTruthy();
    expect(input().value).toBe('Heat pump mine');
    expect(screen.queryByTestId('sync-warning')).toBeNull();
  });

  it('a save refused as stale (409) reads the record again and shows the sync warning when this field changed', async () => {
    const { server, view } = serverRecord();
    render(view());
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(input());
    await user.type(input(), 'Heat pump mine');
    // Someone else saves the field; this page has not heard of it.
    server.record = { ...server.record, Name: 'Heat pump XL', RowVersion: 2 };
    await user.tab();
    const warning = await screen.findByTestId('sync-warning');
    expect(warning.textContent).toContain('Someone else changed this to “Heat pump XL”.');
    expect(input().value).toBe('Heat pump mine');
    expect(server.record.Name).toBe('Heat pump XL');
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    await vi.waitFor(() => expect(server.record).toMatchObject({ Name: 'Heat pump mine', RowVersion: 3 }));
    expect(server.saves).toEqual([
      { Name: 'Heat pump mine', RowVersion: 1 },
      { Name: 'Heat pump mine', RowVersion: 2 },
    ]);
    expect(screen.queryByTestId('sync-warning')).toBeNull();
  });

  it('a save refused as stale because another field changed is saved again on the new version', async () => {
    const { server, view } = serverRecord();
    render(view());
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(input());
    await user.type(input(), 'Heat pump mine');
    server.record = { ...server.record, Serial: 'B2', RowVersion: 2 };
    await user.tab();
    await vi.waitFor(() =>
      expect(server.record).toMatchObject({ Name: 'Heat pump mine', Serial: 'B2', RowVersion: 3 }),
    );
    expect(screen.queryByTestId('sync-warning')).toBeNull();
    expect(input().value).toBe('Heat pump mine');
  });
});

describe('a date CommitField (the machine’s install date)', () => {
  const root = () => findDateField(document.body, 'Installed');

  it('shows and takes the date in the language’s form and saves it in the wire’s when left', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn(async () => undefined);
    render(
      <Form
        label="Installed"
        name="InstallDate"
        type="date"
        value="2026-11-28"
        validate={undefined}
        save={save}
      />,
    );
    const field = await root();
    expect(dateShown(field)).toBe('28.11-2026');
    await typeDate(user, field, '03042027');
    await user.click(screen.getByText('elsewhere'));
    expect(save).toHaveBeenCalledExactlyOnceWith('2027-04-03');
    expect(screen.getByTestId('saved').textContent).toBe('2027-04-03');
    expect(dateShown(field)).toBe('03.04-2027');
  }, 30_000);

  it('a date typed only in part is not saved as empty: it stays, and the field says what is missing', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn(async () => undefined);
    render(
      <Form label="Installed" name="InstallDate" type="date" value="" validate={undefined} save={save} />,
    );
    const field = await root();
    await typeDate(user, field, '0304');
    await user.click(screen.getByText('elsewhere'));
    expect(dateShown(field)).toBe('03.04-YYYY');
    expect(await screen.findByText('Type the whole date, or clear it.')).toBeTruthy();
    // Escape puts the saved (empty) date back, and the message goes.
    await typeDate(user, field, '05');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Type the whole date, or clear it.')).toBeNull());
    expect(dateShown(await root())).not.toContain('05');
    // Typed in full, it is saved.
    await typeDate(user, await root(), '05062027');
    await user.click(screen.getByText('elsewhere'));
    expect(save).toHaveBeenCalledExactlyOnceWith('2027-06-05');
  }, 30_000);
});
