/** An optional text field: what is typed, or null when it is left empty (the schemas' "none"). */
export const optionalText = {
  setValueAs: (typed: unknown) => (typeof typed === 'string' && typed.trim() === '' ? null : typed),
};

/** A due date typed as a day (`YYYY-MM-DD`) and sent as the end of that day in UTC, as the API wants an instant. */
export function dayToInstant(day: string): string | null {
  return day === '' ? null : `${day}T23:59:59Z`;
}

/** The day an instant falls on in UTC, for a date input. */
export function instantToDay(instant: string | null | undefined): string {
  return instant == null ? '' : instant.slice(0, 10);
}
