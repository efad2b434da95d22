import Box from '@mui/material/Box';

/**
 * A link shown only while it has the focus, that takes the keyboard past what comes before a page's
 * part (the menu, a toolbar) straight to it: `target` is the element's id, focused on activation.
 */
export function SkipLink(props: { target: string; children: string }) {
  return (
    <Box
      component="a"
      href={`#${props.target}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(props.target)?.focus();
      }}
      sx={{
        position: 'fixed',
        zIndex: 'tooltip',
        left: 8,
        top: -48,
        p: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        '&:focus': { top: 8 },
      }}
    >
      {props.children}
    </Box>
  );
}
