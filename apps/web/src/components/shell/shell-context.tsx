import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { RouteName } from '../../lib/routing/routes.ts';

/** A header button of the active page; on phones the floating action button lists them (001 §2.2). */
export interface HeaderAction {
  id: string;
  /** Translated label (also the accessible name). */
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  /** A link instead of a click handler. */
  to?: string;
  disabled?: boolean;
}

/** A sub-menu tab turned off by its page, with a translated hint (e.g. 'no order on job'). */
export interface TabState {
  disabled: boolean;
  hint?: string;
}

interface ShellState {
  actions: HeaderAction[];
  counts: Readonly<Record<string, number>>;
  tabStates: Readonly<Record<string, TabState>>;
  /** The page's own title (a record's name) in place of its route's, for the header and the tab. */
  title: string | null;
  setTitle(title: string | null): void;
  setActions(owner: symbol, actions: HeaderAction[] | null): void;
  setCount(name: string, value: number | null): void;
  setTabState(route: string, state: TabState | null): void;
}

const ShellContext = createContext<ShellState | null>(null);

export function ShellStateProvider({ children }: { children: ReactNode }) {
  const [actionOwners, setActionOwners] = useState<Map<symbol, HeaderAction[]>>(new Map());
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [tabStates, setTabStates] = useState<Record<string, TabState>>({});
  const [title, setTitle] = useState<string | null>(null);

  const setActions = useCallback((owner: symbol, actions: HeaderAction[] | null) => {
    setActionOwners((prev) => {
      const next = new Map(prev);
      if (actions) next.set(owner, actions);
      else next.delete(owner);
      return next;
    });
  }, []);
  const setCount = useCallback((name: string, value: number | null) => {
    setCounts((prev) => {
      if (value === null) {
        const { [name]: _, ...rest } = prev;
        return rest;
      }
      return prev[name] === value ? prev : { ...prev, [name]: value };
    });
  }, []);
  const setTabState = useCallback((route: string, state: TabState | null) => {
    setTabStates((prev) => {
      if (state === null) {
        const { [route]: _, ...rest } = prev;
        return rest;
      }
      return { ...prev, [route]: state };
    });
  }, []);

  const value = useMemo<ShellState>(
    () => ({
      actions: [...actionOwners.values()].flat(),
      counts,
      tabStates,
      title,
      setTitle,
      setActions,
      setCount,
      setTabState,
    }),
    [actionOwners, counts, tabStates, title, setActions, setCount, setTabState],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShellState(): ShellState {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShellState outside ShellStateProvider');
  return value;
}

/** Puts the page's buttons in the header (and the phone action button) while the page is shown. */
export function useHeaderActions(actions: HeaderAction[]): void {
  const { setActions } = useShellState();
  const owner = useRef(Symbol('header-actions')).current;
  useEffect(() => {
    setActions(owner, actions);
  }, [actions, owner, setActions]);
  useEffect(() => () => setActions(owner, null), [owner, setActions]);
}

/** Names the page after its record (e.g. the job's number and name) while it is shown. */
export function usePageTitle(title: string | null | undefined): void {
  const { setTitle } = useShellState();
  useEffect(() => {
    setTitle(title ?? null);
    return () => setTitle(null);
  }, [title, setTitle]);
}

/**
 * Sets the badge count of a menu item (route metadata `count`).
 * @public (the shell's hook for pages: the menu shows the counts, no page sets one yet)
 */
export function useMenuCount(name: string, value: number | null | undefined): void {
  const { setCount } = useShellState();
  useEffect(() => {
    setCount(name, value ?? null);
    return () => setCount(name, null);
  }, [name, value, setCount]);
}

/**
 * Disables a sub-menu tab with a hint while the calling page is shown.
 * @public (the shell's hook for pages: the tab bar shows the states, no page sets one yet)
 */
export function useTabState(route: RouteName, state: TabState | null): void {
  const { setTabState } = useShellState();
  // Read through its fields, so a new object with the same content does not loop.
  const active = state !== null;
  const disabled = state?.disabled ?? false;
  const hint = state?.hint;
  useEffect(() => {
    setTabState(route, active ? { disabled, ...(hint ? { hint } : {}) } : null);
    return () => setTabState(route, null);
  }, [route, active, disabled, hint, setTabState]);
}
