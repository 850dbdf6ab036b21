import { maxMovementsPerBatch } from '@comptoir/core/schemas';
import { Plural, Trans } from '@lingui/react/macro';
import type { CsvFile } from './csv.ts';

/** Why a file cannot be previewed at all, in words. */
export function FileProblem({ file }: { file: Exclude<CsvFile, { kind: 'rows' }> }) {
  const max = maxMovementsPerBatch;
  const missing = file.kind === 'missingColumns' ? file.missing.join(', ') : '';
  const count = file.kind === 'tooManyRows' ? file.count : 0;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-4 py-3 font-medium text-red-800">
      {file.kind === 'empty' ? (
        <Trans>
          Ce fichier ne contient aucun mouvement : une ligne d’en-tête, puis un mouvement par ligne.
        </Trans>
      ) : file.kind === 'missingColumns' ? (
        <Trans>Il manque au fichier les colonnes : {missing}.</Trans>
      ) : (
        <Trans>
          Ce fichier compte <Plural value={count} one="# mouvement" other="# mouvements" /> : un envoi en
          prend {max} au plus. Scindez-le en plusieurs fichiers.
        </Trans>
      )}
    </p>
  );
}
