import { SNACKBAR_COMPACT_AT } from '@fieldport/contract';
import CloseIcon from '@mui/icons-material/Close';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorLog, NoticeSeverity } from '../../lib/api/notices.ts';

export interface SnackItem {
  id: number;
  text: string;
  subtext?: string;
  severity: NoticeSeverity;
  durationMs: number;
  infoIcon?: boolean;
  ticket?: ErrorLog;
}

const TICK_MS = 100;

/** One snackbar: closes itself when its countdown runs out; hovering or focusing it pauses the countdown. */
function SnackbarItem({
  item,
  compact,
  canTicket,
  onClose,
  onTicket,
}: {
  item: SnackItem;
  compact: boolean;
  canTicket: boolean;
  onClose: (id: number) => void;
  onTicket: (item: SnackItem) => void;
}) {
  const { t } = useTranslation('feedback');
  const [remaining, setRemaining] = useState(item.durationMs);
  const [paused, setPaused] = useState(false);
  const remainingRef = useRef(item.durationMs);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const startLeft = remainingRef.current;
    const timer = setInterval(() => {
      const left = startLeft - (Date.now() - startedAt);
      remainingRef.current = Math.max(0, left);
      if (left <= 0) {
        clearInterval(timer);
        closeRef.current(item.id);
      } else setRemaining(left);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [paused, item.id]);

  const seconds = Math.ceil(remaining / 1000);
  const isError = item.severity === 'error';
  const showSubtext = !compact && !!item.subtext;

  return (
    <Alert
      data-testid="snackbar"
      data-compact={compact ? 'true' : 'false'}
      variant="filled"
      severity={item.severity}
      icon={item.infoIcon ? <InfoOutlined fontSize="inherit" /> : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      action={
        <>
          {isError &&
            canTicket &&
            (compact ? (
              <IconButton
                color="inherit"
                size="small"
                aria-label={t('create_ticket')}
                onClick={() => onTicket(item)}
              >
                <SupportAgentIcon fontSize="small" />
              </IconButton>
            ) : (
              <Button
                color="inherit"
                size="small"
                startIcon={<SupportAgentIcon />}
                onClick={() => onTicket(item)}
              >
                {t('create_ticket')}
              </Button>
            ))}
          <IconButton color="inherit" size="small" aria-label={t('close')} onClick={() => onClose(item.id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
      sx={{
        position: 'relative',
        overflow: 'hidden',
        boxShadow: 6,
        py: compact ? 0 : undefined,
        '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' },
      }}
    >
      {showSubtext ? (
        <>
          <AlertTitle sx={{ mb: 0.25 }}>{item.text}</AlertTitle>
          <Box
            component="span"
            sx={{ whiteSpace: 'pre-line', display: 'block', opacity: 0.9, fontSize: '0.8125rem' }}
          >
            {item.subtext}
          </Box>
        </>
      ) : (
        <Box
          component="span"
          sx={
            compact
              ? { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }
              : { fontWeight: isError ? 500 : undefined }
          }
        >
          {item.text}
        </Box>
      )}
      <LinearProgress
        variant="determinate"
        color="inherit"
        value={(remaining / item.durationMs) * 100}
        aria-label={t('closes_in', { seconds })}
        aria-valuetext={t('closes_in', { seconds })}
        sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 3, opacity: paused ? 0.4 : 0.7 }}
      />
    </Alert>
  );
}

/** The snackbar stack (001 §2.2): newest at the bottom, compact from SNACKBAR_COMPACT_AT items on. */
export function SnackbarStack({
  items,
  canTicket,
  onClose,
  onTicket,
}: {
  items: SnackItem[];
  canTicket: boolean;
  onClose: (id: number) => void;
  onTicket: (item: SnackItem) => void;
}) {
  const { t } = useTranslation('feedback');
  const compact = items.length >= SNACKBAR_COMPACT_AT;
  return (
    <Box
      component="section"
      aria-label={t('notifications')}
      sx={{
        position: 'fixed',
        left: { xs: 8, sm: '50%' },
        right: { xs: 8, sm: 'auto' },
        transform: { sm: 'translateX(-50%)' },
        bottom: { xs: 8, sm: 16 },
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: compact ? 0.5 : 1,
        width: { sm: 440 },
        maxHeight: '80vh',
        overflowY: 'auto',
        pointerEvents: items.length ? 'auto' : 'none',
      }}
    >
      {items.map((item) => (
        <SnackbarItem
          key={item.id}
          item={item}
          compact={compact}
          canTicket={canTicket}
          onClose={onClose}
          onTicket={onTicket}
        />
      ))}
    </Box>
  );
}
