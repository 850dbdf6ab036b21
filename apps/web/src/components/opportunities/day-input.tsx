import type { ControlProps } from '../ui/field.tsx';
import { inputClass } from '../ui/field.tsx';

/**
 * A day for an instant of the API (a follow-up, a last contact): the browser's date picker, the
 * day kept as midnight UTC, the way the board shows days (in UTC, the same for everyone).
 * Emptied, it is null: the date is cleared.
 */
export function DayInput({
  control,
  value,
  onChange,
  onBlur,
}: {
  control: ControlProps;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur: () => void;
}) {
  return (
    <input
      {...control}
      type="date"
      value={value ? new Date(value).toISOString().slice(0, 10) : ''}
      onChange={(event) => onChange(event.target.value === '' ? null : `${event.target.value}T00:00:00.000Z`)}
      onBlur={onBlur}
      className={inputClass}
    />
  );
}
