import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';

/**
 * MUI's Tooltip, shown open next to an element it does not wrap: LazyTooltip keeps the element as it
 * is and decides when the tip shows; this chunk (Tooltip with Popper.js) loads at the first hover.
 */
export default function TooltipPopup(props: {
  anchor: HTMLElement;
  title: TooltipProps['title'];
  placement?: TooltipProps['placement'];
}) {
  const { anchor, title, placement } = props;
  return (
    <Tooltip
      open
      title={title}
      placement={placement}
      disableHoverListener
      disableFocusListener
      disableTouchListener
      slotProps={{ popper: { anchorEl: anchor } }}
    >
      <span hidden />
    </Tooltip>
  );
}
