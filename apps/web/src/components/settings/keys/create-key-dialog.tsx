import type { CreatedKey } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../../trpc/client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SecretOnce } from '../secret-once.tsx';
import { KeyForm } from './key-form.tsx';

/** Makes a key: its form, then the key itself, shown this once. */
export function CreateKeyDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedKey | undefined>();
  // While the key is being made, the dialog stays: its answer is the only time the key is shown.
  const busy = useIsMutating({ mutationKey: trpc.keys.create.mutationKey() }) > 0;
  const close = () => {
    setOpen(false);
    setCreated(undefined);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Trans>Créer une clé</Trans>
      </Button>
      <Dialog
        open={open}
        onClose={close}
        busy={busy}
        size="lg"
        title={created ? t`Clé créée` : t`Créer une clé d’API`}
      >
        {created === undefined ? (
          <KeyForm onCreated={setCreated} onCancel={close} />
        ) : (
          <>
            <SecretOnce
              label={t`Clé d’API`}
              value={created.key}
              warning={
                <Trans>
                  Copiez cette clé maintenant et gardez-la en lieu sûr : elle ne sera plus jamais affichée.
                  Qui la détient agit dans l’espace avec ses autorisations.
                </Trans>
              }
            />
            <p className="text-sm text-slate-700">
              <Trans>
                Envoyez-la dans l’en-tête <code>Authorization: Bearer …</code> de chaque requête à l’API.
              </Trans>
            </p>
            <div className="flex justify-end">
              <Button onClick={close}>
                <Trans>J’ai copié la clé</Trans>
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
