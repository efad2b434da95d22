import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  type FocusEvent,
  lazy,
  type MouseEvent,
  type ReactElement,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ShellPart } from './ShellPart.tsx';

const loadPopup = () => import('./TooltipPopup.tsx');
const TooltipPopup = lazy(loadPopup);

/** MUI's Tooltip default: the tip shows after the pointer rests this long. */
const ENTER_DELAY_MS = 100;

type ChildProps = {
  'aria-label'?: string;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A tooltip whose code (MUI's Tooltip with Popper.js, about 11 KB gzipped) loads at the first hover or
 * keyboard focus instead of with the signed-in landing page: no tooltip shows at first paint (decision
 * 012). The child is never wrapped or re-rendered anew, so a click or focus is never lost; it gets the
 * name MUI's Tooltip would give it (a text title as aria-label), and the tip shows on hover after
 * 100 ms and on keyboard focus, and hides on leave, blur or Escape, as MUI's does.
 */
export function LazyTooltip(props: {
  title: TooltipProps['title'];
  placement?: TooltipProps['placement'];
  children: ReactElement;
}) {
  const { title, placement, children } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setAnchor(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [anchor]);

  const show = (element: HTMLElement, delay: number) => {
    void loadPopup();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAnchor(element), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setAnchor(null);
  };
  const own = children.props as ChildProps;
  const child = cloneElement(children as ReactElement<ChildProps>, {
    'aria-label': own['aria-label'] ?? (typeof title === 'string' ? title : undefined),
    onMouseEnter: (event) => {
      own.onMouseEnter?.(event);
      show(event.currentTarget, ENTER_DELAY_MS);
    },
    onMouseLeave: (event) => {
      own.onMouseLeave?.(event);
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      const element = event.currentTarget;
      if (element.matches(':focus-visible')) show(element, 0);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide();
    },
  });
  if (!title) return children;
  return (
    <>
      {child}
      {anchor ? (
        <ShellPart fallback={null}>
          <TooltipPopup anchor={anchor} title={title} placement={placement} />
        </ShellPart>
      ) : null}
    </>
  );
}
