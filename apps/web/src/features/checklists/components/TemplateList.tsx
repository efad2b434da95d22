import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import { useTemplates } from '../api/templates.ts';

/** CheckLists (/admin/check-lists): the checklist templates by name, each opening its editor. */
export function TemplateList() {
  const { t } = useTranslation('checklists');
  const [inactive, setInactive] = useState(false);
  const templates = useTemplates(inactive);
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1">
          {t('admin.list')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <FormControlLabel
            control={<Switch checked={inactive} onChange={(e) => setInactive(e.target.checked)} />}
            label={t('admin.showInactive')}
          />
          <Button
            variant="contained"
            startIcon={<Add />}
            component={RouterLink}
            to={pathFor('CheckListEdit', {})}
          >
            {t('admin.new')}
          </Button>
        </Stack>
      </Stack>
      {templates.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {!templates.data && !templates.isError && <CircularProgress aria-label={t('loading')} />}
      {templates.data?.length === 0 && <Typography color="text.secondary">{t('admin.empty')}</Typography>}
      <List aria-label={t('admin.list')}>
        {templates.data?.map((tpl) => (
          <ListItem key={tpl.Id} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={pathFor('CheckListEdit', { templateId: String(tpl.Id) })}
            >
              <ListItemText
                primary={tpl.Name}
                secondary={t('admin.summary', { sections: tpl.SectionCount, fields: tpl.FieldCount })}
              />
              {!tpl.IsActive && <Chip size="small" label={t('admin.inactive')} />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
