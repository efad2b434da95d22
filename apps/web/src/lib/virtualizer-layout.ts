import { elementScroll, observeElementRect, type Virtualizer } from '@tanstack/react-virtual';

// A virtualizer mounting in a page's commit must not make the browser lay the new page out there and
// then: it would do it again for the frame anyway (decision 043). These options keep virtual-core from
// forcing it: the scroll area's size comes after layout, and the mount's write of offset 0 is left out.

type Rect = { width: number; height: number };

/**
 * A virtualizer's `observeElementRect` that reads the scroll element's size only once the browser has
 * laid the page out (in the ResizeObserver's first report, before that frame is painted), where
 * virtual-core's own reads it at once in the commit and forces a layout of the new page in the middle
 * of it (decision 043). Until then the virtualizer works with its `initialRect`; give it the window's
 * size (`viewportRect()`), which no scroll area exceeds. A size of 0 (not shown yet) reports `fallback`.
 * Without ResizeObserver (jsdom), virtual-core's own.
 */
export function observeRectAfterLayout<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  cb: (rect: Rect) => void,
  fallback: Rect,
): undefined | (() => void) {
  const element = instance.scrollElement as unknown as HTMLElement | null;
  const view = instance.targetWindow;
  const report = (rect: Rect) => cb(rect.height > 0 ? rect : fallback);
  if (!element || !view?.ResizeObserver) return observeElementRect(instance, report);
  const observer = new view.ResizeObserver(() =>
    report({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/** The window's size: an initial rect no scroll area exceeds, read without a layout. */
export const viewportRect = (): Rect =>
  typeof window === 'undefined'
    ? { width: 1200, height: 800 }
    : { width: window.innerWidth, height: window.innerHeight };

/**
 * A virtualizer's `scrollToFn` (element scrolling) without the write virtual-core makes when it meets a
 * scroll element: to offset 0 that is where a new element already is, and `scrollTo` would force a
 * layout. Every later write, and a first one elsewhere than 0, goes through.
 */
export function scrollToFnWithoutMountWrite() {
  const met = new WeakSet<Element>();
  return <S extends Element, I extends Element>(
    offset: number,
    options: { adjustments?: number; behavior?: ScrollBehavior },
    instance: Virtualizer<S, I>,
  ) => {
    const element = instance.scrollElement;
    if (element && !met.has(element)) {
      met.add(element);
      if (offset + (options.adjustments ?? 0) === 0) return;
    }
    elementScroll(offset, options, instance);
  };
}
