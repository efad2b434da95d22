/** A job's number and name as every screen shows it (000 §5): 'order id – name', the name without one. */
export const jobTitle = (job: { OrderId: string | null; DisplayName: string }) =>
  job.OrderId ? `${job.OrderId} – ${job.DisplayName}` : job.DisplayName;
