import type {
  ContractChangeInput,
  ContractCreateInput,
  ContractTypeChangeInput,
  ContractTypeInput,
  ServiceAgreementChangeInput,
  ServiceAgreementCreateInput,
} from '@fieldport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { agreementKeys } from './agreements.ts';

/** The agreements writes, one hook each (decision 020); each reads every agreements answer again. */
function useReadAgain() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: agreementKeys.all });
}

const key = () => crypto.randomUUID();

export function useCreateAgreement() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (v: { body: ServiceAgreementCreateInput; active: boolean }) =>
      callApi(
        'serviceAgreementCreate',
        { body: v.body, query: { agreementIsActive: v.active ? 'true' : 'false' } },
        { notify: true, silent: true, idempotencyKey: key() },
      ),
    onSuccess,
  });
}

/** An agreement's fields changed (PATCH ServiceAgreement/{id}, ours), by the RowVersion read. */
export function useChangeAgreement() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (v: { id: number; body: ServiceAgreementChangeInput }) =>
      callApi(
        'serviceAgreementChange',
        { params: { id: v.id }, body: v.body },
        { notify: true, silent: true },
      ),
    onSuccess,
  });
}

export function useDeleteAgreement() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (id: number) => callApi('serviceAgreementDelete', { params: { id } }, { notify: true }),
    onSuccess,
  });
}

/** The job of one next order: the agreement moves on to its next visit. */
export function useCreateNextOrderJob() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (v: { id: number; rowVersion: number }) =>
      callApi(
        'nextOrderJobCreate',
        { params: { id: v.id }, body: { RowVersion: v.rowVersion } },
        { notify: true, idempotencyKey: key() },
      ),
    onSuccess,
  });
}

/** The jobs of several next orders, made by a background task (its progress shows in the task panel). */
export function useCreateNextOrderJobs() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (ids: number[]) =>
      callApi(
        'nextOrderJobsCreate',
        { body: { AgreementIds: ids } },
        { notify: true, idempotencyKey: key() },
      ),
    onSuccess,
  });
}

/** A new contract (the Admin): the answer is the contract as saved. */
export function useCreateContract() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (body: ContractCreateInput) =>
      callApi('contractCreate', { body }, { notify: true, silent: true, idempotencyKey: key() }),
    onSuccess,
  });
}

/** A contract's fields changed, by the RowVersion read (a stale one is refused). */
export function useChangeContract() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (body: ContractChangeInput) =>
      callApi('contractChange', { body }, { notify: true, silent: true }),
    onSuccess,
  });
}

export function useDeleteContract() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (id: number) => callApi('contractDelete', { params: { id } }, { notify: true }),
    onSuccess,
  });
}

/** A new contract type (the Admin; ours): the menu and the list read again. */
export function useCreateContractType() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (body: ContractTypeInput) =>
      callApi('contractTypeCreate', { body }, { notify: true, silent: true, idempotencyKey: key() }),
    onSuccess,
  });
}

/** A contract type's fields changed, by the RowVersion read. */
export function useChangeContractType() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (v: { id: number; body: ContractTypeChangeInput }) =>
      callApi('contractTypeChange', { params: { id: v.id }, body: v.body }, { notify: true, silent: true }),
    onSuccess,
  });
}

/** A contract type deleted; one contracts use is refused with the count (shown by the caller). */
export function useDeleteContractType() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (id: number) =>
      callApi('contractTypeDelete', { params: { id } }, { notify: true, silent: true }),
    onSuccess,
  });
}
