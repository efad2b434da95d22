import { z } from 'zod';
import { ALL_USER_TYPES } from '../domain/user-types.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  Checklist,
  ChecklistEntryQuery,
  ChecklistField,
  ChecklistFieldInput,
  ChecklistFollowUp,
  ChecklistJobQuery,
  ChecklistStartQuery,
  ChecklistSummary,
  ChecklistTemplate,
  ChecklistTemplateCreateQuery,
  ChecklistTemplateListQuery,
  ChecklistTemplateSaveInput,
  ChecklistTemplateSummary,
} from '../schemas/checklists.ts';
import { RecordIdParams } from '../schemas/fields.ts';

/**
 * Checklists (002 §7.4, CheckList licence). The Admin keeps the templates; the staff read them, start
 * a checklist on a job and fill it in; customer users and partners read the checklists of their own
 * company's jobs. A failed field raises a follow-up job through the job creation rules.
 */
const licence = 'CheckList' as const;
const readers = users(ALL_USER_TYPES, { licence });
const staff = users([1, 2, 3], { licence });
const fillers = users([1, 2, 3], { permission: 'Job.Edit', licence });
const admin = users([1], { permission: 'Module.Admin', licence });

export const checklistRoutes = {
  checklistTemplates: defineRoute({
    method: 'GET',
    path: sp('checklist/templates'),
    summary: 'The checklist templates by name (active ones unless includeInactive=true).',
    access: staff,
    query: ChecklistTemplateListQuery,
    response: json(z.array(ChecklistTemplateSummary)),
  }),
  checklistTemplateGet: defineRoute({
    method: 'GET',
    path: sp('checklist/templates/:id'),
    summary: 'One checklist template with its sections and fields.',
    access: staff,
    params: RecordIdParams,
    response: json(ChecklistTemplate),
  }),
  checklistTemplateCreate: defineRoute({
    method: 'POST',
    path: sp('checklist/templates/'),
    summary: 'A new checklist template of this name, with one section of one yes/no field.',
    access: admin,
    query: ChecklistTemplateCreateQuery,
    response: json(ChecklistTemplate),
  }),
  checklistTemplateSave: defineRoute({
    method: 'POST',
    path: sp('checklist/templates/:id/'),
    summary:
      'Save a template’s name, state and sections; checklists already started keep the fields they started with.',
    access: admin,
    params: RecordIdParams,
    body: ChecklistTemplateSaveInput,
    response: json(ChecklistTemplate),
  }),
  checklistGet: defineRoute({
    method: 'GET',
    path: sp('checklist/'),
    summary: 'One checklist with its fields and answers.',
    access: readers,
    query: ChecklistEntryQuery,
    response: json(Checklist),
  }),
  checklistsOfJob: defineRoute({
    method: 'GET',
    path: sp('checklist/list'),
    summary: 'The checklists of a job, oldest first, with their progress.',
    access: readers,
    query: ChecklistJobQuery,
    response: json(z.array(ChecklistSummary)),
  }),
  checklistStart: defineRoute({
    method: 'POST',
    path: sp('checklist/start'),
    summary: 'Start a checklist of an active template on a job that is not yet approved.',
    access: fillers,
    query: ChecklistStartQuery,
    response: json(Checklist),
  }),
  checklistFieldChange: defineRoute({
    method: 'PATCH',
    path: sp('checklist/field/'),
    summary:
      'Answer a field: yes/no true or false, a number, a text, one of the choices, a photo as the id of a document of the job; null clears it.',
    access: fillers,
    body: ChecklistFieldInput,
    response: json(ChecklistField),
  }),
  checklistFollowUpCreate: defineRoute({
    method: 'POST',
    path: sp('checklist/field/:id/followup'),
    summary: 'Raise a follow-up job from a failed field: a new job on the same customer and machines.',
    access: users([1, 2, 3], { permission: 'Job.Create', licence }),
    params: RecordIdParams,
    response: json(ChecklistFollowUp),
  }),
} as const;
