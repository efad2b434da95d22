import { DROPDOWN_DEBOUNCE_MS, DROPDOWN_PAGE_SIZE, MIN_SEARCH_LENGTH } from '@fieldport/contract';
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import ToggleOff from '@mui/icons-material/ToggleOff';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, type UIEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** What a dropdown asks its source for (000 §7 dropdown paging payload). */
export interface SearchDropdownPageArgs {
  SearchWord: string;
  /** From 1. */
  Page: number;
  ItemsPerPage: number;
  /** The selected ids: the source puts them first on page 1, so they are always in the list. */
  PrependItemIdList: number[];
  signal: AbortSignal;
}

interface SearchDropdownPage<T> {
  Content: T[];
  TotalCount: number;
}

export interface SearchDropdownProps<T> {
  label: string;
  /** One item (single select) or a list (multiple); null when nothing is chosen. */
  value: T | T[] | null;
  /** The chosen item, null when cleared; a list with `multiple`. */
  onChange(v: T | T[] | null): void;
  fetchPage(args: SearchDropdownPageArgs): Promise<SearchDropdownPage<T>>;
  getId(t: T): number;
  getLabel(t: T): string;
  multiple?: boolean;
  /** Offers a clear button; a dropdown that is not clearable is required (000 §5). */
  clearable?: boolean;
  required?: boolean;
  /** Items per page (default 100; customers 40). */
  pageSize?: number;
  disabled?: boolean;
  /** An error text of the caller (shown instead of the required rule). */
  error?: string;
  /** A second line under an item (e.g. number and address). */
  getSecondary?(t: T): string | undefined;
  /** Inactive items are shown greyed with the off icon. */
  isInactive?(t: T): boolean;
  /** Shown under the field when there is no error. */
  helperText?: string;
  readOnly?: boolean;
  /** data-testid of the field. */
  testId?: string;
  /** Field size (default medium, like a TextField). */
  size?: 'small' | 'medium';
  /**
   * A value is chosen whose item is still being read (an id looked up): the label already stands above
   * the field, so the name coming in is not drawn under it (issue 35).
   */
  valuePending?: boolean;
}

type Option<T> = { kind: 'all' } | { kind: 'item'; item: T };

const SELECT_ALL: Option<never> = { kind: 'all' };

/**
 * The shared search dropdown (000 §5, §9; 001 §5): searches its source after three characters with a
 * 700 ms debounce, pages of 100 (customers 40) loaded as the list scrolls, the selected ids always
 * present, a select-all row for multiple choice when the list has more than two items and at most
 * half a page, and the hints 'type three chars to search', 'searching' and 'no results'. Without
 * `clearable` it carries the required rule.
 */
export function SearchDropdown<T>(props: SearchDropdownProps<T>) {
  const { t } = useTranslation(['dropdown', 'validation']);
  const {
    label,
    value,
    onChange,
    getId,
    getLabel,
    multiple = false,
    clearable = false,
    pageSize = DROPDOWN_PAGE_SIZE,
    disabled = false,
  } = props;
  const required = props.required ?? !clearable;
  const instance = useId();
  const fetchRef = useRef(props.fetchPage);
  fetchRef.current = props.fetchPage;

  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  // What the user typed (not the label Autocomplete puts in the input after a choice).
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const word = typed.trim();
  const settledWord = useDebouncedValue(word, DROPDOWN_DEBOUNCE_MS);
  const tooShort = word.length > 0 && word.length < MIN_SEARCH_LENGTH;
  const waiting = word !== settledWord && !tooShort;

  const selected: T[] = useMemo(
    () => (value === null ? [] : Array.isArray(value) ? value : [value]),
    [value],
  );
  // The selected ids as they were when the list opened: picking more does not reload the list.
  const [prependIds, setPrependIds] = useState<number[]>([]);

  const searchable = settledWord.length === 0 || settledWord.length >= MIN_SEARCH_LENGTH;
  const query = useInfiniteQuery({
    queryKey: ['search-dropdown', instance, settledWord, prependIds, pageSize],
    queryFn: ({ pageParam, signal }) =>
      fetchRef.current({
        SearchWord: settledWord,
        Page: pageParam,
        ItemsPerPage: pageSize,
        PrependItemIdList: prependIds,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.Content.length, 0);
      return loaded < last.TotalCount && last.Content.length > 0 ? pages.length + 1 : undefined;
    },
    enabled: open && searchable && !disabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });

  const items: T[] = useMemo(() => {
    if (tooShort || !query.data) return [];
    const seen = new Set<number>();
    const out: T[] = [];
    for (const page of query.data.pages)
      for (const item of page.Content) {
        const id = getId(item);
        if (!seen.has(id)) {
          seen.add(id);
          out.push(item);
        }
      }
    return out;
  }, [query.data, tooShort, getId]);

  const searching = waiting || (query.isFetching && !query.isFetchingNextPage);
  const showSelectAll = multiple && !searching && items.length > 2 && items.length <= pageSize / 2;
  const options: Option<T>[] = useMemo(
    () => [
      ...(showSelectAll ? [SELECT_ALL as Option<T>] : []),
      ...items.map((item) => ({ kind: 'item' as const, item })),
    ],
    [items, showSelectAll],
  );
  const visibleOptions = searching ? [] : options;

  const selectedIds = new Set(selected.map(getId));
  const allSelected = items.length > 0 && items.every((i) => selectedIds.has(getId(i)));
  const wrap = (item: T): Option<T> => ({ kind: 'item', item });
  const acValue = multiple ? selected.map(wrap) : selected[0] ? wrap(selected[0]) : null;

  const noOptionsText = tooShort
    ? t('dropdown:type_three_chars')
    : query.isError
      ? t('dropdown:failed')
      : t('dropdown:no_results');

  const requiredError = required && touched && !open && selected.length === 0;
  const errorText = props.error ?? (requiredError ? t('validation:required_field') : undefined);

  const onListScroll = (e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight * 0.9 && query.hasNextPage && !query.isFetching)
      void query.fetchNextPage();
  };

  const labelOf = (o: Option<T>) =>
    o.kind === 'all'
      ? allSelected
        ? t('dropdown:deselect_all')
        : t('dropdown:select_all')
      : getLabel(o.item);

  return (
    <Autocomplete<Option<T>, boolean, boolean, false>
      multiple={multiple}
      disableClearable={!clearable}
      disableCloseOnSelect={multiple}
      disabled={disabled}
      size={props.size ?? 'medium'}
      readOnly={props.readOnly ?? false}
      open={open}
      onOpen={() => {
        setPrependIds(selected.map(getId));
        setOpen(true);
      }}
      onClose={() => {
        setOpen(false);
        setTyped('');
      }}
      options={visibleOptions}
      value={acValue as Option<T> | Option<T>[] | null}
      filterOptions={(o) => o}
      getOptionLabel={labelOf}
      getOptionKey={(o) => (o.kind === 'all' ? 'select-all' : getId(o.item))}
      isOptionEqualToValue={(a, b) =>
        a.kind === 'item' && b.kind === 'item' ? getId(a.item) === getId(b.item) : a.kind === b.kind
      }
      inputValue={input}
      onInputChange={(_, text, reason) => {
        setInput(text);
        if (reason === 'input') setTyped(text);
        else if (reason === 'clear') setTyped('');
      }}
      onChange={(_, next, _reason, details) => {
        if (details?.option?.kind === 'all') {
          if (allSelected) onChange(selected.filter((s) => !items.some((i) => getId(i) === getId(s))));
          else onChange([...selected, ...items.filter((i) => !selectedIds.has(getId(i)))]);
          return;
        }
        if (Array.isArray(next)) onChange(next.flatMap((o) => (o.kind === 'item' ? [o.item] : [])));
        else onChange(next && next.kind === 'item' ? next.item : null);
      }}
      loading={searching}
      loadingText={t('dropdown:searching')}
      noOptionsText={noOptionsText}
      clearText={t('dropdown:clear')}
      openText={t('dropdown:open')}
      closeText={t('dropdown:close')}
      slotProps={{ listbox: { onScroll: onListScroll } }}
      renderOption={(liProps, option, state) => {
        const { key, ...rest } = liProps;
        if (option.kind === 'all')
          return (
            <li key={key} {...rest} data-testid="dropdown-select-all">
              {allSelected ? (
                <CheckBox fontSize="small" sx={{ mr: 1 }} />
              ) : (
                <CheckBoxOutlineBlank fontSize="small" sx={{ mr: 1 }} />
              )}
              <Typography sx={{ fontWeight: 500 }}>{labelOf(option)}</Typography>
            </li>
          );
        const inactive = props.isInactive?.(option.item) ?? false;
        const secondary = props.getSecondary?.(option.item);
        const last = state.index === visibleOptions.length - 1;
        return (
          <li key={key} {...rest} data-testid={`dropdown-option-${getId(option.item)}`}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
              {multiple ? (
                state.selected ? (
                  <CheckBox fontSize="small" />
                ) : (
                  <CheckBoxOutlineBlank fontSize="small" />
                )
              ) : null}
              <Box sx={{ minWidth: 0, flex: 1, color: inactive ? 'text.secondary' : undefined }}>
                <Typography noWrap>{getLabel(option.item)}</Typography>
                {secondary ? (
                  <Typography variant="body2" noWrap color={'text.secondary'}>
                    {secondary}
                  </Typography>
                ) : null}
              </Box>
              {inactive ? (
                <ToggleOff fontSize="small" color="disabled" titleAccess={t('dropdown:inactive')} />
              ) : null}
            </Box>
            {last && query.isFetchingNextPage ? <MoreLoading /> : null}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={!!errorText}
          helperText={errorText ?? props.helperText}
          {...(props.testId ? { 'data-testid': props.testId } : {})}
          onBlur={() => setTouched(true)}
          slotProps={{
            ...params.slotProps,
            ...(props.valuePending ? { inputLabel: { ...params.slotProps.inputLabel, shrink: true } } : {}),
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {searching && open ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

function MoreLoading(): ReactNode {
  return <CircularProgress size={14} sx={{ ml: 1 }} />;
}
