import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../../rules/rows.ts';

interface Props {
  resources: readonly Resource[];
  counts: ReadonlyMap<number, number>;
  /** The appointments of all shown users (one shared by two counts once). */
  total: number;
  /** The chosen user; null: All users. */
  selected: number | null;
  onSelect(resourceId: number | null): void;
}

/** The list mode's resource list (000 §2): All users, then each user, with their appointment counts. */
export function ResourceList({ resources, counts, total, selected, onSelect }: Props) {
  const { t } = useTranslation('planner');
  const entry = (id: number | null, name: string, count: number) => (
    <ListItem key={id ?? 'all'} disablePadding>
      <ListItemButton
        selected={selected === id}
        aria-current={selected === id ? 'true' : undefined}
        onClick={() => onSelect(id)}
        data-testid={id === null ? 'planner-list-all' : `planner-list-resource-${id}`}
      >
        <ListItemText
          primary={name}
          secondary={t('listMode.appointments', { count })}
          slotProps={{ secondary: { color: 'text.secondary' } }}
        />
      </ListItemButton>
    </ListItem>
  );
  return (
    <nav aria-label={t('listMode.resources')}>
      <List dense disablePadding>
        {entry(null, t('listMode.allUsers'), total)}
        {resources.map((r) => entry(r.id, r.name, counts.get(r.id) ?? 0))}
      </List>
    </nav>
  );
}
