import type { Api, ChecklistValue, RouteOutput } from '@fieldport/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../../lib/api/client.ts';
import { answerLabel } from '../../../lib/outbox/labels.ts';
import { onOutboxApplied, submitCommand } from '../../../lib/outbox/state.ts';
import { jobKeys } from './jobs.ts';

/**
 * A job's checklists (002 §7.4) for the checklists tab: the list, one checklist with its fields, the
 * active templates to start one from; starting one, answering a field, raising a follow-up job. Every
 * checklist query of a job sits under `checklistKeys.of(jobId)`, below the job's own key, so the job
 * change event every checklist change raises marks them stale.
 */
const checklistKeys = {
  of: (jobId: number) => [...jobKeys.all, 'checklists', jobId] as const,
  one: (jobId: number, id: number) => [...jobKeys.all, 'checklists', jobId, id] as const,
  templates: ['checklists', 'templates'] as const,
};

export type Checklist = RouteOutput<Api['checklistGet']>;
export type ChecklistSummary = RouteOutput<Api['checklistsOfJob']>[number];
export type ChecklistField = Checklist['Fields'][number];

export const useJobChecklists = (jobId: number) =>
  useQuery({
    queryKey: checklistKeys.of(jobId),
    queryFn: ({ signal }) => callApi('checklistsOfJob', { query: { jobId } }, { signal, silent: true }),
  });

export const useChecklist = (jobId: number, id: number | null) =>
  useQuery({
    queryKey: checklistKeys.one(jobId, id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => callApi('checklistGet', { query: { entryId: id! } }, { signal, silent: true }),
  });

/** The active templates a checklist may be started from (staff). */
export const useActiveTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: [...checklistKeys.templates, 'active'],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => callApi('checklistTemplates', { query: {} }, { signal, silent: true }),
  });

const settle = (client: QueryClient, jobId: number) =>
  client.invalidateQueries({ queryKey: checklistKeys.of(jobId) });

/** POST checklist/start: a template's checklist on the job (one key per click: a retry is the same start). */
export function useStartChecklist(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) =>
      callApi(
        'checklistStart',
        { query: { jobId, templateId } },
        { notify: true, idempotencyKey: crypto.randomUUID() },
      ),
    onSuccess: () => settle(client, jobId),
  });
}

/**
 * PATCH checklist/field/: one answer on the field's row version, through the outbox (decision 099): sent
 * at once when it can be, and then the checklist's answer is replaced in place; kept on the device
 * (offline, or behind a held change of the job), the tab shows it as waiting under its field. A user
 * without a device store answers the server directly.
 */
export function useAnswerField(jobId: number, checklistId: number) {
  const client = useQueryClient();
  return useMutation({
    // Offline the outbox keeps the write: the query client must not hold it back (decision 099).
    networkMode: 'always',
    mutationFn: (v: { field: ChecklistField; value: ChecklistValue }) =>
      submitCommand<ChecklistField>(
        {
          kind: 'checklistAnswer',
          input: { jobId, checklistId, body: { Id: v.field.Id, Value: v.value } },
          target: `job:${jobId}`,
          label: answerLabel(v.field.Label, v.value),
          rowVersion: v.field.RowVersion,
        },
        () =>
          callApi(
            'checklistFieldChange',
            { body: { Id: v.field.Id, Value: v.value, RowVersion: v.field.RowVersion } },
            { silent: true },
          ),
      ),
    onSuccess: (done) => {
      if (!done.applied) return;
      const next = done.answer;
      client.setQueryData<Checklist>(checklistKeys.one(jobId, checklistId), (c) =>
        c ? { ...c, Fields: c.Fields.map((f) => (f.Id === next.Id ? next : f)) } : c,
      );
      return settle(client, jobId);
    },
  });
}

/** An answer the outbox applied later (sent when the network came back): the job's checklists read again. */
export function useChecklistAnswersApplied(jobId: number) {
  const client = useQueryClient();
  useEffect(
    () =>
      onOutboxApplied((c) => {
        if (c.kind === 'checklistAnswer' && c.input.jobId === jobId) void settle(client, jobId);
      }),
    [client, jobId],
  );
}

/** POST checklist/field/{id}/followup: a follow-up job raised from a failed field. */
export function useFollowUp(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fieldId: number) =>
      callApi(
        'checklistFollowUpCreate',
        { params: { id: fieldId } },
        { notify: true, idempotencyKey: crypto.randomUUID() },
      ),
    onSuccess: () => settle(client, jobId),
  });
}
