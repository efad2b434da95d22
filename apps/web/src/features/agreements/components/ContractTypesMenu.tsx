import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type MenuGroupProps, setMenuGroup } from '../../../components/shell/menu-groups.ts';
import { RouteIcon } from '../../../components/shell/RouteIcon.tsx';
import { checkRoute, pathFor } from '../../../lib/routing/access.ts';
import { useAccessContext, useActiveRoute } from '../../../lib/routing/hooks.ts';
import type { IconName } from '../../../lib/routing/route-icons.ts';
import { findRoute } from '../../../lib/routing/routes.ts';
import { useContractTypes } from '../api/agreements.ts';

/** The Agreements menu's contract types (001 §2.5): each with its icon and count, opening its contracts. */
function ContractTypesGroup({ depth, onNavigate }: MenuGroupProps) {
  const { t } = useTranslation('agreements');
  const types = useContractTypes();
  const active = useActiveRoute();
  const current = active.route?.name === 'Contracts' ? active.params.contractTypeId : undefined;
  if (!types.data?.length) return null;
  return (
    <>
      <Box component="li" sx={{ pl: 2 + depth * 2, pt: 1.5, pb: 0.5 }}>
        <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.5 }}>
          {t('menu.contractTypes')}
        </Typography>
      </Box>
      {types.data.map((type) => (
        <Box component="li" key={type.Id}>
          <ListItemButton
            component={Link}
            to={pathFor('Contracts', { contractTypeId: String(type.Id) })}
            selected={current === String(type.Id)}
            onClick={onNavigate}
            sx={{ pl: 2 + depth * 2 }}
            data-testid={`contract-type-${type.Id}`}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <RouteIcon name={type.Icon as IconName} fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={type.Name} />
            <Typography
              variant="body2"
              color="text.secondary"
              aria-label={t('menu.count', { count: type.Count })}
            >
              {type.Count}
            </Typography>
          </ListItemButton>
        </Box>
      ))}
    </>
  );
}

/** Puts the contract types under the Agreements menu for a user who may open it (loaded after the first page). */
export default function ContractTypesMenu() {
  const ctx = useAccessContext();
  const route = findRoute('Agreements');
  const allowed = !!ctx && !!route && checkRoute(route, ctx).ok;
  useEffect(() => {
    if (!allowed) return;
    setMenuGroup('Agreements', ContractTypesGroup);
    return () => setMenuGroup('Agreements', null);
  }, [allowed]);
  return null;
}
