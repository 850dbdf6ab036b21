import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { inputClass } from '../ui/field.tsx';

/**
 * A secret (a key, a signing secret, an invitation link) shown the one time the server gives
 * it: in a read-only field, selected on focus, with a copy button and a warning that it will not
 * be shown again.
 */
export function SecretOnce({ label, value, warning }: { label: string; value: string; warning: ReactNode }) {
  const { t } = useLingui();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-amber-950">{warning}</p>
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClass} font-mono text-sm`}
        />
        <Button variant="secondary" onClick={() => void copy()} aria-label={t`Copier : ${label}`}>
          <Trans>Copier</Trans>
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-slate-700">
        {copied === 'yes' && <Trans>Copié dans le presse-papiers.</Trans>}
        {copied === 'failed' && (
          <Trans>La copie n’a pas pu se faire : sélectionnez le texte et copiez-le vous-même.</Trans>
        )}
      </p>
    </div>
  );
}
