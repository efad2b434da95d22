import { vi } from 'vitest';

/**
 * For tests of the signature pad: jsdom draws nothing, so canvases get a 2D context that records the
 * strokes (each point drawn to, as "x,y"; Clear empties them) and a PNG to hand over.
 */
export function fakeCanvas(): string[] {
  const strokes: string[] = [];
  const ctx = {
    scale: vi.fn(),
    beginPath: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(),
    moveTo: vi.fn(),
    lineTo: (x: number, y: number) => strokes.push(`${x},${y}`),
    stroke: vi.fn(),
    clearRect: () => strokes.splice(0),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
  return strokes;
}
