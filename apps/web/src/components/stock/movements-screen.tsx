import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { useCan } from '../../session/permissions.ts';
import { trpc } from '../../trpc/client.ts';
import { useInvalidateProducts } from '../products/invalidate.ts';
import { Button } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { type BatchOutcome, outcomeOf, refusedBatchOf } from './batch-outcome.ts';
import { BatchResult } from './batch-result.tsx';
import { type CsvFile, parseMovementsCsv } from './csv.ts';
import { CsvHelp } from './csv-help.tsx';
import { FilePicker } from './file-picker.tsx';
import { FileProblem } from './file-problem.tsx';
import { PreviewTable } from './preview-table.tsx';

/**
 * Stock movements from a CSV file: read in the browser, previewed with each row checked by the
 * batch's own schema, then sent as one `stockMovements.applyBatch` and answered row by row.
 */
export function MovementsScreen() {
  const { t } = useLingui();
  const canWrite = useCan('write:products');
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateProducts();
  const [fileName, setFileName] = useState<string>();
  const [file, setFile] = useState<CsvFile>();
  const [outcome, setOutcome] = useState<BatchOutcome>();
  const [problem, setProblem] = useState<string>();
  const apply = useMutation(trpc.stockMovements.applyBatch.mutationOptions());
  const rows = file?.kind === 'rows' ? file.rows : [];
  const ready = rows.filter((row) => row.issues.length === 0);
  const readyCount = ready.length;

  const read = async (chosen: File) => {
    setOutcome(undefined);
    setProblem(undefined);
    setFileName(chosen.name);
    setFile(parseMovementsCsv(await chosen.text()));
  };
  const send = () => {
    setProblem(undefined);
    const sent = ready;
    apply.mutate(
      { movements: sent.map((row) => row.movement) },
      {
        onSuccess: async ({ data }) => {
          setOutcome(outcomeOf(data, sent));
          await invalidate();
        },
        onError: (error) => {
          const refused = refusedBatchOf(error);
          if (refused === undefined) setProblem(errorMessage(error));
          else setOutcome(outcomeOf(refused, sent));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <Link
        from="/$workspaceId/products/movements"
        to=".."
        className="self-start text-brand-800 underline underline-offset-2"
      >
        <Trans>← Produits</Trans>
      </Link>
      <PageHeader
        title={<Trans>Mouvements de stock par fichier</Trans>}
        documentTitle={t`Mouvements de stock · Comptoir`}
      >
        <p className="text-slate-700">
          <Trans>Entrées et sorties en nombre : livraisons, ventes en boutique, casse, retours.</Trans>
        </p>
      </PageHeader>
      {!canWrite ? (
        <EmptyState title={<Trans>Votre rôle ne permet pas de modifier le stock</Trans>}>
          <p className="text-slate-700">
            <Trans>
              Demandez à un propriétaire de l’espace ou à un membre « stock » d’envoyer ce fichier.
            </Trans>
          </p>
        </EmptyState>
      ) : (
        <>
          <CsvHelp />
          <FilePicker fileName={fileName} onFile={(chosen) => void read(chosen)} />
          {file !== undefined && file.kind !== 'rows' && <FileProblem file={file} />}
          {outcome === undefined && rows.length > 0 && (
            <>
              <PreviewTable rows={rows} />
              {problem !== undefined && (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">
                  {problem}
                </p>
              )}
              <Button
                className="self-start"
                pending={apply.isPending}
                disabled={ready.length === 0}
                onClick={send}
              >
                <Plural
                  value={readyCount}
                  _0="Aucun mouvement à appliquer"
                  one="Appliquer # mouvement"
                  other="Appliquer # mouvements"
                />
              </Button>
            </>
          )}
          {outcome !== undefined && <BatchResult outcome={outcome} rows={rows} />}
        </>
      )}
    </div>
  );
}
