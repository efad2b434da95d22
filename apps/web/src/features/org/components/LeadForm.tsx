import { FIELD_MESSAGES, line, optionalEmail, optionalPhone, requiredLine } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { showServerErrors, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import type { LeadTypeItem } from '../api/leads.ts';

/** A lead's fields with the contract's rules (LeadInput): the prospect's name is needed. */
const LeadFormSchema = z.object({
  Name: requiredLine(200),
  ContactName: line(200),
  Email: optionalEmail,
  Phone: optionalPhone,
  Street: line(200),
  Zip: line(20),
  City: line(100),
  Country: line(2),
  Description: z.string().trim().max(2000, FIELD_MESSAGES.max(2000)),
  LeadTypeId: z.number().int().nullable(),
});
export type LeadFormValues = z.output<typeof LeadFormSchema>;

export const EMPTY_LEAD: LeadFormValues = {
  Name: '',
  ContactName: '',
  Email: '',
  Phone: '',
  Street: '',
  Zip: '',
  City: '',
  Country: '',
  Description: '',
  LeadTypeId: null,
};

const TEXT_FIELDS = ['Name', 'ContactName', 'Email', 'Phone', 'Street', 'Zip', 'City', 'Country'] as const;
const FIELDS = new Set<string>([...TEXT_FIELDS, 'Description', 'LeadTypeId']);

/**
 * A lead's form (new and change): the prospect, its contact and address, the lead type and what they
 * asked for. The server's refusals show under their fields; `extra` (convert, delete) sits beside Save.
 */
export function LeadForm(props: {
  initial: LeadFormValues;
  types: LeadTypeItem[];
  submitLabel: string;
  onSubmit(values: LeadFormValues): Promise<unknown>;
  onCancel(): void;
  readOnly?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(['org', 'common']);
  const form = useZodForm(LeadFormSchema, props.initial);
  const textField = useTextField(form);
  const [problem, setProblem] = useState<string | null>(null);
  const readOnly = props.readOnly ?? false;
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await props.onSubmit(values);
    } catch (err) {
      showServerErrors(form, err, (f) => (FIELDS.has(f) ? (f as keyof LeadFormValues) : null));
      setProblem(apiMessage(err) ?? t('common:saveFailed'));
    }
  });
  const labels: Record<(typeof TEXT_FIELDS)[number], string> = {
    Name: t('leads.name'),
    ContactName: t('leads.contactName'),
    Email: t('leads.email'),
    Phone: t('leads.phone'),
    Street: t('leads.street'),
    Zip: t('leads.zip'),
    City: t('leads.city'),
    Country: t('leads.country'),
  };
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      {TEXT_FIELDS.map((name) => (
        <TextField
          key={name}
          {...textField(name)}
          label={labels[name]}
          required={name === 'Name'}
          autoFocus={name === 'Name' && !readOnly}
          slotProps={{ input: { readOnly } }}
        />
      ))}
      <Controller
        control={form.control}
        name="LeadTypeId"
        render={({ field }) => (
          <TextField
            select
            id="lead-type"
            label={t('leads.type')}
            value={field.value === null ? '' : String(field.value)}
            onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
            slotProps={{ select: { readOnly } }}
          >
            <MenuItem value="">
              <em>{t('leads.noType')}</em>
            </MenuItem>
            {props.types
              .filter((type) => type.IsActive || type.Id === field.value)
              .map((type) => (
                <MenuItem key={type.Id} value={String(type.Id)}>
                  {type.Name}
                </MenuItem>
              ))}
          </TextField>
        )}
      />
      <TextField
        {...textField('Description')}
        label={t('leads.description')}
        multiline
        minRows={3}
        slotProps={{ input: { readOnly } }}
      />
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {props.extra}
        <Button onClick={props.onCancel}>{readOnly ? t('common:close') : t('common:cancel')}</Button>
        {!readOnly && (
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {props.submitLabel}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
