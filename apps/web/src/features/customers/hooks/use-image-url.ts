import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { callApi } from '../../../lib/api/client.ts';

/** An uploaded image (GET /api2/resource/?relativePath) as an object URL; null while loading or without one. */
export function useImageUrl(relativePath: string | null | undefined): {
  url: string | null;
  failed: boolean;
} {
  const q = useQuery({
    queryKey: ['resource', relativePath],
    queryFn: ({ signal }) =>
      callApi('resourceGet', { query: { relativePath: relativePath as string } }, { signal, silent: true }),
    enabled: !!relativePath,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const url = useMemo(() => (q.data instanceof Blob ? URL.createObjectURL(q.data) : null), [q.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, failed: q.isError };
}
