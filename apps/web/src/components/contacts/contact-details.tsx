import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ContactDetail } from './contact-edit-form.tsx';

/** A contact as a member who may not edit it sees it. */
export function ContactDetails({ contact }: { contact: ContactDetail }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      <Row term={<Trans>Nom</Trans>}>{contact.name}</Row>
      <Row term={<Trans>E-mail</Trans>}>{contact.email}</Row>
      <Row term={<Trans>Téléphone</Trans>}>{contact.phone ?? '—'}</Row>
    </dl>
  );
}

function Row({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
