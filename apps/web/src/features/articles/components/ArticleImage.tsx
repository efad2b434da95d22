import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api/client.ts';

/** The article's stored image (GET /api2/resource/, signed in), shown while the page shows it. */
export function ArticleImage(props: { path: string; alt: string }) {
  const image = useQuery({
    queryKey: ['articles', 'image', props.path],
    queryFn: ({ signal }) =>
      callApi('resourceGet', { query: { relativePath: props.path } }, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const url = URL.createObjectURL(image.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [image.data]);
  return src ? <Box component="img" src={src} alt={props.alt} sx={{ maxHeight: 120, mb: 2 }} /> : null;
}
