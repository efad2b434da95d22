import { SNACKBAR_DEFAULT_MS } from '@fieldport/contract';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorLog } from '../../lib/api/notices.ts';
import { subscribeNotices } from '../../lib/api/notices.ts';
import { getTokens, subscribeTokens } from '../../lib/api/token-store.ts';
import {
  ConfirmContext,
  type ConfirmFn,
  type ConfirmOptions,
  REMEMBER_PREFIX,
  type SnackbarApi,
  SnackbarContext,
  type SnackbarOptions,
} from './context.ts';
import type { SnackbarStack, SnackItem } from './SnackbarStack.tsx';

// Dialogs load when first opened: the sign-in page, the first a user loads, needs neither.
const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })));
// The ticket form's messages are the contract's field messages (translated with the form's code).
const SupportTicketDialog = lazy(() =>
  import('./SupportTicketDialog.tsx').then((m) => ({ default: m.SupportTicketDialog })),
);

type Stack = typeof SnackbarStack;
let loadedStack: Stack | null = null;

/**
 * The snackbar stack's code, loaded at the first notice or the first key press or click, whichever
 * comes first (so it is here before a submitted form gets its answer): the first paint does without it.
 */
export function loadSnackbarStack(): Promise<Stack> {
  return import('./SnackbarStack.tsx').then((m) => {
    loadedStack = m.SnackbarStack;
    return loadedStack;
  });
}

/** The stack component once its code is here; notices wait in state until then (each retries a failed load). */
function useSnackbarStack(pending: number): Stack | null {
  const [stack, setStack] = useState<Stack | null>(() => loadedStack);
  useEffect(() => {
    if (stack) return;
    let live = true;
    const events = ['pointerdown', 'keydown'] as const;
    const unlisten = () => {
      for (const e of events) window.removeEventListener(e, load, true);
    };
    function load() {
      unlisten();
      loadSnackbarStack().then(
        (s) => live && setStack(() => s),
        (error: unknown) => console.error('Snackbar stack failed to load', error),
      );
    }
    if (pending > 0) load();
    else for (const e of events) window.addEventListener(e, load, true);
    return () => {
      live = false;
      unlisten();
    };
  }, [stack, pending]);
  return stack;
}

/** More than this many notices at once means something loops; the oldest go. */
const MAX_SNACKBARS = 12;

interface PendingConfirm {
  id: number;
  opts: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

function remembered(key: string | undefined): boolean {
  if (!key) return false;
  try {
    return localStorage.getItem(REMEMBER_PREFIX + key) === 'true';
  } catch {
    return false;
  }
}

/**
 * Snackbars, the global confirm dialog and the support-ticket dialog. Also shows what the API client
 * reports from outside React (lib/api/notices).
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('feedback');
  const tRef = useRef(t);
  tRef.current = t;
  const nextId = useRef(1);
  const [items, setItems] = useState<SnackItem[]>([]);
  const [ticket, setTicket] = useState<{ log: ErrorLog | undefined } | null>(null);
  const [confirms, setConfirms] = useState<PendingConfirm[]>([]);
  const [signedIn, setSignedIn] = useState(() => getTokens() !== null);

  useEffect(() => subscribeTokens((tokens) => setSignedIn(tokens !== null)), []);

  const show = useCallback((opts: SnackbarOptions) => {
    const text = opts.text?.trim() ? opts.text : tRef.current('unknown_error');
    const item: SnackItem = {
      id: nextId.current++,
      text,
      subtext: opts.subtext,
      severity: opts.severity ?? 'error',
      durationMs: opts.durationMs ?? SNACKBAR_DEFAULT_MS,
      infoIcon: opts.infoIcon,
      ticket: opts.ticket,
    };
    // A repeated identical text replaces the earlier one (002 §8).
    setItems((prev) => [...prev.filter((i) => i.text !== text), item].slice(-MAX_SNACKBARS));
  }, []);

  useEffect(
    () =>
      subscribeNotices((n) =>
        show({
          text: n.text ?? (n.textKey ? tRef.current(n.textKey, n.values ?? {}) : ''),
          subtext: n.subtext,
          severity: n.severity,
          durationMs: n.durationMs,
          infoIcon: n.infoIcon,
          ticket: n.ticket,
        }),
      ),
    [show],
  );

  const close = useCallback((id: number) => setItems((prev) => prev.filter((i) => i.id !== id)), []);
  const openTicket = useCallback((item: SnackItem) => setTicket({ log: item.ticket }), []);

  const confirm = useCallback<ConfirmFn>((opts) => {
    if (remembered(opts.rememberKey)) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      setConfirms((q) => [...q, { id: nextId.current++, opts, resolve }]);
    });
  }, []);

  const current = confirms[0];
  const finishConfirm = (confirmed: boolean, remember: boolean) => {
    if (!current) return;
    if (confirmed && remember && current.opts.rememberKey) {
      try {
        localStorage.setItem(REMEMBER_PREFIX + current.opts.rememberKey, 'true');
      } catch {
        // storage unavailable: the choice lasts this time only
      }
    }
    current.resolve(confirmed);
    setConfirms((q) => q.slice(1));
  };

  const Stack = useSnackbarStack(items.length);
  const snackbarApi = useMemo<SnackbarApi>(() => ({ show }), [show]);

  return (
    <SnackbarContext.Provider value={snackbarApi}>
      <ConfirmContext.Provider value={confirm}>
        {children}
        {current && (
          <Suspense fallback={null}>
            <ConfirmDialog key={current.id} opts={current.opts} onDone={finishConfirm} />
          </Suspense>
        )}
        {ticket && (
          <Suspense fallback={null}>
            <SupportTicketDialog errorLog={ticket.log} onClose={() => setTicket(null)} />
          </Suspense>
        )}
        {Stack && <Stack items={items} canTicket={signedIn} onClose={close} onTicket={openTicket} />}
      </ConfirmContext.Provider>
    </SnackbarContext.Provider>
  );
}
