import type { DocumentModel } from '../model.ts';
import { addressLines, formatMoney, formatPercent } from './format.ts';
import { COLOR, CONTENT_WIDTH, column, type Flow, FONT, MARGIN } from './layout.ts';
import {
  creditedInvoice,
  deliveryDate,
  operationCategory,
  paymentMentions,
  quoteValidity,
  sellerRegistration,
  VAT_ON_DEBITS,
  vatMentions,
} from './mentions.ts';

// The blocks of the first page and those after the lines table. Each draws at the flow's
// cursor and leaves it below what it drew.

const HALF = (CONTENT_WIDTH - 24) / 2;
const RIGHT_X = MARGIN + HALF + 24;

export function drawParties(flow: Flow, model: DocumentModel): void {
  const { doc } = flow;
  const { seller, buyer } = model;
  const sellerLines = [
    { text: 'Émetteur', muted: true, size: 8 },
    { text: seller.legalName, bold: true, size: 10 },
    ...addressLines(seller.address).map((text) => ({ text })),
    ...(seller.siren ? [{ text: `SIREN : ${seller.siren}` }] : []),
    ...(seller.siret ? [{ text: `SIRET : ${seller.siret}` }] : []),
    ...(seller.vatNumber ? [{ text: `N° TVA intracommunautaire : ${seller.vatNumber}` }] : []),
    ...sellerRegistration(seller, model.currency).map((text) => ({ text })),
  ];
  const buyerLines = [
    { text: 'Client', muted: true, size: 8 },
    ...(buyer.company
      ? [
          { text: buyer.company, bold: true, size: 10 },
          { text: buyer.name, size: 9 },
        ]
      : [{ text: buyer.name, bold: true, size: 10 }]),
    ...addressLines(buyer.address).map((text) => ({ text })),
    ...(buyer.siren ? [{ text: `SIREN : ${buyer.siren}` }] : []),
    ...(buyer.vatNumber ? [{ text: `N° TVA intracommunautaire : ${buyer.vatNumber}` }] : []),
  ];
  const sellerBottom = column(doc, sellerLines, MARGIN, flow.y, HALF);
  const buyerBottom = column(doc, buyerLines, RIGHT_X, flow.y, HALF);
  flow.y = Math.max(sellerBottom, buyerBottom) + 10;

  if (model.deliveryAddress) {
    const lines = model.deliveryAddress.split('\n').filter((line) => line.trim() !== '');
    flow.y = column(
      doc,
      [{ text: 'Adresse de livraison', muted: true, size: 8 }, ...lines.map((text) => ({ text }))],
      RIGHT_X,
      flow.y,
      HALF,
    );
    flow.y += 8;
  }
}

/** Subject, credited invoice, validity, operation category, delivery date, VAT-on-debits option. */
export function drawReferences(flow: Flow, model: DocumentModel): void {
  flow.paragraph(`Objet : ${model.title}`, { bold: true, size: 10, gap: 4 });
  for (const text of [
    creditedInvoice(model),
    quoteValidity(model),
    operationCategory(model),
    deliveryDate(model),
  ]) {
    if (text) flow.paragraph(text);
  }
  if (model.seller.vatOnDebits) flow.paragraph(VAT_ON_DEBITS);
  flow.y += 8;
}

export function drawTotals(flow: Flow, model: DocumentModel): void {
  const { doc } = flow;
  const { totals, currency } = model;
  const money = (value: number) => formatMoney(value, currency);
  const rows: { label: string; value: string; bold?: boolean }[] = [
    {
      label: totals.discountAmount > 0 ? 'Total HT avant remise' : 'Total HT',
      value: money(totals.subtotal),
    },
  ];
  if (totals.discountAmount > 0) {
    const label = model.discountPercent > 0 ? `Remise ${formatPercent(model.discountPercent)}` : 'Remise';
    rows.push({ label, value: `-${money(totals.discountAmount)}` });
  }
  // Under reverse charge no VAT is invoiced at any rate: the buyer accounts for it.
  if (model.reverseCharge) {
    rows.push({ label: 'TVA (autoliquidation)', value: money(totals.taxTotal) });
  } else {
    for (const tax of totals.taxes) {
      rows.push({ label: `TVA ${formatPercent(tax.rate)} sur ${money(tax.base)}`, value: money(tax.amount) });
    }
    rows.push({ label: 'Total TVA', value: money(totals.taxTotal) });
  }
  rows.push({ label: 'Total TTC', value: money(totals.total), bold: true });
  if (model.kind === 'invoice') {
    rows.push({ label: 'Déjà réglé', value: money(totals.paid) });
    rows.push({ label: 'Net à payer', value: money(totals.balance), bold: true });
  }

  const rowHeight = 15;
  flow.ensure(rows.length * rowHeight + 10);
  const labelWidth = HALF - 80;
  flow.y += 4;
  for (const row of rows) {
    if (row.bold) doc.rect(RIGHT_X - 6, flow.y - 3, HALF + 6, rowHeight).fill(COLOR.fill);
    doc
      .font(row.bold ? FONT.bold : FONT.regular)
      .fontSize(9)
      .fillColor(COLOR.text);
    doc.text(row.label, RIGHT_X, flow.y, { width: labelWidth, lineBreak: false });
    doc.text(row.value, RIGHT_X + labelWidth, flow.y, { width: 80, align: 'right', lineBreak: false });
    flow.y += rowHeight;
  }
  flow.y += 10;
}

export function drawMentions(flow: Flow, model: DocumentModel): void {
  for (const mention of vatMentions(model)) flow.paragraph(mention, { bold: true });
  if (model.kind !== 'quote') {
    flow.y += 4;
    for (const mention of paymentMentions(model)) flow.paragraph(mention, { size: 8.5 });
  }
}

/** The quote's acceptance block: "Bon pour accord", a date line and a signature box. */
export function drawAcceptance(flow: Flow): void {
  const { doc } = flow;
  const height = 110;
  flow.ensure(height + 10);
  const top = flow.y + 10;
  doc.rect(RIGHT_X - 6, top, HALF + 6, height).stroke(COLOR.rule);
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.text)
    .text('Bon pour accord', RIGHT_X, top + 8, { width: HALF - 6 });
  doc.font(FONT.regular).fontSize(8.5);
  doc.text('Date : ____ / ____ / ________', RIGHT_X, top + 28, { width: HALF - 6 });
  doc.text('Signature, précédée de la mention « Bon pour accord » :', RIGHT_X, top + 46, { width: HALF - 6 });
  flow.y = top + height + 10;
}
