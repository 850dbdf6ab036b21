import {
  type COUNTRY_ID_CODES,
  type ComfortProfile,
  EAS_SCHEME_CODES,
  ISO6523_CODES,
  PAYMENT_MEANS_CODES,
  SUBJECT_CODES,
} from 'factur-x-kit';
import { shownDeliveryDate } from './dates.ts';
import type { DocumentModel, PostalAddress, Seller } from './model.ts';
import {
  asksForPayment,
  legalPaymentMentions,
  type PaymentMentionSubject,
  paymentTerms,
} from './payment-terms.ts';

// The parties, the payment terms and the legal mentions of the CII (EN 16931 BG-1, BG-4, BG-7,
// BG-13, BG-16, BT-20), mapped from the document model.

type Address = ComfortProfile['seller']['postalAddress'];

const country = (code: string) => code.toUpperCase() as COUNTRY_ID_CODES;

/** BT-35/36/162: the model has 1 to 3 lines; anything beyond the third is joined into it. */
function addressLines(
  lines: readonly string[],
): Pick<Address, 'addressLineOne' | 'addressLineTwo' | 'addressLineThree'> {
  const [one, two, ...rest] = lines.map((line) => line.trim()).filter((line) => line !== '');
  return {
    addressLineOne: one,
    addressLineTwo: two,
    addressLineThree: rest.length > 0 ? rest.join(', ') : undefined,
  };
}

function postalAddress(address: PostalAddress): Address {
  return {
    ...addressLines(address.lines),
    postcode: address.postalCode ?? undefined,
    city: address.city ?? undefined,
    country: country(address.countryCode),
  };
}

/** A whole number with French digit grouping ("10 000"), plain spaces. */
const grouped = (value: number) =>
  value.toLocaleString('fr-FR', { maximumFractionDigits: 2 }).replace(/\s/g, ' ');

/** BT-33: "SAS au capital de 10 000 EUR - RCS Lyon 732 829 320" (what is set of it). */
export function sellerLegalInformation(seller: Seller, currency: string): string | undefined {
  const parts: string[] = [];
  const capital =
    seller.shareCapital === null ? null : `au capital de ${grouped(seller.shareCapital)} ${currency}`;
  const form = [seller.legalForm, capital].filter((part) => part !== null).join(' ');
  if (form !== '') parts.push(form);
  if (seller.rcsCity !== null) {
    parts.push(
      ['RCS', seller.rcsCity, seller.siren?.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')].join(' ').trim(),
    );
  }
  return parts.length > 0 ? parts.join(' - ') : undefined;
}

/**
 * BT-31 / BT-48: a party's VAT number, unless the operation is not subject to VAT (O), where
 * EN 16931 wants neither (BR-O-02): the PDF still prints them, as the French mentions ask.
 */
function vatIdentifier(model: DocumentModel, vatNumber: string | null): { vatId: string } | undefined {
  if (vatNumber === null || model.vatExemption?.category === 'O') return undefined;
  return { vatId: vatNumber };
}

export function sellerParty(model: DocumentModel): ComfortProfile['seller'] {
  const { seller } = model;
  return {
    name: seller.legalName,
    // BT-29: the establishment (SIRET, ISO 6523 scheme 0009); BT-30: the company (SIREN, 0002).
    globalId: seller.siret === null ? undefined : [{ id: seller.siret, scheme: ISO6523_CODES.SIRET_CODE }],
    specifiedLegalOrganization:
      seller.siren === null
        ? undefined
        : {
            id: {
              id: seller.siren,
              scheme:
                ISO6523_CODES.System_Information_et_Repertoire_des_Entreprise_et_des_Etablissements_SIRENE,
            },
          },
    postalAddress: postalAddress(seller.address),
    // BT-34: the seller's address on the French network, by its SIREN (BR-FR-13).
    universalCommunicationAddressURI:
      seller.siren === null
        ? undefined
        : { id: seller.siren, scheme: EAS_SCHEME_CODES.FRCTC_ELECTRONIC_ADDRESS },
    taxIdentification: vatIdentifier(model, seller.vatNumber),
    otherLegalInformation: sellerLegalInformation(seller, model.currency),
  };
}

/**
 * BT-49 (BR-FR-12): a company with a SIREN is reached on the French network by it (scheme 0225,
 * the address a French B2B invoice must carry, BR-FR-21); any other buyer (a person, a company
 * abroad) has no address there, and the invoice goes to the e-mail it is sent to (scheme EM).
 */
function buyerElectronicAddress(
  model: DocumentModel,
): ComfortProfile['buyer']['universalCommunicationAddressURI'] {
  const { siren, email } = model.buyer;
  if (siren !== null) return { id: siren, scheme: EAS_SCHEME_CODES.FRCTC_ELECTRONIC_ADDRESS };
  return { id: email, scheme: EAS_SCHEME_CODES.Electronic_mail_SMPT };
}

export function buyerParty(model: DocumentModel): ComfortProfile['buyer'] {
  const { buyer } = model;
  return {
    name: buyer.company ?? buyer.name,
    specifiedLegalOrganization:
      buyer.siren === null
        ? undefined
        : {
            id: {
              id: buyer.siren,
              scheme:
                ISO6523_CODES.System_Information_et_Repertoire_des_Entreprise_et_des_Etablissements_SIRENE,
            },
          },
    postalAddress: postalAddress(buyer.address),
    universalCommunicationAddressURI: buyerElectronicAddress(model),
    taxIdentification: vatIdentifier(model, buyer.vatNumber),
    // BG-9: the person at a company buyer, and the address the invoice was sent to.
    tradeContact: [{ personName: buyer.company === null ? undefined : buyer.name, email: buyer.email }],
  };
}

/**
 * BG-13: the ship-to party when the delivery address differs. The model holds it as free text
 * (lines separated by newlines) with no country of its own: it is the buyer's (BT-80 is
 * mandatory), the text's lines are BT-75/76/165. An intra-community supply names the country
 * the goods go to even when they go to the buyer's address (BR-IC-12): that address, then.
 */
function shipTo(model: DocumentModel): NonNullable<ComfortProfile['delivery']>['recipient'] {
  const name = model.buyer.company ?? model.buyer.name;
  if (model.deliveryAddress !== null && model.deliveryAddress.trim() !== '') {
    return {
      name,
      postalAddress: {
        ...addressLines(model.deliveryAddress.split(/\r?\n/)),
        country: country(model.buyer.address.countryCode),
      },
    };
  }
  return model.vatExemption?.category === 'K'
    ? { name, postalAddress: postalAddress(model.buyer.address) }
    : undefined;
}

/** BG-13: the ship-to party (shipTo) and the actual delivery date (BT-72, shownDeliveryDate). */
export function deliveryParty(model: DocumentModel): ComfortProfile['delivery'] {
  const recipient = shipTo(model);
  const deliveryDate = shownDeliveryDate(model) ?? undefined;
  if (recipient === undefined && deliveryDate === undefined) return undefined;
  return { recipient, deliveryDate };
}

const subjects: Record<PaymentMentionSubject, SUBJECT_CODES> = {
  AAB: SUBJECT_CODES.PAYMENT_TERM,
  PMD: SUBJECT_CODES.PAYMENT_DETAIL_OR_REMITTANCE_INFORMATION,
  PMT: SUBJECT_CODES.PAYMENT_INFORMATION,
};

/** BT-21/BT-22: the legal payment mentions, then the VAT ones (TXD) when any applies. */
export function legalMentions(model: DocumentModel): { subject: SUBJECT_CODES; content: string }[] {
  const mentions = legalPaymentMentions(model).map((mention) => ({
    subject: subjects[mention.subject],
    content: mention.text,
  }));
  const tax = [
    model.seller.vatOnDebits ? "Option pour le paiement de la TVA d'après les débits." : null,
    model.reverseCharge ? 'Autoliquidation' : null,
  ].filter((content) => content !== null);
  if (tax.length > 0) mentions.push({ subject: SUBJECT_CODES.TAX_DECLARATION, content: tax.join(' ') });
  return mentions;
}

/**
 * BT-20, as the PDF prints it: an invoice's terms then the mentions a payment needs; a credit
 * note's statement that nothing is to be paid (the mentions stay in the notes).
 */
export function paymentTermsText(model: DocumentModel): string {
  if (!asksForPayment(model)) return paymentTerms(model);
  return [paymentTerms(model), ...legalPaymentMentions(model).map((mention) => mention.text)].join(' ');
}

/**
 * BG-16/BG-17: a credit transfer to the seller's IBAN, SEPA (58) in euros, plain (30) in another
 * currency; none when no IBAN is set (BR-61: a transfer needs the account) and none on a credit
 * note.
 */
export function paymentMeans(model: DocumentModel): ComfortProfile['paymentInformation']['paymentMeans'] {
  const { iban, bic } = model.seller;
  // A credit note asks for no payment: the seller's account would invite one (issue 32).
  if (iban === null || !asksForPayment(model)) return undefined;
  return [
    {
      paymentType:
        model.currency === 'EUR'
          ? PAYMENT_MEANS_CODES.SEPA_credit_transfer
          : PAYMENT_MEANS_CODES.Credit_transfer,
      payeeBankAccount: { iban: iban.replace(/\s/g, ''), bic: bic ?? undefined },
    },
  ];
}
