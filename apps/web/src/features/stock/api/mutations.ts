import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { stockKeys } from './stock.ts';

/**
 * The stock writes, one hook each (decision 020); each reads every stock answer again afterwards (the
 * live article event does the same for the other screens). Silent: the form shows the refusal.
 */
function useReadAgain() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: stockKeys.all });
}

export function useMoveStock() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (body: {
      FromStoreId: number;
      ToStoreId: number;
      ArticleId: number;
      Quantity: string;
      Comment: string;
    }) => callApi('storeMoveStock', { body }, { notify: true, silent: true }),
    onSuccess,
  });
}

export function useReceiveStock() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (body: { StoreId: number; ArticleId: number; Quantity: string; Comment: string }) =>
      callApi('storeReceiveStock', { body }, { notify: true, silent: true }),
    onSuccess,
  });
}

export function useCountStore() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (body: {
      StoreId: number;
      Lines: { ArticleId: number; Counted: string }[];
      Comment: string;
    }) => callApi('inventoryCount', { body }, { notify: true, silent: true }),
    onSuccess,
  });
}
