/** The dialog's date field (a local calendar day) and the API's expiry (an instant). */

/** The end of the chosen day, local time, as ISO; null when no day is chosen. */
export function expiryFromDay(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 23, 59, 59).toISOString();
}

/** The local day of an expiry, for the date field; '' when none. */
export function dayOfExpiry(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Today, as the date field's minimum. */
export const today = () => dayOfExpiry(new Date().toISOString());

/** An expiry as people read it: the date, in the visitor's locale. */
export function formatExpiry(iso: string | null, never: string): string {
  return iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : never;
}
