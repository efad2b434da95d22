import { type RefObject, useLayoutEffect, useState } from 'react';

const windowWidth = () => window.innerWidth;

/**
 * The element's width, followed as it changes (the drawer, the window). Before the element is laid out
 * (and in jsdom, which has no layout) it is `unmeasured()`: the window's width unless the caller says.
 */
export function useElementWidth(
  ref: RefObject<HTMLElement | null>,
  unmeasured: () => number = windowWidth,
): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.getBoundingClientRect().width || unmeasured());
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, unmeasured]);
  return width;
}
