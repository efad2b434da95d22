import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../../../lib/device.ts';
import { useElementWidth } from '../../../lib/use-element-width.ts';

/**
 * The narrowest a list and a preview pane are usable side by side (decision 033): the list's items need
 * about 400 px, the preview's header, actions and cards about 560. Below it the preview opens over the
 * list as a dialog (full screen on phones), so neither is squeezed.
 */
const LIST_MIN_WIDTH = 400;
const PREVIEW_MIN_WIDTH = 560;
const SIDE_BY_SIDE_MIN_WIDTH = LIST_MIN_WIDTH + PREVIEW_MIN_WIDTH;

/**
 * A job list with its preview pane (000 §2): beside the list where both fit, else a dialog over it
 * that takes the focus, gives it back to the item on close and closes on Escape. The list stays
 * mounted either way, so its scroll position and the item to return to are kept.
 */
export function JobListWithPreview(props: { list: ReactNode; preview: ReactNode | null; onClose(): void }) {
  const { t } = useTranslation('jobs');
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const phone = useDevice() === 'phone';
  const open = props.preview !== null;
  const side = open && width >= SIDE_BY_SIDE_MIN_WIDTH;
  return (
    <Box
      ref={ref}
      sx={{ height: '100%', display: 'flex', minHeight: 0 }}
      data-preview-mode={side ? 'side' : 'over'}
    >
      <Box
        sx={{
          flex: side ? '0 0 42%' : 1,
          minWidth: side ? LIST_MIN_WIDTH : 0,
          borderRight: side ? 1 : 0,
          borderColor: 'divider',
        }}
      >
        {props.list}
      </Box>
      {side ? (
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'auto' }}>{props.preview}</Box>
      ) : open && width > 0 ? (
        <Dialog
          open
          onClose={props.onClose}
          fullScreen={phone}
          fullWidth
          maxWidth="md"
          slotProps={{
            paper: { 'aria-label': t('preview.label'), 'data-testid': 'job-preview-dialog' } as object,
          }}
        >
          {props.preview}
        </Dialog>
      ) : null}
    </Box>
  );
}
