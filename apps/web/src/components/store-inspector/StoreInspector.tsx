import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { recentLiveChanges } from '../../lib/live-changes.ts';
import { useLiveState } from '../../lib/live-state.ts';
import { allPreferences } from '../../lib/preferences.ts';
import { useSession } from '../../lib/session.tsx';
import { VirtualList } from '../paged-list/index.ts';

/** Local storage: the entries the super admin starred, by section and name (001 §2.2). */
export const FAVOURITES_KEY = 'storeInspectorFavourites';

type Section = 'favourites' | 'session' | 'preferences' | 'queries' | 'live';
const SECTIONS: Section[] = ['favourites', 'session', 'preferences', 'queries', 'live'];

interface Entry {
  Id: string;
  section: Exclude<Section, 'favourites'>;
  name: string;
  summary: string;
  value: unknown;
}

function readFavourites(): string[] {
  try {
    const raw = localStorage.getItem(FAVOURITES_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function writeFavourites(ids: string[]) {
  try {
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or off: the stars last for this dialog only.
  }
}

/** JSON for reading, cut short: a cached list can be large. */
function shown(value: unknown, max = 4000): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}\n…` : text;
}

/** The TanStack Query cache, read again whenever it changes. */
function useQueryEntries(): Entry[] {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const version = useSyncExternalStore(
    (notify) => cache.subscribe(notify),
    () => cache.getAll().reduce((n, q) => n + q.state.dataUpdateCount + q.state.errorUpdateCount, 0),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the cache's version moves
  return useMemo(
    () =>
      cache.getAll().map((q) => ({
        Id: `queries:${q.queryHash}`,
        section: 'queries' as const,
        name: q.queryHash,
        summary: [
          q.state.status,
          q.getObserversCount() > 0 ? 'observed' : 'inactive',
          q.isStale() ? 'stale' : 'fresh',
        ].join(' · '),
        value: q.state.data,
      })),
    [cache, version],
  );
}

/**
 * The store inspector (001 §2.2), for the super admin: the client's state as it now is — the session,
 * the preferences, the cached queries (TanStack Query), the live connection and its last events — with
 * entries starred as favourites, kept in local storage. A dialog: focus stays in it until it closes.
 */
export default function StoreInspector(props: { onClose(): void }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const live = useLiveState();
  const queries = useQueryEntries();
  const [section, setSection] = useState<Section>('session');
  const [favourites, setFavourites] = useState<string[]>(readFavourites);
  const [open, setOpen] = useState<string | null>(null);
  // The last events are read when the live section shows, and again every second while it does.
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (section !== 'live' && section !== 'favourites') return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [section]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick reads the last events again
  const entries = useMemo((): Entry[] => {
    const info = session.info;
    const sessionEntries: Entry[] = [
      { name: 'status', value: session.status },
      { name: 'UserInfo', value: info?.UserInfo },
      { name: 'Licences', value: info?.Licences },
      { name: 'GlobalSettings', value: info?.GlobalSettings },
      { name: 'Version', value: info?.Version },
    ].map((e) => ({
      Id: `session:${e.name}`,
      section: 'session',
      name: e.name,
      summary: typeof e.value === 'object' ? '' : String(e.value),
      value: e.value,
    }));
    const preferenceEntries: Entry[] = Object.entries(allPreferences()).map(([name, value]) => ({
      Id: `preferences:${name}`,
      section: 'preferences',
      name,
      summary: typeof value === 'object' ? '' : String(value),
      value,
    }));
    const events = [...recentLiveChanges()].reverse();
    const liveEntries: Entry[] = [
      {
        Id: 'live:connection',
        section: 'live',
        name: t('inspector.connection'),
        summary: live.connection,
        value: live,
      },
      ...events.map((e) => ({
        Id: `live:event:${e.Sequence}`,
        section: 'live' as const,
        name: `#${e.Sequence} ${e.Entity} ${e.EntityId}`,
        summary: e.ChangeType,
        value: e,
      })),
    ];
    return [...sessionEntries, ...preferenceEntries, ...queries, ...liveEntries];
  }, [session, live, queries, t, tick]);

  const visible =
    section === 'favourites'
      ? entries.filter((e) => favourites.includes(e.Id))
      : entries.filter((e) => e.section === section);

  const toggleFavourite = (id: string) => {
    const next = favourites.includes(id) ? favourites.filter((f) => f !== id) : [...favourites, id];
    setFavourites(next);
    writeFavourites(next);
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby="store-inspector-title">
      <DialogTitle id="store-inspector-title">{t('inspector.title')}</DialogTitle>
      <Tabs
        value={section}
        onChange={(_, v: Section) => {
          setSection(v);
          setOpen(null);
        }}
        variant="scrollable"
        aria-label={t('inspector.sections')}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {SECTIONS.map((s) => (
          <Tab key={s} value={s} label={t(`inspector.${s}`)} id={`inspector-tab-${s}`} />
        ))}
      </Tabs>
      <DialogContent sx={{ height: '60vh', display: 'flex', flexDirection: 'column', p: 0 }}>
        {visible.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {section === 'favourites' ? t('inspector.no_favourites') : t('inspector.empty')}
          </Typography>
        ) : (
          <VirtualList
            items={visible}
            label={t(`inspector.${section}`)}
            estimateSize={48}
            testId="store-inspector-list"
            renderItem={(e, _i, row) => {
              const starred = favourites.includes(e.Id);
              const expanded = open === e.Id;
              return (
                <Box sx={{ px: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <IconButton
                      size="small"
                      tabIndex={row.active ? 0 : -1}
                      aria-pressed={starred}
                      aria-label={t(starred ? 'inspector.unstar' : 'inspector.star', { name: e.name })}
                      onClick={() => toggleFavourite(e.Id)}
                    >
                      {starred ? <Star fontSize="small" color="warning" /> : <StarBorder fontSize="small" />}
                    </IconButton>
                    <Button
                      size="small"
                      tabIndex={row.active ? 0 : -1}
                      aria-expanded={expanded}
                      onClick={() => setOpen(expanded ? null : e.Id)}
                      sx={{ textTransform: 'none', justifyContent: 'flex-start', flex: 1, minWidth: 0 }}
                    >
                      <Typography
                        component="span"
                        variant="body2"
                        noWrap
                        sx={{ fontFamily: 'monospace', flex: 1, textAlign: 'left' }}
                      >
                        {e.name}
                      </Typography>
                      <Typography
                        component="span"
                        variant="caption"
                        color="text.secondary"
                        noWrap
                        sx={{ ml: 1 }}
                      >
                        {e.summary}
                      </Typography>
                    </Button>
                  </Box>
                  {expanded ? (
                    <Box
                      component="pre"
                      sx={{
                        m: 0,
                        p: 1,
                        fontSize: 12,
                        overflow: 'auto',
                        maxHeight: 320,
                        bgcolor: 'action.hover',
                      }}
                    >
                      {shown(e.value)}
                    </Box>
                  ) : null}
                </Box>
              );
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('inspector.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
