import { MIN_SEARCH_LENGTH, TEXT_SEARCH_DEBOUNCE_MS } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
import GroupWork from '@mui/icons-material/GroupWork';
import Search from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedList } from '../../../components/paged-list/index.ts';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { pathFor } from '../../../lib/routing/access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCustomerGroups } from '../api/customers.ts';
import { useCustomerRights } from '../hooks/useCustomerRights.ts';
import { useImageUrl } from '../hooks/useImageUrl.ts';

/** CustomerGroupList: the groups with their image, id and customer count; New for administrators. */
export default function CustomerGroupListPage() {
  const { t } = useTranslation(['customers', 'common', 'dropdown']);
  const rights = useCustomerRights();
  const [text, setText] = useState('');
  const word = useDebouncedValue(text.trim(), TEXT_SEARCH_DEBOUNCE_MS);
  const tooShort = word.length > 0 && word.length < MIN_SEARCH_LENGTH;
  const query = useCustomerGroups(tooShort ? '' : word);

  const actions = useMemo<HeaderAction[]>(
    () =>
      rights.canEditGroups
        ? [
            {
              id: 'new-customer-group',
              label: t('group.new'),
              icon: <Add />,
              to: pathFor('CustomerGroupInfo'),
            },
          ]
        : [],
    [rights.canEditGroups, t],
  );
  useHeaderActions(actions);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ p: { xs: 1, sm: 2 }, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          label={t('group.search_label')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          size="small"
          type="search"
          sx={{ width: '100%', maxWidth: 480 }}
          helperText={tooShort ? t('dropdown:type_three_chars') : undefined}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <PagedList
        list={query}
        label={t('group.list_label')}
        loading="spinner"
        errorContent={
          <Typography sx={{ p: 3 }} color="error">
            {t('common:failedToGet')}
          </Typography>
        }
        emptyText={t('group.none')}
        estimateSize={73}
        renderItem={(g) => (
          <ListItemButton
            divider
            component={Link}
            to={pathFor('CustomerGroupInfo', { customerGroupId: String(g.Id) })}
            data-testid={`customer-group-row-${g.Id}`}
          >
            <ListItemAvatar>
              <GroupImage path={g.ImagePath} name={g.Name} />
            </ListItemAvatar>
            <ListItemText
              primary={g.Name}
              secondary={`${t('id_short', { id: g.Id })} · ${t('group.customer_count', { count: g.CustomerCount })}`}
            />
          </ListItemButton>
        )}
      />
    </Box>
  );
}

function GroupImage({ path, name, size = 40 }: { path: string | null; name: string; size?: number }) {
  const { url } = useImageUrl(path);
  return (
    <Avatar src={url ?? undefined} alt={name} variant="rounded" sx={{ width: size, height: size }}>
      <GroupWork />
    </Avatar>
  );
}
