import {
  type ChecklistTemplateSaveInput,
  type ChecklistTemplateSection,
  type ChecklistValue,
  checklistAnswerProblem,
  JobCreateInput,
  serverMessage,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { fieldRefusal, recordNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { assertCurrent, savedAt } from '../common/row-version.ts';
import { assertOpen, jobConflict } from '../jobs/job-checks.ts';
import { logJobChange } from '../jobs/job-log.ts';
import type { JobRecordService } from '../jobs/job-record.service.ts';
import { findJob, findVisibleJob, type JobRow } from '../jobs/jobs.api.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  answerOf,
  fieldFailed,
  fieldRule,
  presentChecklist,
  presentField,
  presentSummary,
  presentTemplate,
  presentTemplateSummary,
} from './checklists.presenter.ts';
import * as repo from './checklists.repository.ts';

type SaveInput = z.output<typeof ChecklistTemplateSaveInput>;

/** An answer as the job's history shows it. */
const shown = (v: ChecklistValue): string | null => (v === null ? null : String(v));

/**
 * Checklists (002 §7.4): the Admin's templates; checklists started on a job, their fields answered one
 * by one, each answer checked against its field's type and logged in the job's history with its job
 * event; a failed field raising a follow-up job through the job creation service.
 */
export class ChecklistService {
  private readonly deps: { db: Db; settings: SettingsService; jobs: JobRecordService };
  constructor(deps: { db: Db; settings: SettingsService; jobs: JobRecordService }) {
    this.deps = deps;
  }

  private async tz() {
    return (await this.deps.settings.global()).TimeZone;
  }

  async templates(includeInactive: boolean) {
    return (await repo.listTemplates(this.deps.db, includeInactive)).map(presentTemplateSummary);
  }

  async template(caller: Caller, id: number) {
    const row = await repo.findTemplate(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_checklist_template', id);
    return presentTemplate(row, await this.tz());
  }

  async createTemplate(caller: Caller, name: string) {
    const sections: ChecklistTemplateSection[] = [
      {
        Title: serverMessage('checklist_new_section', caller.lang),
        Fields: [
          {
            Label: serverMessage('checklist_new_field', caller.lang),
            Type: 'YesNo',
            Required: true,
            Min: null,
            Max: null,
            Unit: '',
            Choices: [],
          },
        ],
      },
    ];
    const row = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const made = await repo.insertTemplate(tx, name, sections);
      emit({ entity: 'checklistTemplate', entityId: made.id, changeType: 'New', userId: caller.user.id });
      return made;
    });
    return presentTemplate(row, await this.tz());
  }

  async saveTemplate(caller: Caller, id: number, input: SaveInput) {
    const row = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await repo.findTemplate(tx, id, true);
      if (!before) throw recordNotFound(caller, 'object_checklist_template', id);
      assertCurrent(caller, before, input.RowVersion);
      const after = savedAt(
        caller,
        await repo.updateTemplate(
          tx,
          id,
          { name: input.Name, isActive: input.IsActive, sections: input.Sections },
          input.RowVersion,
        ),
      );
      emit({ entity: 'checklistTemplate', entityId: id, changeType: 'Change', userId: caller.user.id });
      return after;
    });
    return presentTemplate(row, await this.tz());
  }

  /** The parent job the caller may see (a checklist is on the job, not a machine sub-job). */
  private async visibleJob(caller: Caller, jobId: number): Promise<JobRow> {
    const job = await findVisibleJob(this.deps.db, jobId, caller.user);
    if (!job) throw recordNotFound(caller, 'object_job', jobId);
    if (job.parentId === null) return job;
    return (await findJob(this.deps.db, job.parentId, undefined))!;
  }

  async ofJob(caller: Caller, jobId: number) {
    const job = await this.visibleJob(caller, jobId);
    const rows = await repo.checklistsOfJob(this.deps.db, job.id);
    const fields = await repo.fieldsOf(
      this.deps.db,
      rows.map((r) => r.id),
    );
    const tz = await this.tz();
    return rows.map((r) =>
      presentSummary(
        r,
        fields.filter((f) => f.checklistId === r.id),
        tz,
      ),
    );
  }

  async get(caller: Caller, id: number) {
    const row = await repo.findChecklist(this.deps.db, id);
    // Another company's checklist is not there for the caller, like its job.
    const job = row ? await findVisibleJob(this.deps.db, row.jobId, caller.user) : null;
    if (!row || !job) throw recordNotFound(caller, 'object_checklist', id);
    return presentChecklist(row, await repo.fieldsOf(this.deps.db, [row.id]), await this.tz());
  }

  async start(caller: Caller, jobId: number, templateId: number) {
    const visible = await this.visibleJob(caller, jobId);
    const template = await repo.findTemplate(this.deps.db, templateId);
    if (!template)
      throw fieldRefusal(caller, 'templateId', 'record_not_found', this.notFoundValues(caller, templateId));
    if (!template.isActive) throw jobConflict(caller, 'checklist_template_inactive');
    const sections = template.sections as ChecklistTemplateSection[];
    const id = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const job = (await findJob(tx, visible.id, undefined, true))!;
      assertOpen(caller, job);
      let position = 0;
      const made = await repo.insertChecklist(
        tx,
        {
          jobId: job.id,
          templateId: template.id,
          name: template.name,
          createdBy: caller.user.id,
          createdByName: caller.user.name,
        },
        sections.flatMap((s) =>
          s.Fields.map((f) => ({
            position: position++,
            section: s.Title,
            label: f.Label,
            type: f.Type,
            required: f.Required,
            min: f.Min,
            max: f.Max,
            unit: f.Unit,
            choices: f.Choices,
          })),
        ),
      );
      await logJobChange(
        tx,
        caller,
        job,
        'Change',
        [{ Field: 'Checklist', OldValue: null, NewValue: template.name }],
        {
          emit,
        },
      );
      return made.id;
    });
    return this.get(caller, id);
  }

  private notFoundValues(caller: Caller, id: number) {
    return { object: serverMessage('object_checklist_template', caller.lang), id };
  }

  async answer(caller: Caller, id: number, value: ChecklistValue, rowVersion?: number) {
    const found = await repo.findField(this.deps.db, id);
    const visible = found ? await findVisibleJob(this.deps.db, found.jobId, caller.user) : null;
    if (!found || !visible) throw recordNotFound(caller, 'object_checklist_field', id);
    const rule = fieldRule(found.field);
    const problem = checklistAnswerProblem(rule, value);
    if (problem) throw fieldRefusal(caller, 'Value', problem, { choices: rule.Choices.join(', ') });
    if (
      rule.Type === 'Photo' &&
      value !== null &&
      !(await repo.isJobDocument(this.deps.db, value as number, found.jobId))
    )
      throw fieldRefusal(caller, 'Value', 'checklist_value_photo');
    const row = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const job = (await findJob(tx, found.jobId, undefined, true))!;
      assertOpen(caller, job);
      const before = (await repo.findField(tx, id, true))!.field;
      assertCurrent(caller, before, rowVersion);
      const after = savedAt(
        caller,
        await repo.updateAnswer(
          tx,
          id,
          {
            boolValue: rule.Type === 'YesNo' ? (value as boolean | null) : null,
            numberValue: rule.Type === 'Number' ? (value as number | null) : null,
            textValue: rule.Type === 'Text' || rule.Type === 'Choice' ? (value as string | null) : null,
            documentId: rule.Type === 'Photo' ? (value as number | null) : null,
            answeredBy: value === null ? null : caller.user.name,
            answered: value !== null,
          },
          rowVersion,
        ),
      );
      await logJobChange(
        tx,
        caller,
        job,
        'Change',
        [{ Field: `Checklist: ${before.label}`, OldValue: shown(answerOf(before)), NewValue: shown(value) }],
        { emit },
      );
      return after;
    });
    return presentField(row, await this.tz());
  }

  /**
   * A follow-up job for a failed field: the same customer, delivery address, contact, type and
   * priority, on the job's machines, created by the job creation service so every job rule applies.
   */
  async followUp(caller: Caller, fieldId: number) {
    const found = await repo.findField(this.deps.db, fieldId);
    const job = found ? await findVisibleJob(this.deps.db, found.jobId, caller.user) : null;
    if (!found || !job) throw recordNotFound(caller, 'object_checklist_field', fieldId);
    const { field } = found;
    if (field.followUpJobId !== null)
      throw jobConflict(caller, 'checklist_follow_up_exists', { id: field.followUpJobId });
    if (!fieldFailed(field)) throw jobConflict(caller, 'checklist_not_failed');
    const machines = await repo.machinesOfJob(this.deps.db, job.id);
    if (
      machines.length === 0 ||
      job.customerId === null ||
      job.contactPersonId === null ||
      job.deliveryAddressId === null
    )
      throw jobConflict(caller, 'checklist_follow_up_no_machine');
    const checklist = (await repo.findChecklist(this.deps.db, field.checklistId))!;
    const comment = serverMessage('checklist_follow_up_comment', caller.lang, {
      checklist: checklist.name,
      section: field.section,
      label: field.label,
      job: job.orderId ?? job.id,
    });
    const input = JobCreateInput.parse({
      DisplayName: serverMessage('checklist_follow_up_name', caller.lang, { label: field.label }).slice(
        0,
        200,
      ),
      CustomerId: job.customerId,
      ContactPersonId: job.contactPersonId,
      CustomerDeliveryAddress: job.deliveryAddressId,
      JobTypeId: job.jobTypeId,
      JobPriorityId: job.jobPriorityId ?? 1,
      EstimatedTime: 1,
      OrderDepartmentId: job.orderDepartmentId,
      FirstLineComment: comment.slice(0, 2000),
      Machines: machines.map((MachineId) => ({ MachineId, CustomerComment: comment.slice(0, 2000) })),
    });
    // The job and the field's link to it in one transaction: a twin click that linked its job first
    // makes this one's job roll back with the refusal, so no follow-up job is ever left unlinked.
    const made = await this.deps.jobs.create(caller, input, async (tx, emit, jobId) => {
      if (!(await repo.setFollowUp(tx, fieldId, jobId))) {
        const linked = (await repo.findField(tx, fieldId))?.field.followUpJobId ?? null;
        throw jobConflict(caller, 'checklist_follow_up_exists', { id: linked ?? '' });
      }
      emit({
        entity: 'job',
        entityId: job.id,
        changeType: 'Change',
        userId: caller.user.id,
        payload: { JobId: job.id },
      });
    });
    return { JobId: made.Id, FieldId: fieldId };
  }
}
