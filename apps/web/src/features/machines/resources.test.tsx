// @vitest-environment jsdom
import type { DocumentItem } from '@fieldport/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Call } from '../../lib/api/test-fetch.ts';
import MachineResourcesPage from './pages/MachineResourcesPage.tsx';
import { MachineModelResourcesPage, SupplierResourcesPage } from './pages/PimResourcesPages.tsx';
import { machine } from './test-data.ts';
import { bundle, fakeServer, png, renderPage, where } from './test-utils.tsx';

const PATH = '/pim/machine-list/:machineId/resources/:documentId?';

function doc(id: number, over: Partial<DocumentItem> = {}): DocumentItem {
  return {
    Id: id,
    EntityClass: 'Machine',
    EntityId: 7,
    Name: `Document ${id}`,
    FileName: `Document ${id}.pdf`,
    ContentType: 'application/pdf',
    Size: 1_572_864,
    DocumentTypeCategoryId: 2,
    PublishToCustomer: false,
    CreatedAt: '2026-01-05T14:03:00',
    CreatedById: 1,
    CreatedBy: 'Ada Admin',
    RelativePath: `documents/machine/${id}.pdf`,
    Url: `/api2/resource/?relativePath=documents%2Fmachine%2F${id}.pdf`,
    ...over,
  };
}

/** A machine with documents; the calls change the list as the real server would. */
function documentServer(
  initial: DocumentItem[],
  opts: { userType?: number; upload?: (call: Call) => Response } = {},
) {
  let docs = [...initial];
  let nextId = 100;
  const server = fakeServer(
    {
      'GET machine/7': () => Response.json(machine(7, { Name: 'Heat pump A' })),
      'GET MachineModel/3': () => Response.json({ Id: 3, Name: 'Hydro 200', ImagePath: null }),
      'GET Machine/7/Documents': () => Response.json(docs),
      'POST Machine/7/Documents': (call) => {
        const refused = opts.upload?.(call);
        if (refused) return refused;
        const form = call.body as FormData;
        const added = (form.getAll('Files') as File[]).map((f) =>
          doc(nextId++, {
            Name: f.name.replace(/\.\w+$/, ''),
            FileName: f.name,
            DocumentTypeCategoryId: Number(form.get('DocumentTypeId')),
            PublishToCustomer: form.get('PublishToCustomer') === 'true',
          }),
        );
        docs = [...added.reverse(), ...docs];
        return Response.json(added);
      },
      'PATCH documents/Change/1': (_call, url) => {
        docs = docs.map((d) =>
          d.Id === 1
            ? {
                ...d,
                Name: url.searchParams.get('Name') ?? d.Name,
                DocumentTypeCategoryId: Number(
                  url.searchParams.get('DocumentTypeCategoryId') ?? d.DocumentTypeCategoryId,
                ),
              }
            : d,
        );
        return Response.json(docs.find((d) => d.Id === 1));
      },
      'PATCH Machine/Documents/1/2/TogglePublishToCustomer': () => {
        docs = docs.map((d) => (d.Id === 1 ? { ...d, PublishToCustomer: !d.PublishToCustomer } : d));
        return Response.json(docs.find((d) => d.Id === 1));
      },
      'DELETE Machine/7/Documents/1/2': () => {
        docs = docs.filter((d) => d.Id !== 1);
        return Response.json({ Id: 1 });
      },
      'GET resource/': (_call, url) => {
        const path = url.searchParams.get('relativePath') ?? '';
        if (path.endsWith('.txt'))
          return new Response('Filter changed.\nPressure 7 bar.', {
            headers: { 'content-type': 'text/plain' },
          });
        if (path.endsWith('.png')) return png();
        return new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'content-type': 'application/pdf' },
        });
      },
    },
    bundle(opts.userType ?? 1),
  );
  return server;
}

const calls = (server: { calls: Call[] }, method: string, path: string) =>
  server.calls.filter((c) => c.method === method && new URL(c.url, 'http://x').pathname.endsWith(path));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('machine resources tab', () => {
  it('lists the documents with name, file, type, size, date and uploader, above the model image', async () => {
    documentServer([
      doc(2, { Name: 'Wiring diagram', DocumentTypeCategoryId: 4, Size: 830 }),
      doc(1, { Name: 'Service manual' }),
    ]);
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources', path: PATH });
    const list = await screen.findByRole('list', { name: 'Documents' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const manual = within(rows[1]!);
    expect(manual.getByText('Service manual')).toBeTruthy();
    expect(manual.getByText('Document 1.pdf')).toBeTruthy();
    expect(manual.getByText('Manual')).toBeTruthy();
    expect(manual.getByText('1.5 MB')).toBeTruthy();
    expect(manual.getByText('05.01-2026 14:03')).toBeTruthy();
    expect(manual.getByText('Ada Admin')).toBeTruthy();
    expect(within(rows[0]!).getByText('830 B')).toBeTruthy();
    expect(within(rows[0]!).getByText('Drawing')).toBeTruthy();
    expect(screen.getByTestId('document-count').textContent).toBe('2 documents');
    expect(screen.getByRole('heading', { name: 'Image of the model Hydro 200' })).toBeTruthy();
  });

  it('says so when there are no documents', async () => {
    documentServer([]);
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources', path: PATH });
    expect(await screen.findByText('No documents yet. Upload the first one above.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Documents' })).toBeNull();
  });

  it('uploads chosen files with their type and customer visibility, and lists them', async () => {
    const server = documentServer([doc(1)]);
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources', path: PATH });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('combobox', { name: 'Document type' }));
    await user.click(await screen.findByRole('option', { name: 'Certificate' }));
    await user.click(screen.getByRole('checkbox', { name: 'Visible to customers' }));
    await user.upload(screen.getByTestId('document-file-input'), [
      new File(['%PDF-1.4'], 'Pressure test.pdf', { type: 'application/pdf' }),
      new File(['Filter changed'], 'notes.txt', { type: 'text/plain' }),
    ]);
    await waitFor(() => expect(calls(server, 'POST', 'Machine/7/Documents')).toHaveLength(1));
    const form = calls(server, 'POST', 'Machine/7/Documents')[0]!.body as FormData;
    expect((form.getAll('Files') as File[]).map((f) => f.name)).toEqual(['Pressure test.pdf', 'notes.txt']);
    expect(form.get('DocumentTypeId')).toBe('3');
    expect(form.get('PublishToCustomer')).toBe('true');
    expect(await screen.findByText('2 files uploaded')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Documents' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByText('Pressure test')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Pressure test visible to customers' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('uploads files dropped on the upload area', async () => {
    const server = documentServer([]);
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources', path: PATH });
    const zone = await screen.findByTestId('document-drop-zone');
    const files = [new File(['%PDF'], 'dropped.pdf', { type: 'application/pdf' })];
    const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(await screen.findByText('Drop the files to upload them.')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer });
    await waitFor(() => expect(calls(server, 'POST', 'Machine/7/Documents')).toHaveLength(1));
    const form = calls(server, 'POST', 'Machine/7/Documents')[0]!.body as FormData;
    expect((form.get('Files') as File).name).toBe('dropped.pdf');
    expect(form.get('DocumentTypeId')).toBe('1');
    expect(form.get('PublishToCustomer')).toBe('false');
    expect(
      await within(await screen.findByRole('list', { name: 'Documents' })).findByText('dropped'),
    ).toBeTruthy();
  });

  it('refuses too large files before sending, and shows the server’s refusal of a wrong type', async () => {
    const server = documentServer([], {
      upload: () =>
        Response.json(
          {
            Message:
              'fake.pdf cannot be uploaded: documents may be PDF, PNG, JPEG, WebP, Word, Excel, PowerPoint, OpenDocument, plain text or CSV files.',
            Errors: [{ Field: 'Files', Message: 'fake.pdf cannot be uploaded.' }],
          },
          { status: 400 },
        ),
    });
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources', path: PATH });
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByTestId('document-file-input');
    const huge = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(input, huge);
    expect((await screen.findByRole('alert')).textContent).toContain('scan.pdf is larger than 20 MB.');
    expect(calls(server, 'POST', 'Machine/7/Documents')).toHaveLength(0);

    await user.upload(input, new File(['GIF89a'], 'fake.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(calls(server, 'POST', 'Machine/7/Documents')).toHaveLength(1));
    const snackbars = await screen.findAllByTestId('snackbar');
    expect(snackbars.some((a) => a.textContent?.includes('fake.pdf cannot be uploaded'))).toBe(true);
    expect(screen.getByText('No documents yet. Upload the first one above.')).toBeTruthy();
  });

  it('renames a document and files it under another type', async () => {
    const server = documentServer([doc(1, { Name: 'scan 1' })]);
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources', path: PATH });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename scan 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename document' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    await user.type(name, 'Pressure test 2026');
    await user.click(within(dialog).getByRole('combobox', { name: 'Document type' }));
    await user.click(await screen.findByRole('option', { name: 'Report' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = calls(server, 'PATCH', 'documents/Change/1');
    expect(patch).toHaveLength(1);
    const query = new URL(patch[0]!.url, 'http://x').searchParams;
    expect(query.get('Name')).toBe('Pressure test 2026');
    expect(query.get('DocumentTypeCategoryId')).toBe('6');
    expect(await screen.findByText('Pressure test 2026')).toBeTruthy();
    expect(screen.getByText('Report')).toBeTruthy();
  });

  it('switches customer visibility, and deletes only after the confirm', async () => {
    const server = documentServer([doc(1, { Name: 'Service manual' })]);
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources', path: PATH });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Service manual visible to customers' });
    expect(toggle).toHaveProperty('checked', false);
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(calls(server, 'PATCH', 'Machine/Documents/1/2/TogglePublishToCustomer')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Service manual' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete the document?' });
    expect(
      within(confirm).getByText(/Service manual \(Document 1\.pdf\) and its file will be deleted/),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls(server, 'DELETE', 'Machine/7/Documents/1/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Service manual' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete the document?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls(server, 'DELETE', 'Machine/7/Documents/1/2')).toHaveLength(1));
    expect(await screen.findByText('No documents yet. Upload the first one above.')).toBeTruthy();
  });

  it('puts the chosen document in the route and previews images and text in place', async () => {
    documentServer([
      doc(3, { Name: 'Nameplate', ContentType: 'image/png', RelativePath: 'documents/machine/3.png' }),
      doc(2, {
        Name: 'Readings',
        ContentType: 'text/plain; charset=utf-8',
        RelativePath: 'documents/machine/2.txt',
      }),
      doc(1, { Name: 'Operating manual' }),
    ]);
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources/2', path: PATH });
    const text = await screen.findByRole('region', { name: 'Preview of Readings' });
    expect(await within(text).findByText(/Pressure 7 bar\./)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByText('Nameplate'));
    expect(where()).toBe('/pim/machine-list/7/resources/3');
    const image = await screen.findByRole('region', { name: 'Preview of Nameplate' });
    expect(await within(image).findByRole('img', { name: 'Nameplate' })).toBeTruthy();
    await user.click(screen.getByText('Operating manual'));
    expect(
      await screen.findByText('This type of file cannot be shown here. Download it to open it.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(where()).toBe('/pim/machine-list/7/resources');
  });

  it('downloads a document under its file name', async () => {
    const server = documentServer([doc(1, { Name: 'Manual', FileName: 'GA30 manual.pdf' })]);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources', path: PATH });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download Manual' }));
    await waitFor(() => expect(clicked).toEqual(['GA30 manual.pdf']));
    const fetched = calls(server, 'GET', 'resource/');
    expect(new URL(fetched[0]!.url, 'http://x').searchParams.get('relativePath')).toBe(
      'documents/machine/1.pdf',
    );
  });

  it('gives customer users the documents to read and download, without upload, rename, visibility or delete', async () => {
    documentServer([doc(1, { Name: 'Service manual', PublishToCustomer: true })], { userType: 4 });
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources', path: PATH });
    expect(await screen.findByText('Service manual')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Service manual' })).toBeTruthy();
    expect(screen.queryByTestId('document-drop-zone')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload files' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename Service manual' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Service manual' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('tells customer users when nothing has been shared', async () => {
    documentServer([], { userType: 6 });
    await renderPage(<MachineResourcesPage />, { url: '/pim/machine-list/7/resources', path: PATH });
    expect(await screen.findByText('No documents have been shared here.')).toBeTruthy();
  });
});

describe('PIM resources tabs', () => {
  it('shows a machine model’s documents under its name', async () => {
    const server = fakeServer({
      'GET MachineModel/3': () =>
        Response.json({ Id: 3, Name: 'Hydro 200', IsActive: true, ImagePath: null }),
      'GET MachineModel/3/Documents': () =>
        Response.json([doc(9, { EntityClass: 'MachineModel', EntityId: 3, Name: 'Hydro 200 manual' })]),
    });
    await renderPage(<MachineModelResourcesPage />, {
      url: '/pim/machine-models/3/resources',
      path: '/pim/machine-models/:modelId/resources',
    });
    expect(await screen.findByRole('heading', { name: 'Hydro 200' })).toBeTruthy();
    expect(await screen.findByText('Hydro 200 manual')).toBeTruthy();
    expect(server.calls.some((c) => c.url.endsWith('/api2/ServiceProvider/MachineModel/3/Documents'))).toBe(
      true,
    );
  });

  it('uploads to a supplier through the supplier’s documents call', async () => {
    const server = fakeServer({
      'GET Supplier/5': () => Response.json({ Id: 5, Name: 'Nordpump', IsActive: true }),
      'GET Supplier/5/Documents': () => Response.json([]),
      'POST Supplier/5/Documents': () => Response.json([]),
    });
    await renderPage(<SupplierResourcesPage />, {
      url: '/pim/suppliers/5/resources',
      path: '/pim/suppliers/:supplierId/resources',
    });
    expect(await screen.findByText('No documents yet. Upload the first one above.')).toBeTruthy();
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByTestId('document-file-input'), new File(['%PDF'], 'price list.pdf'));
    await waitFor(() => expect(calls(server, 'POST', 'Supplier/5/Documents')).toHaveLength(1));
  });
});
