import type { SchedulerData, SchedulerEvent } from '@fieldport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '../../../../components/feedback/index.ts';
import { callApi } from '../../../../lib/api/client.ts';
import { pathFor } from '../../../../lib/routing/access.ts';
import { openInNewTab } from '../../../../lib/routing/new-tab.ts';
import { plannerKeys } from '../../api.ts';
import { dropEvents } from '../../range-cache.ts';
import { parseWallClock } from '../../rules/wall-clock.ts';
import type { PendingChange } from '../../use-event-changes.ts';
import { jobPath } from '../appointment-dialog/JobDetails.tsx';
import { EventMenu, isUnsaved } from './EventMenu.tsx';

/**
 * What the planner does with an event beyond moving it: a single click opens the appointment dialog
 * (/planner/:id, keeping ?date=), the menu (right click, the ContextMenu key or Shift+F10) opens, edits
 * or deletes it. A saved event is deleted on the server after a confirm and stays, loading, until
 * that succeeds; a failed delete brings it back (the failure shows as every failed call's does).
 */
export function useEventActions(opts: {
  data: SchedulerData | undefined;
  pending: ReadonlyMap<number, PendingChange>;
  onOpen(event: SchedulerEvent): void;
  announce(text: string): void;
}) {
  const { data, pending, onOpen, announce } = opts;
  const { t } = useTranslation('planner');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const client = useQueryClient();
  const confirm = useConfirm();
  const [menu, setMenu] = useState<{ event: SchedulerEvent; anchor: { x: number; y: number } } | null>(null);
  const [deleting, setDeleting] = useState<ReadonlyMap<number, PendingChange>>(new Map());

  const edit = useCallback(
    (event: SchedulerEvent) => {
      if (isUnsaved(event)) return;
      const date = search.get('date');
      navigate(pathFor('Planner', { appointmentId: String(event.id) }, date ? { date } : undefined));
    },
    [navigate, search],
  );

  const remove = useCallback(
    async (event: SchedulerEvent) => {
      const ok = await confirm({
        title: t('dialog.deleteTitle'),
        message: t('dialog.deleteMessage'),
        confirmText: t('dialog.delete'),
      });
      if (!ok) return;
      if (isUnsaved(event)) {
        dropEvents(client, [event.id]);
        return;
      }
      const resourceIds = (data?.assignments ?? [])
        .filter((a) => a.eventId === event.id)
        .map((a) => a.resourceId);
      const place = {
        start: parseWallClock(event.startDate),
        end: parseWallClock(event.endDate),
        resourceIds,
      };
      setDeleting((map) => new Map(map).set(event.id, place));
      const forget = () =>
        setDeleting((map) => {
          const next = new Map(map);
          next.delete(event.id);
          return next;
        });
      try {
        await callApi('appointmentDelete', { params: { id: event.id } });
        dropEvents(client, [event.id]);
        forget();
        announce(t('menu.deleted', { name: event.name }));
        void client.invalidateQueries({ queryKey: plannerKeys.all });
        void client.invalidateQueries({ queryKey: ['jobs'] });
      } catch {
        forget();
        announce(t('menu.deleteFailed', { name: event.name }));
      }
    },
    [confirm, t, client, data, announce],
  );

  const openMenu = useCallback((event: SchedulerEvent, anchor: { x: number; y: number }) => {
    setMenu({ event, anchor });
  }, []);

  const all = useMemo(
    () => (deleting.size === 0 ? pending : new Map([...pending, ...deleting])),
    [pending, deleting],
  );

  const menuNode: ReactNode = menu ? (
    <EventMenu
      event={menu.event}
      anchor={menu.anchor}
      loading={all.has(menu.event.id)}
      onClose={() => setMenu(null)}
      onOpen={() => (menu.event.jobId === null ? edit(menu.event) : onOpen(menu.event))}
      onOpenNewTab={() => {
        if (menu.event.jobId !== null)
          openInNewTab(jobPath({ Id: menu.event.jobId, JobStatusId: menu.event.jobStatusId ?? 10 }));
      }}
      onEdit={() => edit(menu.event)}
      onDelete={() => void remove(menu.event)}
    />
  ) : null;

  return { pending: all, select: edit, openMenu, menu: menuNode };
}
