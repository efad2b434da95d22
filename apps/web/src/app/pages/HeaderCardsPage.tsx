import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { RouteIcon } from '../../components/shell/RouteIcon.tsx';
import { cardsFor } from '../../lib/routing/access.ts';
import { useAccessContext } from '../../lib/routing/hooks.ts';
import { getRoute, type RouteName } from '../../lib/routing/routes.ts';

/**
 * A header-cards page (001 §2.2): the child routes of `parent` as cards with icon, title and
 * sub-links; locked, unlicensed, feature-disabled, not permitted and (SaaS) classic pages are hidden.
 */
export default function HeaderCardsPage({ parent, self }: { parent: RouteName; self?: RouteName }) {
  const { t } = useTranslation(['routes', 'shell']);
  const ctx = useAccessContext();
  const params = useParams();
  const cards = useMemo(() => {
    if (!ctx) return [];
    const exclude = self ? getRoute(self) : undefined;
    return cardsFor(getRoute(parent), ctx, params, exclude);
  }, [ctx, parent, self, params]);

  if (cards.length === 0) {
    return (
      <Typography sx={{ p: 3 }} color="text.secondary">
        {t('shell:cards.empty')}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={t(`routes:${getRoute(parent).displayKey}`)}
      sx={{
        listStyle: 'none',
        m: 0,
        p: { xs: 1.5, sm: 3 },
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
      }}
    >
      {cards.map(({ route, to, links }) => {
        return (
          <Box component="li" key={route.name} data-testid={`card-${route.name}`}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardActionArea component={RouterLink} to={to}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <RouteIcon name={route.icon} color="primary" sx={{ fontSize: 36 }} />
                  <Typography variant="h6" component="h2">
                    {t(`routes:${route.displayKey}`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
              {links.length > 0 ? (
                <CardContent sx={{ pt: 0 }}>
                  <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                    {links.map((link) => (
                      <li key={link.route.name}>
                        {/* A whole row high: a target of at least 24 px (WCAG 2.5.8). */}
                        <Link
                          component={RouterLink}
                          to={link.to}
                          underline="hover"
                          sx={{ display: 'flex', alignItems: 'center', minHeight: 32 }}
                        >
                          {t(`routes:${link.route.displayKey}`)}
                        </Link>
                      </li>
                    ))}
                  </Stack>
                </CardContent>
              ) : null}
            </Card>
          </Box>
        );
      })}
    </Box>
  );
}
