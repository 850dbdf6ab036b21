import { Trans, useLingui } from '@lingui/react/macro';
import { SecretOnce } from '../secret-once.tsx';

/** An endpoint's signing secret, as creation and rotation give it: once. */
export function SigningSecret({ secret }: { secret: string }) {
  const { t } = useLingui();
  return (
    <SecretOnce
      label={t`Secret de signature`}
      value={secret}
      warning={
        <Trans>
          Copiez ce secret maintenant : il ne sera plus affiché. Votre serveur s’en sert pour vérifier que
          chaque envoi vient de Comptoir (en-tête <code>webhook-signature</code>).
        </Trans>
      }
    />
  );
}
