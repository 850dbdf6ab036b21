import { Trans, useLingui } from '@lingui/react/macro';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { useCan } from '../../session/permissions.ts';
import { trpc } from '../../trpc/client.ts';
import { FormProblem } from '../companies/form-problem.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { useDiscardGuard } from '../ui/discard-guard.tsx';
import { ContactCompany } from './contact-company.tsx';
import { ContactCreateForm } from './contact-create-form.tsx';
import { ContactDetails } from './contact-details.tsx';
import { ContactEditForm } from './contact-edit-form.tsx';

export type ContactSheetState = { mode: 'new'; companyId: string | undefined } | { mode: 'edit'; id: string };

/**
 * The side sheet the URL opens: `?sheet=new` creates a contact (on the company the list is
 * filtered by, `&companyId=`), `?contact=<id>` shows one, with its company. Closing it takes the parameters out
 * of the URL; Back does the same.
 */
export function ContactSheet({ state }: { state: ContactSheetState | undefined }) {
  const navigate = useNavigate({ from: '/$workspaceId/contacts/' });
  const saving =
    useIsMutating({ mutationKey: trpc.contacts.create.mutationKey() }) +
      useIsMutating({ mutationKey: trpc.contacts.update.mutationKey() }) >
    0;
  const close = () =>
    void navigate({
      // companyId stays: it is the list's filter too.
      search: (previous) => ({ ...previous, sheet: undefined, contact: undefined }),
      replace: true,
    });
  const shown = state === undefined ? '' : state.mode === 'new' ? `new ${state.companyId ?? ''}` : state.id;
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
        title={state?.mode === 'edit' ? <Trans>Contact</Trans> : <Trans>Nouveau contact</Trans>}
      >
        {state?.mode === 'new' && (
          <NewContact companyId={state.companyId} done={leave} cancel={requestClose} onDirty={setDirty} />
        )}
        {state?.mode === 'edit' && (
          <ExistingContact id={state.id} done={leave} cancel={requestClose} onDirty={setDirty} />
        )}
      </Dialog>
      {guard}
    </>
  );
}

function SheetSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        {label}
      </p>
      {[1, 2, 3, 4].map((row) => (
        <div key={row} className="h-10 animate-pulse rounded bg-slate-100" />
      ))}
    </div>
  );
}

interface SheetActions {
  done: () => void;
  cancel: () => void;
  onDirty: (dirty: boolean) => void;
}

function NewContact({ companyId, done, cancel, onDirty }: SheetActions & { companyId: string | undefined }) {
  const { t } = useLingui();
  const canWrite = useCan('write:contacts');
  const preset = useQuery({
    ...trpc.companies.get.queryOptions({ id: companyId ?? '' }),
    enabled: companyId !== undefined,
  });
  if (!canWrite)
    return (
      <p className="text-slate-700">
        <Trans>Votre rôle permet de consulter les contacts, pas d’en créer.</Trans>
      </p>
    );
  if (companyId !== undefined && preset.isPending)
    return <SheetSkeleton label={t`Chargement de la société…`} />;
  const company = preset.data === undefined ? null : { id: preset.data.data.id, name: preset.data.data.name };
  return <ContactCreateForm company={company} onDone={done} onCancel={cancel} onDirty={onDirty} />;
}

function ExistingContact({ id, done, cancel, onDirty }: SheetActions & { id: string }) {
  const { t } = useLingui();
  const canWrite = useCan('write:contacts');
  const errorMessage = useErrorMessage();
  const { data, isPending, isError, error } = useQuery(trpc.contacts.get.queryOptions({ id }));
  if (isPending) return <SheetSkeleton label={t`Chargement du contact…`} />;
  if (isError) return <FormProblem>{errorMessage(error)}</FormProblem>;
  const contact = data.data;
  return (
    <>
      {canWrite ? (
        <ContactEditForm
          key={contact.id}
          contact={contact}
          onDone={done}
          onCancel={cancel}
          onDirty={onDirty}
        />
      ) : (
        <ContactDetails contact={contact} />
      )}
      {contact.company !== null && <ContactCompany company={contact.company} />}
    </>
  );
}
