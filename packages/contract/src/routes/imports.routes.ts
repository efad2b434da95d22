import { z } from 'zod';
import { binary, defineRoute, json, sp, users } from '../http/route.ts';
import { ImportFile, ImportIdParams, ImportKindParams, ImportUploadFields } from '../schemas/imports.ts';
import { Task } from '../schemas/tasks.ts';

/**
 * Import of customers, addresses, contacts and machines (001 §2.4 Admin → import, ImportMachine): a
 * workbook or CSV file is uploaded and previewed with every row's problems, then imported all or
 * nothing by a task. The Admin's only.
 */
const admin = users([1], { permission: 'Module.Admin' });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const importRoutes = {
  importPreview: defineRoute({
    method: 'POST',
    path: sp('Import/Preview'),
    summary:
      'Upload an import file (multipart File, xlsx or CSV, at most 10 MB, and Kind): answers its first rows and every row’s problems; nothing is imported yet.',
    access: admin,
    bodyKind: 'multipart',
    body: ImportUploadFields,
    response: json(ImportFile),
  }),
  importGet: defineRoute({
    method: 'GET',
    path: sp('Import/:id'),
    summary: 'An uploaded import file: its preview, and its report once imported.',
    access: admin,
    params: ImportIdParams,
    response: json(ImportFile),
  }),
  importList: defineRoute({
    method: 'GET',
    path: sp('Import/'),
    summary: 'The import files of the last week, newest first.',
    access: admin,
    response: json(z.array(ImportFile)),
  }),
  importRun: defineRoute({
    method: 'POST',
    path: sp('Import/:id/Run'),
    summary:
      'Import a previewed file without problems as a task: every row or none; rows already there (by their natural key) are not created again.',
    access: admin,
    params: ImportIdParams,
    response: json(Task),
  }),
  importTemplate: defineRoute({
    method: 'GET',
    path: sp('Import/Template/:kind'),
    summary: 'An empty workbook with the columns of one kind of import.',
    access: admin,
    params: ImportKindParams,
    response: binary(XLSX),
  }),
} as const;
