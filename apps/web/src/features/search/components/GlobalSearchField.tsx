import { countryName, jobTitle } from '@fieldport/contract';
import Close from '@mui/icons-material/Close';
import CloseFullscreen from '@mui/icons-material/CloseFullscreen';
import History from '@mui/icons-material/History';
import OpenInFull from '@mui/icons-material/OpenInFull';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SearchFieldProps } from '../../../components/shell/search-slot.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { statusFilter } from '../../../lib/routing/job-filter.ts';
import { openInNewTab } from '../../../lib/routing/new-tab.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type GroupLookup, type SearchHit, useSearchLookups } from '../api.ts';
import { columnsOf, linesPerGroup, SEARCH_DEBOUNCE_MS } from '../groups.ts';
import { useSearchHistory } from '../history.ts';

/** A line of the dropdown the arrow keys move through. */
type Option = { kind: 'hit'; hit: SearchHit } | { kind: 'history'; query: string } | { kind: 'all' };

/** Where a result line leads: the customer view, the job view, the machine view. */
function pathOfHit(hit: SearchHit): string {
  if (hit.group === 'customers') return pathFor('ViewCustomer', { customerId: String(hit.item.Id) });
  if (hit.group === 'machines') return pathFor('ViewMachine', { machineId: String(hit.item.Id) });
  return pathFor('ViewJob', { filter: statusFilter(hit.item.JobStatusId, 0), jobId: String(hit.item.Id) });
}

const addressLine = (
  a: { Street: string; Zip: string; City: string; Country: string } | null,
  lang: string,
) =>
  a
    ? [a.Street, [a.Zip, a.City].filter(Boolean).join(' '), countryName(a.Country, lang)]
        .filter(Boolean)
        .join(', ')
    : '';

/** A result line's texts (001 §2.13): name or display name, and the line under it. */
function textsOf(hit: SearchHit, lang: string): { primary: string; secondary: string; inactive: boolean } {
  if (hit.group === 'customers') {
    const c = hit.item;
    return { primary: c.Name, secondary: addressLine(c.DefaultDeliveryAddress, lang), inactive: !c.IsActive };
  }
  if (hit.group === 'machines') {
    const m = hit.item;
    return { primary: m.DisplayName, secondary: m.CustomerName, inactive: !m.IsActive };
  }
  const j = hit.item;
  return { primary: jobTitle(j), secondary: j.StatusName, inactive: false };
}

const keyOf = (o: Option) =>
  o.kind === 'hit' ? `${o.hit.group}-${o.hit.item.Id}` : o.kind === 'history' ? `h-${o.query}` : 'all';

/**
 * The header's open search field with its dropdown (001 §2.13), the search feature's chunk that the
 * shell loads when the search is first opened. 600 ms after the last key the three lookups run
 * (customers, jobs, machines; 15 each, each cancellable); the results come grouped, 5, 7 or 15 lines a
 * group as three, two or one group has results, or all 15 in columns of five when maximised. An empty
 * field shows the history. A combobox: the arrow keys move through the lines, Enter opens the line
 * (or, with none chosen, the search results page), Escape cancels lookups under way, else closes the
 * dropdown, else the field.
 */
export default function GlobalSearchField({ query, onQueryChange, onClose }: SearchFieldProps) {
  const { t, i18n } = useTranslation(['search', 'shell']);
  const navigate = useNavigate();
  const id = useId();
  const q = query.trim();
  const settled = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const history = useSearchHistory();
  const [dropdown, setDropdown] = useState(true);
  const [maximised, setMaximised] = useState(false);
  const [active, setActive] = useState(-1);
  const [canceled, setCanceled] = useState<string | null>(null);
  // An emptied field looks nothing up, not even the text it had 600 ms ago; nor does a canceled search.
  const { lookups, cancel } = useSearchLookups(q === '' || canceled === q ? '' : settled);

  const isCanceled = q !== '' && canceled === q;
  const waiting = q !== '' && q !== settled && !isCanceled;
  const searching = !waiting && lookups.some((l) => l.searching);
  const done = q !== '' && !waiting && !searching && !isCanceled;
  const withHits = lookups.filter((l) => l.hits.length > 0);
  const lines = maximised ? Number.POSITIVE_INFINITY : linesPerGroup(withHits.length);
  const shown: GroupLookup[] = lookups
    .filter((l) => l.hits.length > 0 || (done && l.failed))
    .map((l) => ({ ...l, hits: l.hits.slice(0, lines) }));
  const noResults = done && lookups.every((l) => l.hits.length === 0 && !l.failed);

  const options: Option[] =
    q === ''
      ? history.entries.map((e) => ({ kind: 'history', query: e.query }))
      : isCanceled
        ? [{ kind: 'all' }]
        : [...shown.flatMap((l) => l.hits.map((hit): Option => ({ kind: 'hit', hit }))), { kind: 'all' }];
  const optionId = (i: number) => `${id}-option-${i}`;

  // A new text starts from no line chosen and shows the dropdown again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the text changes
  useEffect(() => {
    setActive(-1);
    setCanceled(null);
  }, [q]);

  const openResults = () => {
    if (!q) return;
    history.add(q);
    navigate(pathFor('SearchResults', {}, { q }));
  };
  /** A line chosen; a result line with Ctrl (⌘) or the middle button opens in a new tab, the search staying. */
  const choose = (option: Option, newTab = false) => {
    if (newTab && option.kind === 'hit') {
      history.add(q);
      return openInNewTab(pathOfHit(option.hit));
    }
    if (option.kind === 'history') {
      onQueryChange(option.query);
      setDropdown(true);
      return;
    }
    if (option.kind === 'all') return openResults();
    history.add(q);
    navigate(pathOfHit(option.hit));
  };
  const cancelSearch = () => {
    cancel();
    setCanceled(q);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!dropdown) return setDropdown(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself: past the last line comes the field, then the first line again.
      setActive((a) => {
        const next = a + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && options[active]?.kind === 'hit') {
      event.preventDefault();
      choose(options[active], true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (waiting || searching) cancelSearch();
      else if (dropdown) setDropdown(false);
      else onClose();
    } else if (event.key === 'Delete' && dropdown && options[active]?.kind === 'history') {
      event.preventDefault();
      const option = options[active];
      if (option.kind === 'history') history.remove(option.query);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const option = dropdown ? options[active] : undefined;
    if (option) choose(option);
    else openResults();
  };

  let index = -1;
  const line = (option: Option, content: ReactNode, extra?: ReactNode) => {
    index += 1;
    const i = index;
    const selected = i === active;
    return (
      <Box
        key={keyOf(option)}
        component="li"
        id={optionId(i)}
        role="option"
        aria-selected={selected}
        // Keeps the focus in the field, so the dropdown stays open until the line is chosen.
        onMouseDown={(e) => e.preventDefault()}
        onMouseMove={() => i !== active && setActive(i)}
        onClick={(e) => choose(option, e.ctrlKey || e.metaKey)}
        onAuxClick={(e) => e.button === 1 && choose(option, true)}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 0.75,
          cursor: 'pointer',
          listStyle: 'none',
          bgcolor: selected ? 'action.selected' : undefined,
          minWidth: 0,
        }}
      >
        {content}
        {extra}
      </Box>
    );
  };
  const hitLine = (hit: SearchHit) => {
    const texts = textsOf(hit, i18n.language);
    return line(
      { kind: 'hit', hit },
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {/* An inactive record's name in the secondary colour (AA), not dimmed (theme/inactive-row.ts). */}
        <Typography variant="body2" noWrap {...(texts.inactive ? { color: 'text.secondary' } : {})}>
          {texts.primary}
          {texts.inactive ? (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {t('search:results.inactive')}
            </Typography>
          ) : null}
        </Typography>
        {texts.secondary ? (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {texts.secondary}
          </Typography>
        ) : null}
      </Box>,
    );
  };

  const status = (text: string, live = true) => (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ px: 2, py: 1 }}
      role={live ? 'status' : undefined}
      component="li"
      style={{ listStyle: 'none' }}
    >
      {text}
    </Typography>
  );

  const dropdownContent =
    q === '' ? (
      history.entries.length === 0 ? null : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1 }}>
            <Typography variant="overline" sx={{ flex: 1 }} id={`${id}-history`}>
              {t('search:history.heading')}
            </Typography>
            <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={history.clear}>
              {t('search:history.clear')}
            </Button>
          </Box>
          <Box
            component="ul"
            role="listbox"
            id={`${id}-listbox`}
            aria-labelledby={`${id}-history`}
            sx={{ m: 0, p: 0 }}
          >
            {history.entries.map((entry) =>
              line(
                { kind: 'history', query: entry.query },
                <>
                  <History fontSize="small" color="action" />
                  <Typography variant="body2" noWrap sx={{ flex: 1 }}>
                    {entry.query}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" aria-hidden>
                    {formatDateTime(entry.stamp)}
                  </Typography>
                </>,
                <IconButton
                  size="small"
                  tabIndex={-1}
                  aria-label={t('search:history.remove', { query: entry.query })}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={(e) => {
                    e.stopPropagation();
                    history.remove(entry.query);
                  }}
                >
                  <Close fontSize="small" />
                </IconButton>,
              ),
            )}
          </Box>
        </>
      )
    ) : (
      <>
        <Box
          component="ul"
          role="listbox"
          id={`${id}-listbox`}
          aria-label={t('search:results.label')}
          sx={{ m: 0, p: 0, maxHeight: maximised ? '75vh' : '70vh', overflowY: 'auto' }}
        >
          {waiting || searching ? status(t('search:status.searching')) : null}
          {isCanceled ? status(t('search:status.canceled')) : null}
          {noResults ? status(t('search:status.noResults')) : null}
          {isCanceled
            ? null
            : shown.map((l) => (
                <Box component="li" key={l.group} sx={{ listStyle: 'none' }} role="presentation">
                  <Typography
                    variant="overline"
                    component="div"
                    id={`${id}-${l.group}`}
                    sx={{ px: 2, pt: 1, display: 'block' }}
                  >
                    {t(`search:groups.${l.group}`)}
                  </Typography>
                  <Box
                    component="ul"
                    role="group"
                    aria-labelledby={`${id}-${l.group}`}
                    data-testid={`search-group-${l.group}`}
                    sx={{
                      m: 0,
                      p: 0,
                      ...(maximised
                        ? { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }
                        : {}),
                    }}
                  >
                    {l.failed && l.hits.length === 0
                      ? status(t('search:status.failed'), false)
                      : maximised
                        ? columnsOf(l.hits).map((column) => (
                            <Box
                              component="li"
                              role="presentation"
                              key={`column-${column[0]?.item.Id}`}
                              sx={{ listStyle: 'none', minWidth: 0 }}
                            >
                              <Box component="ul" role="presentation" sx={{ m: 0, p: 0 }}>
                                {column.map(hitLine)}
                              </Box>
                            </Box>
                          ))
                        : l.hits.map(hitLine)}
                  </Box>
                </Box>
              ))}
          {line(
            { kind: 'all' },
            <Typography variant="body2" color="primary" sx={{ flex: 1 }}>
              {t('search:results.all', { query: q })}
            </Typography>,
          )}
        </Box>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 1,
            px: 1,
            py: 0.5,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          {waiting || searching ? (
            <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={cancelSearch}>
              {t('search:results.cancel')}
            </Button>
          ) : null}
          <Button
            size="small"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => setMaximised((m) => !m)}
            startIcon={maximised ? <CloseFullscreen fontSize="small" /> : <OpenInFull fontSize="small" />}
            aria-pressed={maximised}
          >
            {t(maximised ? 'search:results.restore' : 'search:results.maximise')}
          </Button>
        </Box>
      </>
    );
  const expanded = dropdown && dropdownContent !== null;

  return (
    <ClickAwayListener onClickAway={() => setDropdown(false)}>
      <Box
        component="form"
        role="search"
        onSubmit={submit}
        sx={{ flex: '1 1 240px', maxWidth: 420, position: 'relative' }}
      >
        <TextField
          autoFocus
          size="small"
          fullWidth
          value={query}
          autoComplete="off"
          onChange={(e) => {
            onQueryChange(e.target.value);
            setDropdown(true);
          }}
          onFocus={() => setDropdown(true)}
          onKeyDown={onKeyDown}
          placeholder={t('shell:search.placeholder')}
          slotProps={{
            htmlInput: {
              'aria-label': t('shell:search.label'),
              role: 'combobox',
              'aria-expanded': expanded,
              'aria-controls': expanded ? `${id}-listbox` : undefined,
              'aria-autocomplete': 'list',
              'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton size="small" onClick={onClose} aria-label={t('shell:search.close')}>
                    <Close fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        {expanded ? (
          <Paper
            elevation={8}
            data-testid="search-dropdown"
            sx={{
              position: 'absolute',
              top: '100%',
              right: 0,
              mt: 0.5,
              zIndex: 'modal',
              width: maximised ? 'min(1100px, calc(100vw - 32px))' : 'min(480px, calc(100vw - 16px))',
              overflow: 'hidden',
            }}
          >
            {dropdownContent}
          </Paper>
        ) : null}
      </Box>
    </ClickAwayListener>
  );
}
