import {
  type Api,
  FIELD_MESSAGES,
  isValidId,
  type RouteOutput,
  requiredLine,
  UPLOAD_MAX_BYTES,
} from '@fieldport/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Delete from '@mui/icons-material/Delete';
import Upload from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useConfirm, useCreatedNotice } from '../../../components/feedback/index.ts';
import { PagedList } from '../../../components/paged-list/index.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { showServerErrors, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { customerGroupQuery, useGroupCustomers } from '../api/customers.ts';
import { useDeleteGroup, useSaveGroup } from '../api/mutations.ts';
import { useCustomerRights } from '../hooks/use-customer-rights.ts';
import { useImageUrl } from '../hooks/use-image-url.ts';
import { CustomerRow } from './CustomerRow.tsx';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** The group's id (the company's own, digits only; empty for the next free one) and name. */
const GroupFields = z.object({
  Id: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidId(v), FIELD_MESSAGES.wholeNumber),
  Name: requiredLine(100),
});

/** The message a refusal gives for one field. */
const fe = (err: unknown, field: string) =>
  (err instanceof ApiError ? err.body?.Errors?.find((e) => e.Field === field)?.Message : undefined) ?? '';

type CustomerGroup = RouteOutput<Api['customerGroupGet']>;

/** CustomerGroupInfo: create (no id in the route) or change a customer group, with its image. */
export default function CustomerGroupInfoPage() {
  const { t } = useTranslation(['customers', 'common']);
  const { customerGroupId } = useParams();
  const id = customerGroupId && /^\d{1,10}$/.test(customerGroupId) ? Number(customerGroupId) : null;
  const query = useQuery({ ...customerGroupQuery(id ?? 0), enabled: id !== null });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 1100 }}>
      <Box>
        <Button component={Link} to={pathFor('CustomerGroupList')} startIcon={<ArrowBack />} size="small">
          {t('group.back')}
        </Button>
      </Box>
      {id === null ? (
        <GroupForm group={null} />
      ) : query.isError ? (
        <Typography color="error" role="alert">
          {t('group.not_found', { id })}
        </Typography>
      ) : !query.data ? (
        <CircularProgress aria-label={t('common:loading')} />
      ) : (
        <>
          <GroupForm key={query.data.Id} group={query.data} />
          <GroupCustomers groupId={query.data.Id} />
        </>
      )}
    </Box>
  );
}

function GroupForm({ group }: { group: CustomerGroup | null }) {
  const { t } = useTranslation(['customers', 'common']);
  const rights = useCustomerRights();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const readOnly = !rights.canEditGroups;
  const createdNotice = useCreatedNotice();
  const form = useZodForm(GroupFields, { Id: group ? String(group.Id) : '', Name: group?.Name ?? '' });
  const textField = useTextField(form);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const saveGroup = useSaveGroup(group);
  const deleteGroup = useDeleteGroup();
  const busy = saveGroup.isPending || deleteGroup.isPending;
  const stored = useImageUrl(group?.ImagePath);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? (removeImage ? null : stored.url);

  const pick = (f: File | null) => {
    setFileError(null);
    if (!f) return setFile(null);
    if (!IMAGE_TYPES.includes(f.type)) {
      setFile(null);
      return setFileError(t('group.image_type'));
    }
    if (f.size > UPLOAD_MAX_BYTES) {
      setFile(null);
      return setFileError(t('group.image_too_large', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 }));
    }
    setRemoveImage(false);
    setFile(f);
  };

  const submit = form.handleSubmit(async (v) => {
    if (readOnly || fileError) return;
    try {
      const body = {
        CustomerGroup: {
          ...(v.Id ? { Id: Number(v.Id) } : {}),
          Name: v.Name,
          RemoveImage: removeImage,
        },
        ...(file ? { ImageFile: file } : {}),
      };
      const saved = await saveGroup.mutateAsync(body);
      if (!group) createdNotice();
      setFile(null);
      setRemoveImage(false);
      if (!group)
        navigate(pathFor('CustomerGroupInfo', { customerGroupId: String(saved.Id) }), { replace: true });
    } catch (err) {
      showServerErrors(form, err, (f) => {
        const key = f.replace(/^CustomerGroup\./, '');
        if (key === 'ImageFile') setFileError(fe(err, f));
        return key === 'Id' || key === 'Name' ? key : null;
      });
    }
  });

  const remove = async () => {
    if (!group) return;
    const ok = await confirm({
      title: t('group.delete_title'),
      message: t('group.delete_text', { name: group.Name }),
      confirmText: t('common:delete'),
      cancelText: t('common:cancel'),
    });
    if (!ok) return;
    try {
      await deleteGroup.mutateAsync(group.Id);
      navigate(pathFor('CustomerGroupList'), { replace: true });
    } catch {
      // The client has shown why.
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="form" onSubmit={submit} noValidate>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
        {group ? group.Name : t('group.new')}
      </Typography>
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('no_permission_edit')}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 180px' },
          alignItems: 'start',
        }}
      >
        <TextField
          {...textField('Id')}
          label={t('group.Id')}
          size="small"
          inputMode="numeric"
          helperText={textField('Id').helperText ?? (group ? undefined : t('group.id_hint'))}
          slotProps={{ input: { readOnly: readOnly || !!group } }}
        />
        <TextField
          {...textField('Name')}
          label={t('group.Name')}
          size="small"
          required
          slotProps={{ input: { readOnly } }}
        />
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Avatar
            src={shown ?? undefined}
            alt={t('group.image')}
            variant="rounded"
            sx={{ width: 96, height: 96 }}
            data-testid="group-image"
          />
          {readOnly ? null : (
            <>
              <Button component="label" size="small" startIcon={<Upload />} variant="outlined">
                {t('group.choose_image')}
                <input
                  hidden
                  type="file"
                  accept="image/png,image/jpeg"
                  aria-label={t('group.image')}
                  onChange={(e) => pick(e.target.files?.[0] ?? null)}
                />
              </Button>
              {group?.ImagePath && !file ? (
                <FormControlLabel
                  control={
                    <Checkbox checked={removeImage} onChange={(e) => setRemoveImage(e.target.checked)} />
                  }
                  label={t('group.remove_image')}
                />
              ) : null}
            </>
          )}
          {fileError ? (
            <FormHelperText error role="alert">
              {fileError}
            </FormHelperText>
          ) : stored.failed ? (
            <FormHelperText>{t('group.image_failed')}</FormHelperText>
          ) : null}
        </Stack>
      </Box>
      {readOnly ? null : (
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          {group ? (
            <Button color="error" startIcon={<Delete />} onClick={() => void remove()} disabled={busy}>
              {t('common:delete')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" loading={busy}>
            {group ? t('common:save') : t('create')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function GroupCustomers({ groupId }: { groupId: number }) {
  const { t } = useTranslation(['customers', 'common']);
  const query = useGroupCustomers(groupId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="group-customers">
      <Typography variant="subtitle1" component="h2" id="group-customers" sx={{ p: 2, pb: 1 }}>
        {t('group.customers')}
      </Typography>
      <PagedList
        list={query}
        label={t('group.customers')}
        loading="spinner"
        emptyText={t('group.no_customers')}
        estimateSize={73}
        sx={{ flex: 'none', maxHeight: 480 }}
        renderItem={(c) => <CustomerRow customer={c} />}
      />
    </Paper>
  );
}
