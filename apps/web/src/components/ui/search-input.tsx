import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { inputClass } from './field.tsx';

/** How long typing must pause before the list is asked again: one request per word, not per key. */
const settleMs = 250;

/**
 * Search as you type, kept in the URL (`?q=`, back to page 1): what is typed shows at once, the
 * URL (and so the query) follows once typing pauses.
 */
export function SearchInput({ value, label }: { value: string | undefined; label: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const id = useId();
  const [typed, setTyped] = useState(value ?? '');
  // What this input last put in the URL: the URL catching up with it (once the list has loaded)
  // must not undo what was typed meanwhile; any other change of `q` (Back, a link) is shown.
  const sent = useRef(value);
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setTyped(value ?? '');
  }, [value]);
  useEffect(() => {
    const wanted = typed.trim() === '' ? undefined : typed;
    if (wanted === value) return;
    const timer = setTimeout(() => {
      sent.current = wanted;
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, q: wanted, page: undefined }),
        replace: true,
      });
    }, settleMs);
    return () => clearTimeout(timer);
  }, [typed, value, navigate]);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={typed}
        placeholder={t`Rechercher…`}
        onChange={(event) => setTyped(event.target.value)}
        className={`${inputClass} w-64`}
      />
    </div>
  );
}
