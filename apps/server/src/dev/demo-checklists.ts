import { type ChecklistTemplateSection, JOB_STATUS } from '@fieldport/contract';
import { and, asc, gte, inArray, isNull, ne } from 'drizzle-orm';
import {
  changeLogs,
  checklistFields,
  checklists,
  checklistTemplates,
  jobs,
  users,
} from '../db/schema/index.ts';
import { DEFAULT_TIME_ZONE, type Executor, mondayOf } from './factories/index.ts';

const field = (
  Label: string,
  Type: ChecklistTemplateSection['Fields'][number]['Type'],
  extra: Partial<ChecklistTemplateSection['Fields'][number]> = {},
): ChecklistTemplateSection['Fields'][number] => ({
  Label,
  Type,
  Required: true,
  Min: null,
  Max: null,
  Unit: '',
  Choices: [],
  ...extra,
});

/** The demo's two checklist templates. */
const TEMPLATES: { name: string; sections: ChecklistTemplateSection[] }[] = [
  {
    name: 'Compressor service',
    sections: [
      {
        Title: 'Safety',
        Fields: [
          field('Machine isolated and locked out', 'YesNo'),
          field('Guards and covers in place after service', 'YesNo'),
        ],
      },
      {
        Title: 'Measurements',
        Fields: [
          field('Working pressure', 'Number', { Min: 6, Max: 8, Unit: 'bar' }),
          field('Outlet temperature', 'Number', { Min: 60, Max: 95, Unit: '°C' }),
          field('Oil level', 'Choice', { Choices: ['Full', 'Low', 'Refilled'] }),
        ],
      },
      {
        Title: 'Finish',
        Fields: [
          field('Remarks for the customer', 'Text', { Required: false }),
          field('Photo of the service label', 'Photo', { Required: false }),
        ],
      },
    ],
  },
  {
    name: 'Pump inspection',
    sections: [
      {
        Title: 'Inspection',
        Fields: [
          field('No leaks at the seals', 'YesNo'),
          field('Vibration', 'Number', { Max: 4.5, Unit: 'mm/s' }),
          field('Bearing noise', 'Choice', { Choices: ['None', 'Slight', 'Loud'] }),
        ],
      },
      { Title: 'Finish', Fields: [field('Remarks', 'Text', { Required: false })] },
    ],
  },
];

type Value = { boolValue?: boolean; numberValue?: number; textValue?: string };

/** A deterministic answer of a field on the n-th checklist: one in five checklists has a failed field. */
function answerOf(f: ChecklistTemplateSection['Fields'][number], n: number, position: number): Value | null {
  const failing = n % 5 === 0 && position === 1;
  switch (f.Type) {
    case 'YesNo':
      return { boolValue: !failing };
    case 'Number': {
      const low = f.Min ?? 0;
      const high = f.Max ?? low + 10;
      return {
        numberValue: failing
          ? Math.round((high * 1.2 + 0.5) * 10) / 10
          : Math.round(((low + high) / 2) * 10) / 10,
      };
    }
    case 'Choice':
      return { textValue: f.Choices[(n + position) % 2]! };
    case 'Text':
      return n % 2 === 0 ? { textValue: 'Checked and cleaned. Next service in 12 months.' } : null;
    default:
      return null;
  }
}

/**
 * The demo's two checklist templates, and a filled-in checklist on every other completed (and later)
 * job: the compressor service on even positions, the pump inspection on odd, answered by a technician,
 * one in five with a failed field. And the completed jobs created before this week get the status line
 * of their completion (a few hours to three days after they were created), so their KPIs have a time to
 * completion; this week's figures on the dashboard stay as they were. Deterministic: by position.
 */
export async function seedDemoChecklists(db: Executor, opts: { now: Date }): Promise<void> {
  const templates = [];
  for (const t of TEMPLATES)
    templates.push(
      ...(await db.insert(checklistTemplates).values({ name: t.name, sections: t.sections }).returning()),
    );
  const technicians = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.userTypeId, [2, 3]))
    .orderBy(asc(users.id));
  const done = await db
    .select()
    .from(jobs)
    .where(
      and(
        isNull(jobs.parentId),
        gte(jobs.jobStatusId, JOB_STATUS.Completed),
        ne(jobs.jobStatusId, JOB_STATUS.Deleted),
      ),
    )
    .orderBy(asc(jobs.id));
  let n = 0;
  for (const [i, job] of done.entries()) {
    if (i % 2 !== 0) continue;
    n++;
    const template = templates[n % 2]!;
    const sections = TEMPLATES[n % 2]!.sections;
    const tech = technicians.length ? technicians[n % technicians.length]! : null;
    const [made] = await db
      .insert(checklists)
      .values({
        jobId: job.id,
        templateId: template.id,
        name: template.name,
        createdBy: tech?.id ?? null,
        createdByName: tech?.name ?? '',
        createdAt: job.updatedAt,
      })
      .returning();
    let position = 0;
    const rows = sections.flatMap((s) =>
      s.Fields.map((f) => {
        const p = position++;
        const value = answerOf(f, n, p);
        return {
          checklistId: made!.id,
          position: p,
          section: s.Title,
          label: f.Label,
          type: f.Type,
          required: f.Required,
          min: f.Min,
          max: f.Max,
          unit: f.Unit,
          choices: f.Choices,
          ...(value ?? {}),
          answeredBy: value ? (tech?.name ?? null) : null,
          answeredAt: value ? job.updatedAt : null,
        };
      }),
    );
    await db.insert(checklistFields).values(rows);
  }

  // The completion lines of the jobs finished before this week (KPIs' time to completion).
  // Monday's date at 00:00 UTC, less four hours below: before the week starts in any Nordic zone.
  const monday = new Date(`${mondayOf(opts.now, DEFAULT_TIME_ZONE)}T00:00:00Z`);
  const earlier = done.filter((j) => j.createdAt < monday);
  const lines = earlier.map((j, k) => {
    const at = new Date(
      Math.min(j.createdAt.getTime() + (4 + ((k * 7) % 68)) * 3_600_000, monday.getTime() - 4 * 3_600_000),
    );
    return {
      entity: 'Job',
      entityId: j.id,
      action: 'Change',
      customerId: j.customerId,
      jobId: j.id,
      description: j.displayName,
      changes: [{ Field: 'JobStatusId', OldValue: null, NewValue: String(JOB_STATUS.Completed) }],
      userId: null,
      userName: '',
      createdAt: at,
    };
  });
  for (let i = 0; i < lines.length; i += 400) await db.insert(changeLogs).values(lines.slice(i, i + 400));
}
