import { TEXT_SEARCH_DEBOUNCE_MS } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
import GroupWork from '@mui/icons-material/GroupWork';
import Avatar from '@mui/material/Avatar';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { effectiveSearch, ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { pathFor } from '../../../lib/routing/access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCustomerGroups } from '../api/customers.ts';
import { useCustomerRights } from '../hooks/use-customer-rights.ts';
import { useImageUrl } from '../hooks/use-image-url.ts';

/** CustomerGroupList: the groups with their image, id and customer count; New for administrators. */
export default function CustomerGroupListPage() {
  const { t } = useTranslation(['customers', 'common', 'dropdown']);
  const rights = useCustomerRights();
  const [text, setText] = useState('');
  const word = useDebouncedValue(effectiveSearch(text), TEXT_SEARCH_DEBOUNCE_MS);
  const query = useCustomerGroups(word);

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
    <ListLayout tools={<SearchField label={t('group.search_label')} value={text} onChange={setText} />}>
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
    </ListLayout>
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
