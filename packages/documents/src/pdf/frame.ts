import type { DocumentModel } from '../model.ts';
import { formatDate } from './format.ts';
import { COLOR, CONTENT_WIDTH, FONT, FOOTER_TOP, MARGIN, PAGE } from './layout.ts';
import { documentHeading, draftBanner, sellerRegistration } from './mentions.ts';

// What every page carries: the header (seller, document, date), the draft mark, the footer
// with the seller's registration and "Page n / N".

/** Drawn when a page is added, under the content: a draft can never pass for an invoice. */
export function drawWatermark(doc: PDFKit.PDFDocument, model: DocumentModel): void {
  if (!model.draft) return;
  const text = 'BROUILLON';
  doc.save();
  doc.rotate(-40, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.font(FONT.bold).fontSize(88).fillColor(COLOR.watermark);
  const width = doc.widthOfString(text);
  doc.text(text, (PAGE.width - width) / 2, PAGE.height / 2 - 44, { lineBreak: false });
  doc.restore();
}

export function drawHeader(doc: PDFKit.PDFDocument, model: DocumentModel): void {
  const half = CONTENT_WIDTH / 2;
  doc
    .font(FONT.bold)
    .fontSize(13)
    .fillColor(COLOR.text)
    .text(model.seller.legalName, MARGIN, MARGIN, { width: half - 12, height: 16, ellipsis: true });
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLOR.muted)
    .text(
      [model.seller.address.postalCode, model.seller.address.city].filter(Boolean).join(' '),
      MARGIN,
      MARGIN + 18,
      {
        width: half,
        lineBreak: false,
      },
    );

  doc
    .font(FONT.bold)
    .fontSize(16)
    .fillColor(COLOR.text)
    .text(documentHeading(model), MARGIN + half, MARGIN, { width: half, align: 'right', lineBreak: false });
  const dates = [model.issuedAt ? `Date d'émission : ${formatDate(model.issuedAt)}` : null];
  if (model.kind === 'invoice' && model.dueAt) dates.push(`Échéance : ${formatDate(model.dueAt)}`);
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOR.text)
    .text(dates.filter(Boolean).join('   '), MARGIN + half, MARGIN + 22, {
      width: half,
      align: 'right',
      lineBreak: false,
    });

  if (model.draft) {
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(COLOR.draft)
      .text(draftBanner(model), MARGIN, MARGIN + 44, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
  }
  const ruleY = MARGIN + 64;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + CONTENT_WIDTH, ruleY)
    .lineWidth(0.75)
    .stroke(COLOR.rule);
}

export function drawFooter(doc: PDFKit.PDFDocument, model: DocumentModel, page: number, pages: number): void {
  const { seller } = model;
  const legal = [
    seller.legalName,
    ...sellerRegistration(seller, model.currency),
    seller.siret ? `SIRET ${seller.siret}` : null,
    seller.vatNumber ? `TVA ${seller.vatNumber}` : null,
  ]
    .filter(Boolean)
    .join(' — ');
  // Text below the bottom margin makes pdfkit add a page: the footer lives there, so the
  // margin is lifted while it is drawn.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .moveTo(MARGIN, FOOTER_TOP)
    .lineTo(MARGIN + CONTENT_WIDTH, FOOTER_TOP)
    .lineWidth(0.5)
    .stroke(COLOR.rule);
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text(legal, MARGIN, FOOTER_TOP + 8, { width: CONTENT_WIDTH - 80, height: 20, ellipsis: true });
  doc.fillColor(COLOR.text).text(`Page ${page} / ${pages}`, MARGIN + CONTENT_WIDTH - 70, FOOTER_TOP + 8, {
    width: 70,
    align: 'right',
    lineBreak: false,
  });
  doc.page.margins.bottom = bottom;
}
