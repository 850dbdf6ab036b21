import { Trans, useLingui } from '@lingui/react/macro';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { useCan } from '../../session/permissions.ts';
import { trpc } from '../../trpc/client.ts';
import { FormProblem } from '../companies/form-problem.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { ContactCompany } from './contact-company.tsx';
import { ContactCreateForm } from './contact-create-form.tsx';
import { ContactDetails } from './contact-details.tsx';
import { ContactEditForm } from './contact-edit-form.tsx';

export type ContactSheetState = { mode: 'new'; companyId: string | undefined } | { mode: 'edit'; id: string };

/**
 * The side sheet the URL opens: `?sheet=new` creates a contact (`&companyId=` starts it on a
 * company), `?contact=<id>` shows one, with its company. Closing it takes the parameters out
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
      search: (previous) => ({ ...previous, sheet: undefined, companyId: undefined, contact: undefined }),
      replace: true,
    });
  return (
    <Dialog
      open={state !== undefined}
      onClose={close}
      size="sheet"
      busy={saving}
      title={state?.mode === 'edit' ? <Trans>Contact</Trans> : <Trans>Nouveau contact</Trans>}
    >
      {state?.mode === 'new' && <NewContact companyId={state.companyId} close={close} />}
      {state?.mode === 'edit' && <ExistingContact id={state.id} close={close} />}
    </Dialog>
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

function NewContact({ companyId, close }: { companyId: string | undefined; close: () => void }) {
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
  return <ContactCreateForm company={company} onDone={close} onCancel={close} />;
}

function ExistingContact({ id, close }: { id: string; close: () => void }) {
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
        <ContactEditForm key={contact.id} contact={contact} onDone={close} onCancel={close} />
      ) : (
        <ContactDetails contact={contact} />
      )}
      {contact.company !== null && <ContactCompany company={contact.company} />}
    </>
  );
}
