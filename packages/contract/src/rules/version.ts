/** Build is the number of days since 2000-01-01 and is shown as the patch date (001 §3). */
export function buildFromDate(date: Date): number {
  return Math.floor(
    (Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - Date.UTC(2000, 0, 1)) /
      86_400_000,
  );
}
export function patchDateOf(build: number): string {
  return new Date(Date.UTC(2000, 0, 1) + build * 86_400_000).toISOString().slice(0, 10);
}
