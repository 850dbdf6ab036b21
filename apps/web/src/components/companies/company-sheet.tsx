import { Trans, useLingui } from '@lingui/react/macro';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { useCan } from '../../session/permissions.ts';
import { trpc } from '../../trpc/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { useDiscardGuard } from '../ui/discard-guard.tsx';
import { CompanyContacts } from './company-contacts.tsx';
import { CompanyCreateForm } from './company-create-form.tsx';
import { CompanyDetails } from './company-details.tsx';
import { CompanyEditForm } from './company-edit-form.tsx';
import { CompanyFacts } from './company-facts.tsx';
import { FormProblem } from './form-problem.tsx';

export type CompanySheetState = { mode: 'new' } | { mode: 'edit'; id: string };

/**
 * The side sheet the URL opens: `?sheet=new` creates a company, `?company=<id>` shows one (its
 * form for a member who may edit it, its fields otherwise) with its contacts. Closing it takes
 * the parameter out of the URL; Back does the same.
 */
export function CompanySheet({ state }: { state: CompanySheetState | undefined }) {
  const navigate = useNavigate({ from: '/$workspaceId/companies/' });
  const saving =
    useIsMutating({ mutationKey: trpc.companies.create.mutationKey() }) +
      useIsMutating({ mutationKey: trpc.companies.update.mutationKey() }) >
    0;
  const close = () =>
    void navigate({
      search: (previous) => ({ ...previous, sheet: undefined, company: undefined }),
      replace: true,
    });
  const shown = state === undefined ? '' : state.mode === 'new' ? 'new' : state.id;
  const { setDirty, requestClose, leave, guard } = useDiscardGuard(close, shown);
  // The guard is the sheet's sibling, not its child: a React event (Escape's cancel) would
  // otherwise bubble from the question to the sheet, which would ask again.
  return (
    <>
      <Dialog
        open={state !== undefined}
        onClose={requestClose}
        size="sheet"
        busy={saving}
        title={state?.mode === 'edit' ? <Trans>Société</Trans> : <Trans>Nouvelle société</Trans>}
      >
        {state?.mode === 'new' && <NewCompany done={leave} cancel={requestClose} onDirty={setDirty} />}
        {state?.mode === 'edit' && (
          <ExistingCompany id={state.id} done={leave} cancel={requestClose} onDirty={setDirty} />
        )}
      </Dialog>
      {guard}
    </>
  );
}

interface SheetActions {
  done: () => void;
  cancel: () => void;
  onDirty: (dirty: boolean) => void;
}

function NewCompany({ done, cancel, onDirty }: SheetActions) {
  const canWrite = useCan('write:contacts');
  if (!canWrite)
    return (
      <p className="text-slate-700">
        <Trans>Votre rôle permet de consulter les sociétés, pas d’en créer.</Trans>
      </p>
    );
  return <CompanyCreateForm onDone={done} onCancel={cancel} onDirty={onDirty} />;
}

function ExistingCompany({ id, done, cancel, onDirty }: SheetActions & { id: string }) {
  const { t } = useLingui();
  const canWrite = useCan('write:contacts');
  const errorMessage = useErrorMessage();
  const { data, isPending, isError, error } = useQuery(trpc.companies.get.queryOptions({ id }));
  if (isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <p role="status" className="sr-only">
          {t`Chargement de la société…`}
        </p>
        {[1, 2, 3, 4].map((row) => (
          <div key={row} className="h-10 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    );
  if (isError) return <FormProblem>{errorMessage(error)}</FormProblem>;
  const company = data.data;
  return (
    <>
      {canWrite ? (
        <>
          <CompanyFacts company={company} />
          <CompanyEditForm
            key={company.id}
            company={company}
            onDone={done}
            onCancel={cancel}
            onDirty={onDirty}
          />
        </>
      ) : (
        <CompanyDetails company={company} />
      )}
      <CompanyContacts company={company} canWrite={canWrite} />
    </>
  );
}
