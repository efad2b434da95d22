import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  type DocumentEntityClass,
  type DocumentItem,
  PERMISSIONS,
} from '@fieldport/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client.ts';
import { useSession } from '../../lib/session.tsx';

export type { DocumentEntityClass, DocumentItem };

/** Uploads of up to 10 × 20 MB take longer than the 30-second call limit on slow lines. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export const documentKeys = {
  all: ['documents'] as const,
  of: (entityClass: DocumentEntityClass, entityId: number) => ['documents', entityClass, entityId] as const,
  file: (path: string) => ['documents', 'file', path] as const,
};

const validId = (id: number) => Number.isInteger(id) && id > 0;

/** The documents of one record, newest first ({entityClass}/{entityId}/Documents). */
export function useDocuments(entityClass: DocumentEntityClass, entityId: number) {
  return useQuery({
    queryKey: documentKeys.of(entityClass, entityId),
    queryFn: ({ signal }) =>
      callApi('entityDocuments', { params: { entityClass, entityId } }, { signal, silent: true }),
    enabled: validId(entityId),
  });
}

/** A stored document's bytes (GET /api2/resource/?relativePath), for a preview or a download. */
export function useDocumentFile(doc: DocumentItem | null, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.file(doc?.RelativePath ?? ''),
    queryFn: ({ signal }) =>
      callApi('resourceGet', { query: { relativePath: doc?.RelativePath ?? '' } }, { signal, silent: true }),
    enabled: !!doc && enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Uploading, renaming, publishing and deleting (the Document.Edit permission: staff only). */
export function useCanEditDocuments(): boolean {
  const { info } = useSession();
  if (!info) return false;
  const allowed = info.AuthorizationMatrix?.['Document.Edit'] ?? PERMISSIONS['Document.Edit'];
  return (allowed as readonly number[]).includes(info.UserInfo.UserTypeId);
}

/** Why chosen files cannot be uploaded, before sending them: too many, or one too large. */
export function uploadProblem(files: File[]): { key: 'tooMany' | 'tooLarge'; name?: string } | null {
  if (files.length > DOCUMENT_MAX_FILES) return { key: 'tooMany' };
  const large = files.find((f) => f.size > DOCUMENT_MAX_BYTES);
  return large ? { key: 'tooLarge', name: large.name } : null;
}

/** The calls that change a record's documents; each refreshes its list afterwards. */
export function useDocumentActions(entityClass: DocumentEntityClass, entityId: number) {
  const { t } = useTranslation('documents');
  const client = useQueryClient();
  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: documentKeys.of(entityClass, entityId) }),
    [client, entityClass, entityId],
  );
  const replace = useCallback(
    (next: DocumentItem) =>
      client.setQueryData<DocumentItem[]>(documentKeys.of(entityClass, entityId), (list) =>
        list?.map((d) => (d.Id === next.Id ? next : d)),
      ),
    [client, entityClass, entityId],
  );

  return {
    async upload(files: File[], categoryId: number, publish: boolean) {
      const body = new FormData();
      for (const f of files) body.append('Files', f, f.name);
      body.append('DocumentTypeId', String(categoryId));
      body.append('PublishToCustomer', String(publish));
      const added = await callApi(
        'entityDocumentsUpload',
        { params: { entityClass, entityId }, body },
        { notify: t('uploaded', { count: files.length }), timeoutMs: UPLOAD_TIMEOUT_MS },
      );
      await refresh();
      return added;
    },
    async change(doc: DocumentItem, values: { Name?: string; DocumentTypeCategoryId?: number }) {
      const next = await callApi(
        'documentChange',
        { params: { id: doc.Id }, query: values },
        { notify: true },
      );
      replace(next);
      return next;
    },
    async togglePublish(doc: DocumentItem) {
      const next = await callApi(
        'entityDocumentTogglePublish',
        { params: { entityClass, docId: doc.Id, typeId: doc.DocumentTypeCategoryId } },
        { notify: true },
      );
      replace(next);
      return next;
    },
    async remove(doc: DocumentItem) {
      await callApi(
        'entityDocumentDelete',
        { params: { entityClass, entityId, docId: doc.Id, typeId: doc.DocumentTypeCategoryId } },
        { notify: true },
      );
      await refresh();
    },
  };
}
