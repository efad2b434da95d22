import type { Appointment, AppointmentChangeInput, AppointmentCreateInput } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api/client.ts';
import { plannerKeys } from '../../api.ts';

/** The dialog's reads; a saved or deleted appointment marks the planner's ranges and the jobs stale. */
const dialogKeys = {
  appointment: (id: number) => ['planner', 'appointment', id] as const,
  job: (id: number) => ['planner', 'job', id] as const,
  bookable: ['planner', 'bookable'] as const,
};

/** One appointment with its job (Appointment/get/{id}). */
export function useAppointment(id: number | null) {
  return useQuery({
    queryKey: dialogKeys.appointment(id ?? 0),
    enabled: id !== null,
    // Read once per opening (the dialog and its form share it); changes mark ['planner'] stale.
    staleTime: 10_000,
    queryFn: ({ signal }) => callApi('appointmentGet', { params: { id: id! } }, { signal, silent: true }),
  });
}

/** The job an appointment is for: its links, estimate and details (job/{id}). */
export function useDialogJob(id: number | null) {
  return useQuery({
    queryKey: dialogKeys.job(id ?? 0),
    enabled: id !== null && id > 0,
    staleTime: 10_000,
    queryFn: ({ signal }) => callApi('jobGet', { params: { id: id! } }, { signal, silent: true }),
  });
}

/** The users who may take part (Appointment/bookable). */
export function useBookable() {
  return useQuery({
    queryKey: dialogKeys.bookable,
    queryFn: ({ signal }) => callApi('appointmentBookable', {}, { signal }),
    staleTime: 60_000,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: plannerKeys.all });
    void client.invalidateQueries({ queryKey: ['jobs'] });
    void client.invalidateQueries({ queryKey: ['appointments'] });
  };
}

/** Appointment/create or Appointment/change (with the row version read: a stale one is refused). */
export function useSaveAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AppointmentCreateInput | AppointmentChangeInput): Promise<Appointment> =>
      'Id' in body
        ? callApi('appointmentChange', { body: body as AppointmentChangeInput })
        : callApi('appointmentCreate', { body }),
    onSettled: refresh,
  });
}

/** Appointment/delete/{id}. */
export function useDeleteAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callApi('appointmentDelete', { params: { id } }),
    onSettled: refresh,
  });
}
