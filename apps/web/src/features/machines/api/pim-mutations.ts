import type { LocalNames } from '@fieldport/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../../lib/api/client.ts';
import { machineKeys } from './machines.ts';
import { type MachineModel, pimKeys } from './pim.ts';

/**
 * The reference data's writes (machine models, types, suppliers), one hook each (decision 020). The
 * record's cache takes the answer and its lists load again; machines show the names of their models,
 * types and suppliers, so theirs load again too.
 */
function store(
  client: QueryClient,
  area: 'models' | 'types' | 'suppliers',
  detailKey: readonly unknown[],
  saved: unknown,
) {
  client.setQueryData(detailKey, saved);
  return Promise.all([
    client.invalidateQueries({ queryKey: ['pim', area, 'list'] }),
    client.invalidateQueries({ queryKey: machineKeys.all }),
  ]);
}

type Body<K extends Parameters<typeof callApi>[0]> = NonNullable<CallInput<K>['body']>;
/** The fields of a model a change sends (the multipart body's MachineModel part). */
export type ModelChange = {
  Name?: string;
  MachineTypeId?: number | null;
  SupplierId?: number | null;
  AssetTypeId?: number | null;
  RemoveImage?: boolean;
  RowVersion?: number;
};

export function useCreateModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'machineModelCreate'>) =>
      callApi('machineModelCreate', { body }, { notify: true }),
    onSuccess: (saved) => store(client, 'models', pimKeys.model(saved.Id), saved),
  });
}

/** A change of the model's fields, and of its image when one is given. */
export function useChangeModel(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, image }: { fields: ModelChange; image?: File }) =>
      callApi(
        'machineModelChange',
        { body: { MachineModel: { Id: id, ...fields }, ...(image ? { ImageFile: image } : {}) } },
        { notify: true },
      ),
    onSuccess: (saved) => store(client, 'models', pimKeys.model(id), saved),
  });
}

/** Reads the model's active state, then flips it when it is not the wanted one. */
export function useSetModelActive(model: MachineModel) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (wanted: boolean) => {
      const state = await callApi('machineModelGetActiveState', { params: { id: model.Id } });
      return state.IsActive === wanted
        ? state
        : callApi('machineModelToggleActiveState', { params: { id: model.Id } }, { notify: true });
    },
    onSuccess: (now) =>
      store(client, 'models', pimKeys.model(model.Id), { ...model, IsActive: now.IsActive }),
  });
}

export function useCreateType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (Name: string) => callApi('machineTypeCreate', { body: { Name } }, { notify: true }),
    onSuccess: (saved) => store(client, 'types', pimKeys.type(saved.Id), saved),
  });
}

export function useRenameType(id: number) {
  const client = useQueryClient();
  return useMutation({
    /** `Name` in the user's language; `Names` per language (decision 089). */
    mutationFn: (body: { Name?: string; Names?: LocalNames; RowVersion?: number }) =>
      callApi('machineTypeChange', { body: { Id: id, ...body } }, { notify: true }),
    onSuccess: (saved) => store(client, 'types', pimKeys.type(id), saved),
  });
}

export function useCreateSupplier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'supplierCreate'>) => callApi('supplierCreate', { body }, { notify: true }),
    onSuccess: (saved) => store(client, 'suppliers', pimKeys.supplier(saved.Id), saved),
  });
}

export function useChangeSupplier(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: Omit<Body<'supplierChange'>, 'Id'>) =>
      callApi('supplierChange', { body: { Id: id, ...fields } }, { notify: true }),
    onSuccess: (saved) => store(client, 'suppliers', pimKeys.supplier(id), saved),
  });
}
