import type { EmailTemplateKey, LocalNames } from '@fieldport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { useSession } from '../../../lib/session.tsx';
import { adminKeys, LOOKUP_CALLS, type LookupKind } from './admin.ts';

/**
 * The Admin's writes, one hook each (decision 020). Each reads its list again through `adminKeys`
 * afterwards, so the page shows what the server keeps. A hook used by an add row is `silent`: the row
 * shows the refusal under its field.
 */

// The three lookups share their calls' shapes; one name stands for each kind's.
type Change = typeof LOOKUP_CALLS.warrantyType.change;
type Add = typeof LOOKUP_CALLS.warrantyType.add;
type Remove = typeof LOOKUP_CALLS.warrantyType.remove;

function useReadAgain(key: readonly unknown[]) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: key });
}

export function useChangeLookup(kind: LookupKind) {
  const onSuccess = useReadAgain(adminKeys.lookups(kind));
  return useMutation({
    mutationFn: ({
      Id,
      ...body
    }: {
      Id: number;
      Name?: string;
      Names?: LocalNames;
      IsActive?: boolean;
      RowVersion?: number;
    }) => callApi(LOOKUP_CALLS[kind].change as Change, { body: { Id, ...body } }, { notify: true }),
    onSuccess,
  });
}

export function useAddLookup(kind: LookupKind) {
  const onSuccess = useReadAgain(adminKeys.lookups(kind));
  return useMutation({
    mutationFn: (Name: string) =>
      callApi(LOOKUP_CALLS[kind].add as Add, { body: { Name } }, { notify: true, silent: true }),
    onSuccess,
  });
}

export function useRemoveLookup(kind: LookupKind) {
  const onSuccess = useReadAgain(adminKeys.lookups(kind));
  return useMutation({
    mutationFn: (id: number) => {
      const remove = LOOKUP_CALLS[kind].remove;
      if (!remove) throw new Error(`${kind} cannot be removed`);
      return callApi(remove as Remove, { params: { id } }, { notify: true });
    },
    onSuccess,
  });
}

export function useChangeRepairCode() {
  const onSuccess = useReadAgain(adminKeys.repairCodes);
  return useMutation({
    mutationFn: (body: {
      Id: number;
      Code?: string;
      Description?: string;
      IsActive?: boolean;
      RowVersion?: number;
    }) => callApi('repairCodeChange', { body }, { notify: true }),
    onSuccess,
  });
}

export function useAddRepairCode() {
  const onSuccess = useReadAgain(adminKeys.repairCodes);
  return useMutation({
    mutationFn: (query: { code: string; description: string }) =>
      callApi('repairCodeAdd', { query }, { notify: true, silent: true }),
    onSuccess,
  });
}

export function useRemoveRepairCode() {
  const onSuccess = useReadAgain(adminKeys.repairCodes);
  return useMutation({
    mutationFn: (id: number) => callApi('repairCodeRemove', { params: { id } }, { notify: true }),
    onSuccess,
  });
}

export function useChangeJobStatus() {
  const onSuccess = useReadAgain(adminKeys.statuses);
  return useMutation({
    mutationFn: (body: {
      Id: number;
      Name?: string;
      Names?: LocalNames;
      Color?: string;
      SortOrder?: number;
      RowVersion?: number;
    }) => callApi('jobStatusChange', { body }, { notify: true }),
    onSuccess,
  });
}

export function useAddSubStatus() {
  const onSuccess = useReadAgain(adminKeys.statuses);
  return useMutation({
    mutationFn: (body: { ParentId: number; Name: string }) =>
      callApi('jobSubStatusCreate', { body }, { notify: true, silent: true }),
    onSuccess,
  });
}

/** A sub-status's names per language (decision 034). */
export function useChangeSubStatus() {
  const onSuccess = useReadAgain(adminKeys.statuses);
  return useMutation({
    mutationFn: (body: { Id: number; Names?: LocalNames; SetsOnMyWay?: boolean; RowVersion?: number }) =>
      callApi('jobSubStatusChange', { body }, { notify: true }),
    onSuccess,
  });
}

export function useDeleteSubStatus() {
  const onSuccess = useReadAgain(adminKeys.statuses);
  return useMutation({
    mutationFn: (id: number) => callApi('jobSubStatusDelete', { params: { id } }, { notify: true }),
    onSuccess,
  });
}

/** A job type's name in the Admin's language (`Name`) or per language (`Names`; decision 034). */
export function useChangeJobType() {
  const onSuccess = useReadAgain(adminKeys.jobTypes);
  return useMutation({
    mutationFn: (body: {
      Id: number;
      Name?: string;
      Names?: LocalNames;
      Skills?: string[];
      RowVersion?: number;
    }) => callApi('jobTypeChange', { body }, { notify: true }),
    onSuccess,
  });
}

/** A priority's names, or the hours after which its jobs are due. */
export function useChangeJobPriority() {
  const onSuccess = useReadAgain(adminKeys.priorities);
  return useMutation({
    mutationFn: (body: {
      Id: number;
      Name?: string;
      Names?: LocalNames;
      DueAfterHours?: number;
      RowVersion?: number;
    }) => callApi('jobPriorityChange', { body }, { notify: true }),
    onSuccess,
  });
}

/** Saves some values of a settings group; the server checks them by the group's schema. */
export function useSaveSettings(group: 'serviceprovider' | 'global' | 'features') {
  const onSuccess = useReadAgain(adminKeys.settings(group));
  return useMutation({
    mutationFn: (Values: Record<string, unknown>) =>
      callApi('settingsGroupSave', { body: { Group: group, Values } }, { notify: true }),
    onSuccess,
  });
}

/** The e-mail templates (group email): saved together, refused whole with an unknown placeholder. */
export function useSaveEmailTemplate() {
  const onSuccess = useReadAgain(adminKeys.settings('email'));
  return useMutation({
    mutationFn: (Values: Record<string, unknown>) =>
      callApi('settingsGroupSave', { body: { Group: 'email', Values } }, { notify: true }),
    onSuccess,
  });
}

/** The template editor's test mail: sent now with example values, written in the mail log. */
export function useSendTestEmail() {
  const onSuccess = useReadAgain(['admin', 'logs', 'mail']);
  return useMutation({
    mutationFn: (body: { Key: EmailTemplateKey; To: string; Subject: string; Body: string }) =>
      callApi('settingsTestEmail', { body }),
    onSuccess,
  });
}

/** A plan switched on or off (task/activate, task/disable). */
export function useSetPlan() {
  const onSuccess = useReadAgain(adminKeys.plans);
  return useMutation({
    mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) =>
      callApi(enabled ? 'taskPlanActivate' : 'taskPlanDisable', { params: { name } }, { notify: true }),
    onSuccess,
  });
}

/** A waiting task cancelled (task/cancelWait). */
export function useCancelWait() {
  const onSuccess = useReadAgain(['admin', 'logs', 'tasks']);
  return useMutation({
    mutationFn: (id: number) => callApi('taskCancelWait', { params: { id } }, { notify: true }),
    onSuccess,
  });
}

/** AssetType/ToggleFeature: the feature on or off; the user info (the menu, the machines' fields) follows. */
export function useToggleAssetTypes() {
  const { refreshInfo } = useSession();
  const onSuccess = useReadAgain(adminKeys.assetTypes);
  return useMutation({
    mutationFn: () => callApi('assetTypeToggleFeature', undefined, { notify: true }),
    onSuccess: async () => {
      await refreshInfo();
      await onSuccess();
    },
  });
}

export function useAddAssetType() {
  const onSuccess = useReadAgain(adminKeys.assetTypes);
  return useMutation({
    mutationFn: (Name: string) =>
      callApi(
        'assetTypeCreate',
        { body: { Name } },
        { notify: true, silent: true, idempotencyKey: crypto.randomUUID() },
      ),
    onSuccess,
  });
}

export function useChangeAssetType() {
  const onSuccess = useReadAgain(adminKeys.assetTypes);
  return useMutation({
    mutationFn: (body: { Id: number; Name?: string; IsActive?: boolean; RowVersion?: number }) =>
      callApi('assetTypeChange', { body }, { notify: true }),
    onSuccess,
  });
}

export function useDeleteAssetType() {
  const onSuccess = useReadAgain(adminKeys.assetTypes);
  return useMutation({
    mutationFn: (id: number) => callApi('assetTypeDelete', { params: { id } }, { notify: true }),
    onSuccess,
  });
}

export function useAddFailureCode(supplierId: number) {
  const onSuccess = useReadAgain(adminKeys.failureCodes(supplierId));
  return useMutation({
    mutationFn: (body: { Code: string; Description: string }) =>
      callApi(
        'failureCodeAdd',
        { body: { SupplierId: supplierId, ...body } },
        { notify: true, silent: true, idempotencyKey: crypto.randomUUID() },
      ),
    onSuccess,
  });
}

export function useChangeFailureCode(supplierId: number) {
  const onSuccess = useReadAgain(adminKeys.failureCodes(supplierId));
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: number;
      Code?: string;
      Description?: string;
      IsActive?: boolean;
      RowVersion?: number;
    }) => callApi('failureCodeChange', { params: { id }, body }, { notify: true }),
    onSuccess,
  });
}

export function useRemoveFailureCode(supplierId: number) {
  const onSuccess = useReadAgain(adminKeys.failureCodes(supplierId));
  return useMutation({
    mutationFn: (id: number) => callApi('failureCodeRemove', { params: { id } }, { notify: true }),
    onSuccess,
  });
}
