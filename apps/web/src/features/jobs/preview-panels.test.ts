import { describe, expect, it } from 'vitest';
import { openPanels, PREVIEW_PANELS, previewOffersNewAppointment, togglePanel } from './preview-panels.ts';

describe('the preview pane’s open panels per route name (JobPreviewPaneMode)', () => {
  it('opens every panel on a route with nothing stored, or with a malformed value', () => {
    expect(openPanels({}, 'JobList')).toEqual([...PREVIEW_PANELS]);
    expect(openPanels('right', 'JobList')).toEqual([...PREVIEW_PANELS]);
    expect(openPanels(null, 'JobList')).toEqual([...PREVIEW_PANELS]);
    expect(openPanels({ JobList: 'customer' }, 'JobList')).toEqual([...PREVIEW_PANELS]);
  });

  it('closes and opens a panel on one route only, leaving out unknown panels', () => {
    const closed = togglePanel({ SearchResults: ['customer', 'nonsense'] }, 'JobList', 'contact');
    expect(closed.JobList).not.toContain('contact');
    expect(closed.JobList).toHaveLength(PREVIEW_PANELS.length - 1);
    expect(closed.SearchResults).toEqual(['customer']);
    expect(openPanels(closed, 'JobList')).not.toContain('contact');
    expect(openPanels(closed, 'SearchResults')).toEqual(['customer']);
    const reopened = togglePanel(closed, 'JobList', 'contact');
    expect(openPanels(reopened, 'JobList')).toEqual([...PREVIEW_PANELS]);
  });
});

describe('a new appointment from the preview (000 §2)', () => {
  it('is offered below status 70 and not from 70 on', () => {
    expect(previewOffersNewAppointment({ JobStatusId: 10 })).toBe(true);
    expect(previewOffersNewAppointment({ JobStatusId: 69 })).toBe(true);
    expect(previewOffersNewAppointment({ JobStatusId: 70 })).toBe(false);
    expect(previewOffersNewAppointment({ JobStatusId: 100 })).toBe(false);
    expect(previewOffersNewAppointment({ JobStatusId: 110 })).toBe(false);
  });
});
