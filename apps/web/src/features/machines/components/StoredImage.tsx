import BrokenImage from '@mui/icons-material/BrokenImage';
import ImageNotSupported from '@mui/icons-material/ImageNotSupported';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl, useStoredImage } from '../api/images.ts';

/** An uploaded image by its relative path; 'No image' without one, 'Failed to load image.' on failure. */
export function StoredImage(props: { path: string | null | undefined; alt: string; maxHeight?: number }) {
  const { t } = useTranslation('machines');
  const image = useStoredImage(props.path);
  const src = useObjectUrl(image.data);
  const placeholder = (icon: ReactNode, text: string) => (
    <Box
      sx={{
        height: 160,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        color: 'text.disabled',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      {icon}
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
  if (!props.path) return placeholder(<ImageNotSupported />, t('common.noImage'));
  if (image.isError) return placeholder(<BrokenImage />, t('common.imageFailed'));
  if (!src) return <Skeleton variant="rectangular" height={160} />;
  return (
    <Box
      component="img"
      src={src}
      alt={props.alt}
      sx={{ maxWidth: '100%', maxHeight: props.maxHeight ?? 320, objectFit: 'contain', display: 'block' }}
    />
  );
}
