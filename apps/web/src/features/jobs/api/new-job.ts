import { type Api, DEPARTMENT_LIST_PAGE_SIZE, type RouteOutput } from '@fieldport/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

/**
 * The reads of the New job pages (001 §2.8): the chosen customer with its addresses and contacts, its
 * machines for the machine picker, and the lookups a new job is filled in with. The lookups change
 * seldom (000 §9 refreshes them every 300 s), so they stay fresh for five minutes.
 */
const LOOKUP_STALE_MS = 300_000;
const newJobKeys = {
  customer: (id: number) => ['jobs', 'new', 'customer', id] as const,
  addresses: (id: number) => ['jobs', 'new', 'addresses', id] as const,
  contacts: (id: number) => ['jobs', 'new', 'contacts', id] as const,
  machine: (id: number) => ['jobs', 'new', 'machine', id] as const,
  machines: (customerId: number, search: string) => ['jobs', 'new', 'machines', customerId, search] as const,
  lookup: (name: string) => ['jobs', 'lookups', name] as const,
  article: (number: string) => ['jobs', 'new', 'article', number.toLowerCase()] as const,
};

const enabledId = (id: number | null | undefined): id is number => typeof id === 'number' && id > 0;

export const useNewJobCustomer = (id: number | null) =>
  useQuery({
    queryKey: newJobKeys.customer(id ?? 0),
    enabled: enabledId(id),
    queryFn: ({ signal }) => callApi('customerGet', { query: { id: id! } }, { signal, silent: true }),
  });

export const useCustomerAddresses = (id: number | null) =>
  useQuery({
    queryKey: newJobKeys.addresses(id ?? 0),
    enabled: enabledId(id),
    queryFn: ({ signal }) => callApi('addressList', { params: { id: id! } }, { signal }),
  });

export const useCustomerContacts = (id: number | null) =>
  useQuery({
    queryKey: newJobKeys.contacts(id ?? 0),
    enabled: enabledId(id),
    queryFn: ({ signal }) => callApi('contactList', { params: { id: id! } }, { signal }),
  });

/** One machine (its name on a machine line, its customer when only machineId is given). */
const machineQuery = (id: number) =>
  queryOptions({
    queryKey: newJobKeys.machine(id),
    queryFn: ({ signal }) => callApi('machineGet', { params: { id } }, { signal, silent: true }),
    staleTime: 60_000,
  });

export const useNewJobMachine = (id: number | null) =>
  useQuery({ ...machineQuery(id ?? 0), enabled: enabledId(id) });

/** The customer's active machines for the picker, page by page (Machine/Filtered). */
export const useCustomerMachinePages = (customerId: number, search: string) =>
  usePagedList(newJobKeys.machines(customerId, search), (Page, ItemsPerPage, signal) =>
    callApi(
      'machineFiltered',
      {
        body: {
          CustomerId: customerId,
          IncludeInactive: false,
          Page,
          ItemsPerPage,
          ...(search ? { SearchWord: search } : {}),
        },
      },
      { signal },
    ),
  );

/** An article of the catalogue as the article search answers it. */
export type NewJobArticle = RouteOutput<Api['articleSearch']>[number];

/** Remembers the articles the picker chose, so their names show without asking again. */
export function useRememberArticles() {
  const client = useQueryClient();
  return (articles: readonly NewJobArticle[]) => {
    for (const a of articles) client.setQueryData(newJobKeys.article(a.ArticleNumber), a);
  };
}

/**
 * A chosen article by its number (the address keeps only numbers): the one the picker chose, else the
 * article search's exact match (article/search, which every staff user may call; from three characters).
 * null when the catalogue has no such article.
 */
export const useNewJobArticle = (number: string) =>
  useQuery({
    queryKey: newJobKeys.article(number),
    enabled: number.length >= 3,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const found = await callApi('articleSearch', { query: { q: number } }, { signal, silent: true });
      return found.find((a) => a.ArticleNumber.toLowerCase() === number.toLowerCase()) ?? null;
    },
  });

/**
 * The chosen articles as the new job's first parts (decision 079): one line of each, quantity 1, on
 * the job's first machine job (PUT orderdetail/add/job/{id}), in turn. A refusal shows as every
 * failed call does and the others still go; the answer is the numbers that were not added.
 */
export function useAddNewJobParts() {
  return useMutation({
    mutationFn: async (input: { subJobId: number; articleNumbers: readonly string[] }) => {
      const failed: string[] = [];
      for (const ArticleNumber of input.articleNumbers) {
        try {
          await callApi('orderLineAdd', {
            params: { jobId: input.subJobId },
            body: { ArticleNumber, Quantity: '1' },
          });
        } catch {
          failed.push(ArticleNumber);
        }
      }
      return failed;
    },
  });
}

const lookup = <T>(name: string, read: (signal: AbortSignal) => Promise<T>, enabled = true) =>
  useQuery({
    queryKey: newJobKeys.lookup(name),
    queryFn: ({ signal }) => read(signal),
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });

export const useJobTypes = () => lookup('types', (signal) => callApi('jobTypeList', {}, { signal }));
export const useJobPriorities = () =>
  lookup('priorities', (signal) => callApi('jobPriorityList', {}, { signal }));
/** `enabled`: false for the users who may not read departments (customer users). */
export const useDepartments = (enabled = true) =>
  lookup(
    'departments',
    (signal) =>
      callApi(
        'departmentFiltered',
        { query: { Page: 1, ItemsPerPage: DEPARTMENT_LIST_PAGE_SIZE } },
        { signal },
      ),
    enabled,
  );
export const useWarrantyTypes = () =>
  lookup('warranty-types', (signal) => callApi('warrantyTypeList', {}, { signal }));
export const useRepairPlaces = () =>
  lookup('repair-places', (signal) => callApi('repairPlaceList', {}, { signal }));
export const useJobCategories = () =>
  lookup('job-categories', (signal) => callApi('jobCategoryList', {}, { signal }));
export const useFailureCodes = () =>
  lookup('failure-codes', (signal) => callApi('failureCodeList', {}, { signal }));
