import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api/client.ts';

const imageKeys = {
  stored: (path: string) => ['machines', 'image', path] as const,
  qr: (url: string) => ['machines', 'qr-image', url] as const,
};

/** An uploaded image (GET /api2/resource/?relativePath); its failure shows in place, not as a snackbar. */
export function useStoredImage(relativePath: string | null | undefined) {
  return useQuery({
    queryKey: imageKeys.stored(relativePath ?? ''),
    queryFn: ({ signal }) =>
      callApi('resourceGet', { query: { relativePath: relativePath ?? '' } }, { signal, silent: true }),
    enabled: !!relativePath,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** A PNG QR code of a link, made by the server (GET /api2/resource/ConvertUrlToQrCodeImage). */
export function useQrImage(url: string | null | undefined) {
  return useQuery({
    queryKey: imageKeys.qr(url ?? ''),
    queryFn: ({ signal }) =>
      callApi('qrConvertUrlToImage', { query: { url: url ?? '' } }, { signal, silent: true }),
    enabled: !!url,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: 1,
  });
}

/** An object URL for a Blob while the component shows it; revoked afterwards. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
