import { describe, expect, it } from 'vitest';
import { COLOUR_BYS, colourKey, coloursOf, contrastRatio, PALETTE, textOn } from './event-colours.ts';

describe('appointment colours', () => {
  it('keeps the text on every colour at WCAG AA contrast (4.5 : 1) or better', () => {
    for (const background of PALETTE) {
      expect(contrastRatio(textOn(background), background), background).toBeGreaterThanOrEqual(4.5);
    }
    for (const by of COLOUR_BYS) {
      for (let key = 0; key < 130; key++) {
        const c = coloursOf(key, by);
        expect(contrastRatio(c.color, c.background)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('measures contrast as WCAG does and picks white text on a dark background', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(textOn('#0d47a1')).toBe('#ffffff');
    expect(textOn('#ffe0b2')).toBe('#1a1a1a');
  });

  it('colours by the chosen value: status, priority or job type; timing gives no colour of its own', () => {
    const event = { jobStatusId: 20, jobTypeId: 3, jobPriorityId: 2 };
    expect(colourKey(event, 'status')).toBe(20);
    expect(colourKey(event, 'priority')).toBe(2);
    expect(colourKey(event, 'jobType')).toBe(3);
    expect(colourKey(event, 'timing')).toBeNull();
    expect(colourKey({ jobStatusId: null, jobTypeId: null }, 'priority')).toBeNull();
  });

  it('gives each status of the documents its own colour, the same on every call', () => {
    const statuses = [10, 20, 30, 40, 50, 60, 70, 100];
    const colours = statuses.map((s) => coloursOf(s, 'status').background);
    expect(new Set(colours).size).toBe(statuses.length);
    expect(coloursOf(20, 'status')).toEqual(coloursOf(20, 'status'));
    expect(coloursOf(1, 'jobType').background).not.toBe(coloursOf(2, 'jobType').background);
  });
});
