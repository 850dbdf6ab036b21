import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Field, inputClass } from './field.tsx';

export interface PickerOption {
  id: string;
  label: string;
  /** A second line: an e-mail, a company, a SIRET. */
  detail?: string | undefined;
}

/** How long typing must pause before the server is asked: one request per word, not per key. */
const settleMs = 250;

/**
 * Picks one record among many by searching the server (a company, a contact): an ARIA 1.2
 * combobox over a listbox. Typing asks `onSearch` (once typing pauses) and opens the list;
 * the arrows move in it, Enter picks, Escape closes it (not the dialog around it) and puts the
 * picked record's name back. `options` are the latest answer; `searching` while they are not
 * yet the answer to the last search asked (an earlier one's, kept on screen by the query).
 */
export function SearchPicker({
  label,
  hint,
  error,
  selected,
  onSelect,
  options,
  searching,
  onSearch,
  disabled = false,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  selected: PickerOption | null;
  onSelect: (option: PickerOption | null) => void;
  options: PickerOption[];
  searching: boolean;
  onSearch: (text: string) => void;
  disabled?: boolean | undefined;
}) {
  const { t } = useLingui();
  const listId = useId();
  const [text, setText] = useState(selected?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const selectedLabel = selected?.label ?? '';
  useEffect(() => setText(selectedLabel), [selectedLabel]);
  const wanted = text === selectedLabel ? '' : text.trim();
  const [asked, setAsked] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => {
      setAsked(wanted);
      onSearch(wanted);
    }, settleMs);
    return () => clearTimeout(timer);
  }, [wanted, onSearch]);
  // Until the answer for what is typed is in, the options are another search's: none is offered.
  const stale = searching || asked !== wanted;
  const shown = stale ? [] : options;
  const optionId = (index: number) => `${listId}-${index}`;
  const close = () => {
    setOpen(false);
    setActive(-1);
    setText(selectedLabel);
  };
  const choose = (option: PickerOption) => {
    onSelect(option);
    setText(option.label);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (shown.length === 0 ? -1 : (current + step + shown.length) % shown.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = shown[active];
      if (option !== undefined) choose(option);
    } else if (event.key === 'Escape' && open) {
      // The list closes; the dialog around the picker stays open.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };
  const expanded = open && !disabled;
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="relative flex flex-col gap-1">
          <div className="flex gap-2">
            <input
              {...control}
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              disabled={disabled}
              value={text}
              placeholder={t`Rechercher…`}
              onChange={(event) => {
                setText(event.target.value);
                setOpen(true);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
              onBlur={close}
              className={inputClass}
            />
            {selected !== null && !disabled && (
              <button
                type="button"
                onClick={() => onSelect(null)}
                className="shrink-0 rounded-md border border-slate-300 px-3 text-sm hover:bg-slate-100"
              >
                <Trans>Retirer</Trans>
                <span className="sr-only"> {selected.label}</span>
              </button>
            )}
          </div>
          <div
            id={listId}
            role="listbox"
            aria-label={label}
            hidden={!expanded || shown.length === 0}
            className="absolute top-full z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          >
            {shown.map((option, index) => (
              // The input keeps the focus (aria-activedescendant): a press on an option must not blur it,
              // and the input's arrows and Enter pick options from the keyboard.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys.
              // biome-ignore lint/a11y/useFocusableInteractive: options are never focused (aria-activedescendant).
              <div
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className={`cursor-pointer rounded px-3 py-2 ${index === active ? 'bg-slate-200' : 'hover:bg-slate-100'}`}
              >
                <span className="block">{option.label}</span>
                {option.detail !== undefined && (
                  <span className="block text-sm text-slate-600">{option.detail}</span>
                )}
              </div>
            ))}
          </div>
          <p role="status" className="text-sm text-slate-600">
            {expanded && stale && <Trans>Recherche…</Trans>}
            {expanded && !stale && shown.length === 0 && <Trans>Aucun résultat.</Trans>}
          </p>
        </div>
      )}
    </Field>
  );
}
