import { type ChecklistValue, parseDecimal } from '@fieldport/contract';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CommitField } from '../../../../components/commit-field/CommitField.tsx';
import { apiMessage } from '../../../../lib/api/api-message.ts';
import { pathFor } from '../../../../lib/routing/access.ts';
import type { ChecklistField } from '../../api/checklists.ts';

export interface ChecklistFieldRowProps {
  field: ChecklistField;
  /** Saves an answer; a refusal's message is shown under the field. */
  onAnswer(value: ChecklistValue): Promise<unknown>;
  /** Uploads a photo to the job and answers with its document; absent: no uploads. */
  onPhoto?: (file: File) => Promise<unknown>;
  /** Raises a follow-up job from this (failed) field; absent: not allowed. */
  onFollowUp?: () => Promise<unknown>;
  readOnly: boolean;
}

/** The pass range of a number field: '6–8 bar', '≥ 6', '≤ 8'. */
function rangeText(f: Pick<ChecklistField, 'Min' | 'Max' | 'Unit'>): string {
  const unit = f.Unit ? ` ${f.Unit}` : '';
  if (f.Min !== null && f.Max !== null) return `${f.Min}–${f.Max}${unit}`;
  if (f.Min !== null) return `≥ ${f.Min}${unit}`;
  if (f.Max !== null) return `≤ ${f.Max}${unit}`;
  return f.Unit;
}

/**
 * One field of a checklist with its answer input by type: yes/no and choice buttons save at once,
 * number and text on blur (CommitField), a photo is uploaded to the job's documents and answered with
 * it. A failed answer (a no, a number outside its range) is marked, with the follow-up job it raised or
 * the button that raises one.
 */
export function ChecklistFieldRow({
  field,
  onAnswer,
  onPhoto,
  onFollowUp,
  readOnly,
}: ChecklistFieldRowProps) {
  const { t } = useTranslation('checklists');
  const labelId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (value: ChecklistValue) => {
    setError(null);
    setBusy(true);
    try {
      await onAnswer(value);
    } catch (err) {
      setError(apiMessage(err, 'Value') ?? t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };
  const label = `${field.Label}${field.Required ? ' *' : ''}`;
  const range = rangeText(field);

  let input: React.ReactNode;
  if (field.Type === 'YesNo' || field.Type === 'Choice') {
    const options =
      field.Type === 'YesNo'
        ? [
            { value: true, text: t('yes') },
            { value: false, text: t('no') },
          ]
        : field.Choices.map((c) => ({ value: c, text: c }));
    input = (
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-labelledby={labelId}
        value={field.Value}
        disabled={readOnly || busy}
        // A click on the chosen button clears the answer.
        onChange={(_, v: boolean | string | null) => void save(v ?? null)}
      >
        {options.map((o) => (
          <ToggleButton key={String(o.value)} value={o.value}>
            {o.text}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    );
  } else if (field.Type === 'Number' || field.Type === 'Text') {
    const isNumber = field.Type === 'Number';
    input = (
      <Box sx={{ maxWidth: isNumber ? 220 : 560, width: '100%' }}>
        <CommitField
          label={field.Label}
          name="Value"
          value={field.Value === null ? '' : String(field.Value)}
          readOnly={readOnly}
          required={field.Required}
          inputMode={isNumber ? 'decimal' : 'text'}
          helperText={isNumber && range ? t('range', { range }) : undefined}
          validate={(v) =>
            isNumber && v.trim() !== '' && !Number.isFinite(parseDecimal(v)) ? t('notANumber') : null
          }
          version={field.RowVersion}
          onCommit={(v) => onAnswer(v.trim() === '' ? null : isNumber ? parseDecimal(v) : v.trim())}
        />
      </Box>
    );
  } else {
    input = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {field.Value !== null && <Chip size="small" color="success" label={t('photoAdded')} />}
        {onPhoto && !readOnly && (
          <Button component="label" size="small" startIcon={<PhotoCamera />} disabled={busy}>
            {field.Value === null ? t('addPhoto') : t('replacePhoto')}
            <input
              hidden
              type="file"
              accept="image/*"
              aria-label={`${t('addPhoto')}: ${field.Label}`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                setError(null);
                setBusy(true);
                onPhoto(file)
                  .catch((err: unknown) => setError(apiMessage(err) ?? t('saveFailed')))
                  .finally(() => setBusy(false));
              }}
            />
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Box sx={{ py: 1.5 }} data-testid={`checklist-field-${field.Id}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        {field.Type !== 'Number' && field.Type !== 'Text' && (
          <Typography id={labelId} sx={{ minWidth: { sm: 240 } }}>
            {label}
          </Typography>
        )}
        {input}
        {field.Failed && <Chip icon={<ErrorOutline />} color="error" size="small" label={t('failed')} />}
        {field.Failed && field.FollowUpJobId !== null && (
          <Link
            component={RouterLink}
            to={pathFor('ViewJob', { filter: 'my', jobId: String(field.FollowUpJobId) })}
          >
            {t('followUpJob', { id: field.FollowUpJobId })}
          </Link>
        )}
        {field.Failed && field.FollowUpJobId === null && onFollowUp && (
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => {
              setError(null);
              setBusy(true);
              onFollowUp()
                .catch((err: unknown) => setError(apiMessage(err) ?? t('saveFailed')))
                .finally(() => setBusy(false));
            }}
          >
            {t('raiseFollowUp')}
          </Button>
        )}
      </Stack>
      {field.AnsweredBy && (
        <Typography variant="caption" color="text.secondary">
          {t('answeredBy', { name: field.AnsweredBy })}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {error}
        </Alert>
      )}
    </Box>
  );
}
