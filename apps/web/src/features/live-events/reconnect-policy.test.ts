import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-policy.ts';

describe('reconnect policy (002 §4)', () => {
  it('tries every 3 seconds during the first 2 minutes of a lost connection', () => {
    expect(reconnectDelay(0)).toBe(3_000);
    expect(reconnectDelay(3_000)).toBe(3_000);
    expect(reconnectDelay(119_999)).toBe(3_000);
  });

  it('then every 60 seconds', () => {
    expect(reconnectDelay(120_000)).toBe(60_000);
    expect(reconnectDelay(30 * 60_000)).toBe(60_000);
  });
});
