import type { SchedulerEvent } from '@fieldport/contract';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';

/** An event is unsaved while it has no id of the server's (a tentative one). */
export const isUnsaved = (event: SchedulerEvent) => event.id <= 0;

export interface EventMenuProps {
  event: SchedulerEvent;
  anchor: { x: number; y: number };
  /** Its change or delete is saving: no delete then. */
  loading: boolean;
  onClose(): void;
  onOpen(): void;
  onOpenNewTab(): void;
  onEdit(): void;
  onDelete(): void;
}

/**
 * The event's menu (000 §2): Open, Open in new tab (only with a job), Edit (not for unsaved events),
 * Delete (not while loading).
 */
export function EventMenu(props: EventMenuProps) {
  const { t } = useTranslation('planner');
  const { event } = props;
  const pick = (action: () => void) => () => {
    props.onClose();
    action();
  };
  const items = [
    <MenuItem key="open" onClick={pick(props.onOpen)}>
      <ListItemText>{t('menu.open')}</ListItemText>
    </MenuItem>,
    event.jobId !== null && (
      <MenuItem key="tab" onClick={pick(props.onOpenNewTab)}>
        <ListItemText>{t('menu.openNewTab')}</ListItemText>
      </MenuItem>
    ),
    !isUnsaved(event) && (
      <MenuItem key="edit" onClick={pick(props.onEdit)}>
        <ListItemText>{t('menu.edit')}</ListItemText>
      </MenuItem>
    ),
    !props.loading && (
      <MenuItem key="delete" onClick={pick(props.onDelete)}>
        <ListItemText>{t('menu.delete')}</ListItemText>
      </MenuItem>
    ),
  ].filter(Boolean);
  return (
    <Menu
      open
      onClose={props.onClose}
      anchorReference="anchorPosition"
      anchorPosition={{ top: props.anchor.y, left: props.anchor.x }}
      slotProps={{ list: { 'aria-label': t('menu.label', { name: event.name }) } }}
      data-testid="planner-event-menu"
    >
      {items}
    </Menu>
  );
}
