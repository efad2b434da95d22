import { isCustomerType, LABEL_PHOTO_MAX_FILES, LabelReportFields } from '@fieldport/contract';
import AddAPhoto from '@mui/icons-material/AddAPhoto';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FaultFields, startingPriority } from '../../components/fault-report/FaultFields.tsx';
import { ApiError } from '../../lib/api/client.ts';
import { showServerErrors, useFieldProblem, useTextField, useZodForm } from '../../lib/forms/zod-form.ts';
import { useSession } from '../../lib/session.tsx';
import { useLabelMachine, useLabelPage, useSendLabelReport } from './api.ts';

const newKey = () => crypto.randomUUID();
const FIELDS = ['Description', 'JobPriorityId', 'ReporterName', 'ReporterPhone', 'ReporterEmail'] as const;

/**
 * The public page a machine's QR label opens (`/label/{token}`, issue 32 item 1, decision 070): the
 * machine as on its label, what is wrong, how urgent, who reports it, up to three photos. No sign-in;
 * a signed-in customer user of the machine's company is taken to the portal's form of the machine.
 */
export default function LabelReportPage({ token }: { token: string }) {
  const { t } = useTranslation('portal');
  const session = useSession();
  const customer =
    session.status === 'signedIn' && !!session.info && isCustomerType(session.info.UserInfo.UserTypeId);
  const own = useLabelMachine(token, customer);
  const page = useLabelPage(token);

  useEffect(() => {
    if (own.data)
      window.location.replace(new URL(`my-company/machines/${own.data.MachineId}`, document.baseURI));
  }, [own.data]);

  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" id="label-title" gutterBottom>
        {t('label.title')}
      </Typography>
      {page.isPending || (customer && own.isPending) || own.data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('label.loading')} />
        </Box>
      ) : page.isError ? (
        <Alert severity="warning">
          {(page.error instanceof ApiError && page.error.body?.Message) || t('label.unknown')}
        </Alert>
      ) : (
        <LabelForm token={token} machineName={page.data.MachineName} priorities={page.data.Priorities} />
      )}
    </Container>
  );
}

function LabelForm(props: {
  token: string;
  machineName: string;
  priorities: { Id: number; Name: string }[];
}) {
  const { t } = useTranslation('portal');
  const [key, setKey] = useState(newKey);
  const send = useSendLabelReport(props.token, key);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [made, setMade] = useState<{ orderId: string; statusLink: string } | null>(null);
  const form = useZodForm(LabelReportFields, {
    Description: '',
    JobPriorityId: startingPriority(props.priorities),
    ReporterName: '',
    ReporterPhone: '',
    ReporterEmail: '',
    Website: '',
  });
  const field = useTextField(form);
  const problem = useFieldProblem(form);

  function choose(files: FileList | null) {
    const chosen = [...photos, ...Array.from(files ?? [])];
    if (chosen.length > LABEL_PHOTO_MAX_FILES) {
      setPhotoProblem(t('label.tooManyPhotos', { count: LABEL_PHOTO_MAX_FILES }));
      return;
    }
    setPhotoProblem(null);
    setPhotos(chosen);
  }

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const body = new FormData();
    for (const [name, value] of Object.entries(values))
      if (name !== 'Photos' && value !== undefined) body.append(name, String(value));
    for (const p of photos) body.append('Photos', p, p.name);
    try {
      const receipt = await send.mutateAsync(body);
      setMade({ orderId: receipt.OrderId ?? '', statusLink: receipt.StatusLink });
      setKey(newKey());
    } catch (err) {
      showServerErrors(form, err, (name) => FIELDS.find((f) => f === name) ?? null);
      const body = err instanceof ApiError ? err.body : null;
      const onPhotos = body?.Errors?.find((e) => e.Field === 'Photos' || e.Field.startsWith('Photos.'));
      if (onPhotos) setPhotoProblem(onPhotos.Message);
      else if (!body?.Errors?.length) setRefusal(body?.Message ?? t('label.failed'));
    }
  });

  if (made !== null)
    return (
      <Alert severity="success" role="status">
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('label.thanks')}
        </Typography>
        <Typography component="p">
          {made.orderId ? t('label.made', { name: made.orderId }) : t('label.madeNoNumber')}
        </Typography>
        <Link href={made.statusLink} sx={{ display: 'inline-block', mt: 1, fontWeight: 600 }}>
          {t('label.follow')}
        </Link>
      </Alert>
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="p" color="text.secondary">
        {t('label.machine')}
      </Typography>
      <Typography
        variant="h6"
        component="h2"
        sx={{ mb: 2, overflowWrap: 'anywhere' }}
        data-testid="label-machine"
      >
        {props.machineName}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby="label-title"
        sx={{ display: 'grid', gap: 2 }}
      >
        {refusal ? (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <FaultFields form={form} priorities={props.priorities} />
        <TextField {...field('ReporterName')} label={t('label.name')} required autoComplete="name" />
        <TextField
          {...field('ReporterPhone')}
          label={t('label.phone')}
          type="tel"
          autoComplete="tel"
          helperText={problem('ReporterPhone') ?? t('label.contactHint')}
        />
        <TextField {...field('ReporterEmail')} label={t('label.email')} type="email" autoComplete="email" />
        {/* A field people never see or reach: scripts fill it in, and the server refuses their report. */}
        <Box
          aria-hidden
          sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
        >
          <label>
            Website
            <input {...form.register('Website')} tabIndex={-1} autoComplete="off" />
          </label>
        </Box>
        <Box>
          <Button component="label" variant="outlined" startIcon={<AddAPhoto />}>
            {t('label.addPhotos', { count: LABEL_PHOTO_MAX_FILES })}
            <input
              hidden
              type="file"
              accept="image/png,image/jpeg,image/webp"
              multiple
              data-testid="label-photos"
              onChange={(e) => {
                choose(e.target.files);
                e.target.value = '';
              }}
            />
          </Button>
          {photos.length > 0 ? (
            <Box component="ul" sx={{ pl: 2.5, my: 1 }} aria-label={t('label.photos')}>
              {photos.map((p, i) => (
                <li key={`${p.name}-${p.size}-${p.lastModified}`}>
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Box>{' '}
                  <Button
                    size="small"
                    onClick={() => setPhotos(photos.filter((_, j) => j !== i))}
                    aria-label={t('label.removePhoto', { name: p.name })}
                  >
                    {t('label.remove')}
                  </Button>
                </li>
              ))}
            </Box>
          ) : null}
          {photoProblem ? (
            <Typography color="error" role="alert" variant="body2" sx={{ mt: 1 }}>
              {photoProblem}
            </Typography>
          ) : null}
        </Box>
        <Box>
          <Button type="submit" variant="contained" size="large" loading={send.isPending}>
            {t('fault.send')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
