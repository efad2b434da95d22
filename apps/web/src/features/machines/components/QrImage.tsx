import BrokenImage from '@mui/icons-material/BrokenImage';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useObjectUrl, useQrImage } from '../api/images.ts';

/** The server-made QR code image of a link, a square of `size` pixels. */
export function QrImage(props: { link: string | null | undefined; code: string; size?: number | string }) {
  const { t } = useTranslation('machines');
  const image = useQrImage(props.link);
  const src = useObjectUrl(image.data);
  const size = props.size ?? 160;
  if (image.isError)
    return (
      <Box
        role="img"
        aria-label={t('common.imageFailed')}
        sx={{
          width: size,
          height: size,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'text.disabled',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <BrokenImage />
        <Typography variant="caption">{t('common.imageFailed')}</Typography>
      </Box>
    );
  if (!src)
    return <Skeleton variant="rectangular" width={size} height={size} aria-label={t('common.loading')} />;
  return (
    <Box
      component="img"
      src={src}
      alt={t('qr.imageAlt', { code: props.code })}
      sx={{ width: size, height: size, display: 'block', imageRendering: 'pixelated' }}
    />
  );
}
