import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../lib/api/api-message.ts';

const MAX_SKILLS = 50;
const MAX_LENGTH = 50;

/**
 * A list of skills (decision 063: a job type's skills go only to users who have them all): type one and
 * press Enter to add it, Backspace or a chip's cross to take one away. Each change is saved at once; a
 * refused one shows why and keeps the saved list. Skills are compared without case, as the planner does.
 */
export function SkillsField(props: {
  label: string;
  name: string;
  value: readonly string[];
  onCommit(next: string[]): Promise<unknown>;
  disabled?: boolean;
  /** Other skills in use, offered as the user types. */
  options?: readonly string[];
}) {
  const { t } = useTranslation('common');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const commit = async (next: string[]) => {
    const list = [...new Map(next.map((s) => [s.trim().toLowerCase(), s.trim()])).values()].filter(Boolean);
    if (list.some((s) => s.length > MAX_LENGTH)) return setError(t('skills.tooLong', { count: MAX_LENGTH }));
    if (list.length > MAX_SKILLS) return setError(t('skills.tooMany', { count: MAX_SKILLS }));
    setError(null);
    setSaving(true);
    try {
      await props.onCommit(list);
    } catch (err) {
      setError(apiMessage(err) || t('skills.notSaved'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[...(props.options ?? [])]}
      value={[...props.value]}
      disabled={props.disabled || saving}
      onChange={(_, next) => void commit(next as string[])}
      renderValue={(values, getItemProps) =>
        values.map((skill, index) => {
          const { key, ...item } = getItemProps({ index });
          return <Chip key={key} label={skill} size="small" {...item} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name}
          label={props.label}
          error={!!error}
          helperText={error ?? t('skills.hint')}
        />
      )}
    />
  );
}
