// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { applyPresenceChange, clearPresence, setPresenceList } from '../../lib/presence.ts';
import { AVATAR_COLOURS, avatarColour, initialsOf } from './avatar-colour.ts';
import { PresenceAvatars } from './PresenceAvatars.tsx';

/** The signed-in user's id: its own other tabs are never shown as someone else. */
const SELF = 99;

afterEach(() => {
  cleanup();
  act(() => clearPresence());
});

const kari = { ConnectionId: 'c1', UserId: 3, Name: 'Kari Nordmann', UserTypeId: 1 };
const kariTab2 = { ...kari, ConnectionId: 'c2' };
const ola = { ConnectionId: 'c3', UserId: 4, Name: 'Ola Hansen', UserTypeId: 2 };

/** WCAG relative luminance and contrast ratio. */
function contrast(hex: string, other = '#ffffff') {
  const lum = (h: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(hex), lum(other)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

describe('who else is on the record (002 §7.22 sharedroute)', () => {
  it('shows nothing when alone', () => {
    act(() => setPresenceList({ Key: 'job:12', Users: [] }, SELF));
    render(<PresenceAvatars presenceKey="job:12" />);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('shows each other person once, with initials, a name tooltip and a translated label', async () => {
    act(() => setPresenceList({ Key: 'job:12', Users: [kari, kariTab2, ola] }, SELF));
    render(<PresenceAvatars presenceKey="job:12" />);
    const group = screen.getByRole('group', { name: 'Also viewing: Kari Nordmann, Ola Hansen' });
    const faces = within(group).getAllByLabelText(/Nordmann|Hansen/);
    expect(faces.map((f) => f.textContent)).toEqual(['KN', 'OH']);
    await userEvent.setup().hover(faces[1] as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Ola Hansen');
  });

  it('follows arrivals and departures, and never shows the list of another record', () => {
    act(() => setPresenceList({ Key: 'job:12', Users: [kari] }, SELF));
    const { rerender } = render(<PresenceAvatars presenceKey="job:12" />);
    act(() => applyPresenceChange({ Key: 'job:12', Action: 'Joined', ...ola }, SELF));
    expect(screen.getByRole('group').getAttribute('aria-label')).toBe(
      'Also viewing: Kari Nordmann, Ola Hansen',
    );
    act(() => applyPresenceChange({ Key: 'job:12', Action: 'Left', ...kari }, SELF));
    expect(screen.getByRole('group').getAttribute('aria-label')).toBe('Also viewing: Ola Hansen');
    // Moved on to job 13: the list still says job 12 until the hub answers the new route.
    rerender(<PresenceAvatars presenceKey="job:13" />);
    expect(screen.queryByRole('group')).toBeNull();
    act(() => setPresenceList({ Key: 'job:13', Users: [kari] }, SELF));
    expect(screen.getByRole('group').getAttribute('aria-label')).toBe('Also viewing: Kari Nordmann');
    act(() => clearPresence());
    expect(screen.queryByRole('group')).toBeNull();
  });

  it("never shows the signed-in user's own other tabs as someone else", () => {
    const ownTab = { ConnectionId: 'c9', UserId: SELF, Name: 'Me Myself', UserTypeId: 1 };
    act(() => setPresenceList({ Key: 'job:12', Users: [ownTab] }, SELF));
    render(<PresenceAvatars presenceKey="job:12" />);
    expect(screen.queryByRole('group')).toBeNull();
    act(() => applyPresenceChange({ Key: 'job:12', Action: 'Joined', ...ownTab, ConnectionId: 'c10' }, SELF));
    act(() => applyPresenceChange({ Key: 'job:12', Action: 'Joined', ...ola }, SELF));
    expect(screen.getByRole('group').getAttribute('aria-label')).toBe('Also viewing: Ola Hansen');
  });

  it('sums up more than five people in one +N', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({
      ConnectionId: `c${i}`,
      UserId: 10 + i,
      Name: `Tech ${i} Olsen`,
      UserTypeId: 2,
    }));
    act(() => setPresenceList({ Key: 'customer:3', Users: many }, SELF));
    render(<PresenceAvatars presenceKey="customer:3" />);
    expect(screen.getByText('+2')).toBeTruthy();
    expect(screen.getByLabelText('2 more: Tech 5 Olsen, Tech 6 Olsen')).toBeTruthy();
  });

  it('gives a user one colour everywhere, each with AA contrast for white initials', () => {
    expect(avatarColour(3)).toBe(avatarColour(3));
    expect(new Set([1, 2, 3, 4, 5].map(avatarColour)).size).toBe(5);
    for (const c of AVATAR_COLOURS) expect(contrast(c), c).toBeGreaterThanOrEqual(4.5);
    expect(initialsOf('  kari  anne Nordmann ')).toBe('KN');
    expect(initialsOf('Åse')).toBe('Å');
    expect(initialsOf('王小明')).toBe('王');
  });
});
