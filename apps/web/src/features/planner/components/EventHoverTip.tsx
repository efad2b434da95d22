import Box from '@mui/material/Box';
import Popper from '@mui/material/Popper';
import { alpha } from '@mui/material/styles';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** 000 §2: an event's tooltip shows after 500 ms. */
const DELAY = 500;

/** Where the timeline's events tell the tooltip that the pointer or the focus came (an element) or left (null). */
export type HoverCue = (eventKey: string, at: HTMLElement | null) => void;

/**
 * The timeline's one tooltip: shown 500 ms after the pointer or the keyboard focus comes to an event,
 * its content made (and the job loaded) only then. One for the whole grid rather than one per event:
 * each MUI Tooltip cost every event its own hooks and handlers on the first paint (decision 043).
 */
export function EventHoverTip(props: { cue: RefObject<HoverCue>; content(eventKey: string): ReactNode }) {
  const [tip, setTip] = useState<{ key: string; at: HTMLElement } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { cue } = props;
  useEffect(() => {
    cue.current = (key, at) => {
      clearTimeout(timer.current);
      if (!at) setTip(null);
      else timer.current = setTimeout(() => setTip({ key, at }), DELAY);
    };
    return () => {
      clearTimeout(timer.current);
      cue.current = () => {};
    };
  }, [cue]);
  if (!tip?.at.isConnected) return null;
  return (
    <Popper open anchorEl={tip.at} placement="top" sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}>
      <Box
        role="tooltip"
        sx={(theme) => ({
          bgcolor: alpha(theme.palette.grey[800], 0.95),
          color: 'common.white',
          borderRadius: 1,
          px: 1,
          py: 0.5,
          m: 0.5,
          maxWidth: 300,
          fontSize: 12,
          lineHeight: 1.4,
        })}
      >
        {props.content(tip.key)}
      </Box>
    </Popper>
  );
}
