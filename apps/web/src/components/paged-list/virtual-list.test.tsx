// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualList } from './VirtualList.tsx';

const ROW = 40;
const VIEW = 400;
const items = Array.from({ length: 10_000 }, (_, i) => ({ Id: i + 1, Name: `Row ${i + 1}` }));

/** jsdom lays nothing out: the scroll container is 400 px tall and every row 40 px. */
const layout: [string, PropertyDescriptor | undefined][] = [];
function stub(name: string, get: (this: HTMLElement) => number) {
  layout.push([name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)]);
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get });
}
beforeEach(() => {
  stub('clientHeight', function () {
    return this.dataset.testid === 'scroller' ? VIEW : 0;
  });
  stub('offsetHeight', function () {
    return this.dataset.index !== undefined ? ROW : 0;
  });
  layout.push(['scrollTo', Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollTo')]);
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
    configurable: true,
    value(this: HTMLElement, options: ScrollToOptions) {
      this.scrollTop = options.top ?? this.scrollTop;
      this.dispatchEvent(new Event('scroll'));
    },
  });
});
afterEach(() => {
  cleanup();
  for (const [name, d] of layout.splice(0).reverse()) {
    if (d) Object.defineProperty(HTMLElement.prototype, name, d);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  }
});

const renderList = () =>
  render(
    <VirtualList
      items={items}
      label="Rows"
      estimateSize={ROW}
      testId="scroller"
      renderItem={(item) => <a href={`#${item.Id}`}>{item.Name}</a>}
    />,
  );

const drawnRows = () => screen.getByRole('list', { name: 'Rows' }).querySelectorAll('li').length;

describe('VirtualList', () => {
  it('keeps fewer than 100 of 10,000 rows in the DOM, and scrolling shows later rows', async () => {
    renderList();
    expect(screen.getByText('Row 1')).toBeTruthy();
    expect(drawnRows()).toBeGreaterThan(5);
    expect(drawnRows()).toBeLessThan(100);
    expect(screen.queryByText('Row 500')).toBeNull();
    // The list keeps the room of the rows not drawn: 10,000 × 40 px.
    const list = screen.getByRole('list', { name: 'Rows' });
    expect(list.querySelector('li')?.getAttribute('aria-setsize')).toBe('10000');

    const scroller = screen.getByTestId('scroller');
    scroller.scrollTop = 5000 * ROW;
    act(() => {
      fireEvent.scroll(scroller);
    });
    expect(await screen.findByText('Row 5001')).toBeTruthy();
    expect(screen.queryByText('Row 1')).toBeNull();
    expect(drawnRows()).toBeLessThan(100);

    scroller.scrollTop = 9990 * ROW;
    act(() => {
      fireEvent.scroll(scroller);
    });
    expect(await screen.findByText('Row 10000')).toBeTruthy();
    expect(drawnRows()).toBeLessThan(100);
  });

  it('moves the focus row by row with the arrow keys, and to the last row with End, with Tab into the rows', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Row 1');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Row 2');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Row 1');
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Row 10000'));
    expect(drawnRows()).toBeLessThan(100);
    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Row 1'));
  });

  it('is one tab stop: only the active row’s link and button are in the tab order, given back as it moves', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <VirtualList
          items={items.slice(0, 5)}
          label="Rows"
          estimateSize={ROW}
          testId="scroller"
          renderItem={(item) => (
            <div>
              <a href={`#${item.Id}`}>{item.Name}</a>
              <button type="button">Edit {item.Name}</button>
            </div>
          )}
        />
        <button type="button">After the list</button>
      </>,
    );
    const tabbable = () =>
      Array.from(document.querySelectorAll<HTMLElement>('a, button'))
        .filter((el) => el.tabIndex >= 0)
        .map((el) => el.textContent);
    expect(tabbable()).toEqual(['Row 1', 'Edit Row 1', 'After the list']);
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Row 3');
    expect(tabbable()).toEqual(['Row 3', 'Edit Row 3', 'After the list']);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Edit Row 3');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('After the list');
    // Back into the list: the row last used, not the first.
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('Row 3');
  });
});
