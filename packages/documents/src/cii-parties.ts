import {
  type COUNTRY_ID_CODES,
  type ComfortProfile,
  ISO6523_CODES,
  PAYMENT_MEANS_CODES,
  SUBJECT_CODES,
} from 'factur-x-kit';
import type { DocumentModel, PostalAddress, Seller } from './model.ts';

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
    taxIdentification: seller.vatNumber === null ? undefined : { vatId: seller.vatNumber },
    otherLegalInformation: sellerLegalInformation(seller, model.currency),
  };
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
    taxIdentification: buyer.vatNumber === null ? undefined : { vatId: buyer.vatNumber },
    // BG-9: the person at a company buyer, and the address the invoice was sent to.
    tradeContact: [{ personName: buyer.company === null ? undefined : buyer.name, email: buyer.email }],
  };
}

/**
 * BG-13: the ship-to party when the delivery address differs. The model holds it as free text
 * (lines separated by newlines) with no country of its own: it is the buyer's (BT-80 is
 * mandatory), the text's lines are BT-75/76/165.
 */
export function deliveryParty(model: DocumentModel): ComfortProfile['delivery'] {
  if (model.deliveryAddress === null || model.deliveryAddress.trim() === '') return undefined;
  return {
    recipient: {
      name: model.buyer.company ?? model.buyer.name,
      postalAddress: {
        ...addressLines(model.deliveryAddress.split(/\r?\n/)),
        country: country(model.buyer.address.countryCode),
      },
    },
  };
}

const percent = (value: number) => value.toLocaleString('fr-FR', { maximumFractionDigits: 4 });

/** The French payment mentions (Code de commerce L441-10), each with its UNTDID 4451 subject. */
export function legalMentions(model: DocumentModel): { subject: SUBJECT_CODES; content: string }[] {
  const penalty =
    model.seller.latePenaltyRate === null
      ? "Pénalités de retard : trois fois le taux d'intérêt légal."
      : `Pénalités de retard : ${percent(model.seller.latePenaltyRate)} % par an.`;
  const mentions = [
    { subject: SUBJECT_CODES.PAYMENT_TERM, content: "Pas d'escompte pour paiement anticipé." },
    { subject: SUBJECT_CODES.PAYMENT_DETAIL_OR_REMITTANCE_INFORMATION, content: penalty },
    {
      subject: SUBJECT_CODES.PAYMENT_INFORMATION,
      content: 'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 EUR.',
    },
  ];
  const tax = [
    model.seller.vatOnDebits ? "Option pour le paiement de la TVA d'après les débits." : null,
    model.reverseCharge ? 'Autoliquidation' : null,
  ].filter((content) => content !== null);
  if (tax.length > 0) mentions.push({ subject: SUBJECT_CODES.TAX_DECLARATION, content: tax.join(' ') });
  return mentions;
}

/** BT-20: the terms in days, then the mentions a payment needs. */
export function paymentTermsText(model: DocumentModel): string {
  const payment = legalMentions(model)
    .filter((mention) => mention.subject !== SUBJECT_CODES.TAX_DECLARATION)
    .map((mention) => mention.content);
  return [`Paiement à ${model.paymentTermsDays} jours.`, ...payment].join(' ');
}

/**
 * BG-16/BG-17: a credit transfer to the seller's IBAN, SEPA (58) in euros, plain (30) in another
 * currency; none when no IBAN is set (BR-61: a transfer needs the account).
 */
export function paymentMeans(model: DocumentModel): ComfortProfile['paymentInformation']['paymentMeans'] {
  const { iban, bic } = model.seller;
  if (iban === null) return undefined;
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
