// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MachineModelInfoPage from './pages/MachineModelInfoPage.tsx';
import { MachineTypeInfoPage } from './pages/MachineTypePages.tsx';
import { SupplierInfoPage, SupplierListPage } from './pages/SupplierPages.tsx';
import { bodyOf, bundle, fakeServer, png, renderPage } from './test-utils.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const supplier = {
  Id: 5,
  Name: 'Nordpump',
  Email: 'post@nordpump.test',
  Phone: '+47 22 00 00 00',
  IsActive: true,
  ModelCount: 3,
};
const suppliers = () =>
  Response.json({
    Content: [supplier, { ...supplier, Id: 6, Name: 'Old Parts', IsActive: false }],
    TotalCount: 2,
  });

describe('suppliers', () => {
  it('lists suppliers with New, inactive ones greyed', async () => {
    fakeServer({ 'GET Supplier/Filtered': suppliers });
    await renderPage(<SupplierListPage />, { url: '/pim/suppliers', path: '/pim/suppliers' });
    expect((await screen.findByTestId('supplier-row-5')).textContent).toContain('post@nordpump.test');
    expect(within(screen.getByTestId('supplier-row-6')).getByRole('img', { name: 'Inactive' })).toBeTruthy();
    expect(within(screen.getByTestId('supplier-row-5')).queryByRole('img', { name: 'Inactive' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'New supplier' })).toBeTruthy();
  });

  it('hides New and makes the form read-only when the ERP owns suppliers', async () => {
    const info = bundle(1, { SupplierReadOnly: true });
    info.ERPConfig.ERPFriendlyName = 'Visma';
    const server = fakeServer(
      { 'GET Supplier/Filtered': suppliers, 'GET Supplier/5': () => Response.json(supplier) },
      info,
    );
    const list = await renderPage(<SupplierListPage />, { url: '/pim/suppliers', path: '/pim/suppliers' });
    expect(await screen.findByTestId('supplier-row-5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New supplier' })).toBeNull();
    list.unmount();

    await renderPage(<SupplierInfoPage />, {
      url: '/pim/suppliers/5/info',
      path: '/pim/suppliers/:supplierId/info',
    });
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    expect(screen.getByText('Suppliers are kept in Visma and cannot be changed here.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(name, 'X');
    await user.tab();
    expect(name.value).toBe('Nordpump');
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('is read-only for a technician, who may not edit reference data', async () => {
    fakeServer({ 'GET Supplier/5': () => Response.json(supplier) }, bundle(2));
    await renderPage(<SupplierInfoPage />, {
      url: '/pim/suppliers/5/info',
      path: '/pim/suppliers/:supplierId/info',
    });
    expect(((await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByRole('switch', { name: 'Active' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('machine type names in each language', () => {
  const type = {
    Id: 4,
    Name: 'CNC machine',
    ModelCount: 2,
    RowVersion: 3,
    Names: { en: 'CNC machine', no: 'CNC-maskin' },
  };
  const page = { url: '/pim/machine-types/4/info', path: '/pim/machine-types/:typeId/info' };

  it('lets the Admin name the type in each language, one language at a time (decision 089)', async () => {
    const server = fakeServer({
      'GET MachineType/4': () => Response.json(type),
      'PATCH MachineType/': (call) =>
        Response.json({
          ...type,
          RowVersion: 4,
          Names: { ...type.Names, ...(bodyOf(call).Names as object) },
        }),
    });
    await renderPage(<MachineTypeInfoPage />, page);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Names of CNC machine in each language' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Names of CNC machine in each language' }),
    );
    expect((dialog.getByRole('textbox', { name: 'Norsk' }) as HTMLInputElement).value).toBe('CNC-maskin');
    expect((dialog.getByRole('textbox', { name: 'Svenska' }) as HTMLInputElement).value).toBe('');
    await user.type(dialog.getByRole('textbox', { name: 'Svenska' }), 'CNC-maskin');
    await user.tab();
    await waitFor(() =>
      expect(server.calls.filter((c) => c.method === 'PATCH').map((c) => bodyOf(c))).toEqual([
        { Id: 4, Names: { sv: 'CNC-maskin' }, RowVersion: 3 },
      ]),
    );
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no names button to a technician, who may not edit reference data', async () => {
    fakeServer({ 'GET MachineType/4': () => Response.json(type) }, bundle(2));
    await renderPage(<MachineTypeInfoPage />, page);
    expect(((await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Names of CNC machine in each language' })).toBeNull();
  });
});

describe('machine model image', () => {
  const model = {
    Id: 3,
    Name: 'Hydro 200',
    MachineTypeId: null,
    MachineType: null,
    SupplierId: null,
    Supplier: null,
    AssetTypeId: null,
    AssetType: null,
    ImagePath: null,
    IsActive: true,
    MachineCount: 4,
  };

  it('uploads a PNG or JPEG as multipart and refuses other files', async () => {
    const server = fakeServer({
      'GET MachineModel/3': () => Response.json(model),
      'PATCH MachineModel/': () => Response.json({ ...model, ImagePath: 'models/3.png' }),
      'GET resource/': () => png(),
    });
    await renderPage(<MachineModelInfoPage />, {
      url: '/pim/machine-models/3/info',
      path: '/pim/machine-models/:modelId/info',
    });
    expect(await screen.findByText('No image')).toBeTruthy();
    const input = screen.getByLabelText('Upload image', { selector: 'input' }) as HTMLInputElement;
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Only PNG and JPEG images can be uploaded.')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'pump.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = server.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toBeInstanceOf(FormData);
    const form = patch.body as FormData;
    expect((form.get('ImageFile') as File).name).toBe('pump.png');
    expect(JSON.parse(await (form.get('MachineModel') as Blob).text())).toEqual({ Id: 3 });
    expect(await screen.findByRole('img', { name: 'Image' })).toBeTruthy();
  });
});
