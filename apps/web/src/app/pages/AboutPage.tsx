import { FEATURE_KEYS, LICENCE_KEYS, patchDateOf } from '@fieldport/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlined from '@mui/icons-material/RemoveCircleOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/dates.ts';
import { useSession } from '../../lib/session.tsx';
import { useSupportContact } from '../../lib/support.ts';

/** Splits '2.4.1' into major.minor and the rest. */
function versionParts(version: string) {
  const [major = '0', minor = '0'] = version.split('.');
  return { version: `${major}.${minor}`, minor };
}

/** About (001 §2.3): version, minor, revision, build (patch date), licences and the support contact. */
export default function AboutPage() {
  const { t, i18n } = useTranslation('shell');
  const { info } = useSession();
  const support = useSupportContact();
  const version = info?.Version;
  const parts = versionParts(version?.Version ?? '0.0');
  const rows: [string, string][] = version
    ? [
        [t('about.version'), version.Version],
        [t('about.minor'), parts.minor],
        [t('about.revision'), String(version.Revision)],
        [t('about.build'), `${version.Build} (${formatDate(patchDateOf(version.Build), i18n.language)})`],
      ]
    : [];
  const licences = info?.Licences;
  const features = info?.GlobalSettings.Features;
  return (
    <Box
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
    >
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('about.versionHeading')}
        </Typography>
        <Table size="small" aria-label={t('about.versionHeading')}>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>
          {t('about.supportHeading')}
        </Typography>
        <Typography>{support.name}</Typography>
        <Link href={`mailto:${support.email}`}>{support.email}</Link>
        {support.phone ? <Typography>{support.phone}</Typography> : null}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {t('about.licencesHeading')}
        </Typography>
        <List dense aria-label={t('about.licencesHeading')}>
          {LICENCE_KEYS.map((key) => (
            <ListItem key={key} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {licences?.[key] ? (
                  <CheckCircle color="success" />
                ) : (
                  <RemoveCircleOutlined color="disabled" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={t(`licences.${key}`)}
                secondary={licences?.[key] ? t('about.active') : t('about.inactive')}
              />
            </ListItem>
          ))}
        </List>
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {t('about.featuresHeading')}
        </Typography>
        <List dense aria-label={t('about.featuresHeading')}>
          {FEATURE_KEYS.map((key) => (
            <ListItem key={key} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {features?.[key] ? (
                  <CheckCircle color="success" />
                ) : (
                  <RemoveCircleOutlined color="disabled" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={t(`features.${key}`)}
                secondary={features?.[key] ? t('about.active') : t('about.inactive')}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
    </Box>
  );
}
