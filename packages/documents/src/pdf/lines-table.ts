import type { DocumentLine, DocumentModel } from '../model.ts';
import { formatMoney, formatNumber, formatPercent } from './format.ts';
import { BODY_BOTTOM, BODY_TOP, COLOR, CONTENT_WIDTH, type Flow, FONT, MARGIN } from './layout.ts';

// The lines table: its headings again on every page it continues on, a row never split.

interface Column {
  heading: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: DocumentLine, model: DocumentModel) => string;
}

const columns: Column[] = [
  { heading: 'Désignation', width: 0, align: 'left', cell: (line) => line.description },
  { heading: 'Qté', width: 42, align: 'right', cell: (line) => formatNumber(line.quantity) },
  { heading: 'Unité', width: 38, align: 'left', cell: (line) => line.unit ?? '' },
  {
    heading: 'PU HT',
    width: 70,
    align: 'right',
    cell: (line, model) => formatMoney(line.unitPrice, model.currency),
  },
  {
    heading: 'Remise',
    width: 44,
    align: 'right',
    cell: (line) => (line.discountPercent > 0 ? formatPercent(line.discountPercent) : ''),
  },
  {
    heading: 'TVA',
    width: 42,
    align: 'right',
    cell: (line, model) => (model.reverseCharge ? 'Autoliq.' : formatPercent(line.taxRate)),
  },
  {
    heading: 'Total HT',
    width: 76,
    align: 'right',
    cell: (line, model) => formatMoney(line.netAmount, model.currency),
  },
];
const fixedWidth = columns.reduce((sum, column) => sum + column.width, 0);
const PADDING = 4;
const widthOf = (column: Column) => (column.width === 0 ? CONTENT_WIDTH - fixedWidth : column.width);

function drawHeadings(flow: Flow): void {
  const { doc } = flow;
  const height = 18;
  doc.rect(MARGIN, flow.y, CONTENT_WIDTH, height).fill(COLOR.fill);
  doc.font(FONT.bold).fontSize(8.5).fillColor(COLOR.text);
  let x = MARGIN;
  for (const column of columns) {
    const width = widthOf(column);
    doc.text(column.heading, x + PADDING, flow.y + 5, {
      width: width - 2 * PADDING,
      align: column.align,
      lineBreak: false,
    });
    x += width;
  }
  flow.y += height + 2;
}

/** A row taller than this (a description of several thousand characters) is cut with "…". */
const MAX_ROW_HEIGHT = BODY_BOTTOM - BODY_TOP - 60;

export function drawLinesTable(flow: Flow, model: DocumentModel): void {
  const { doc } = flow;
  flow.ensure(60);
  drawHeadings(flow);
  for (const line of model.lines) {
    doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.text);
    const cells = columns.map((column) => ({
      text: column.cell(line, model),
      align: column.align,
      width: widthOf(column) - 2 * PADDING,
    }));
    const textHeight = Math.min(
      Math.max(...cells.map((cell) => doc.heightOfString(cell.text, { width: cell.width }))),
      MAX_ROW_HEIGHT,
    );
    if (flow.ensure(textHeight + 8)) drawHeadings(flow);
    doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.text);
    let x = MARGIN;
    for (const cell of cells) {
      doc.text(cell.text, x + PADDING, flow.y + 4, {
        width: cell.width,
        align: cell.align,
        height: textHeight,
        ellipsis: true,
      });
      x += cell.width + 2 * PADDING;
    }
    flow.y += textHeight + 8;
    doc
      .moveTo(MARGIN, flow.y)
      .lineTo(MARGIN + CONTENT_WIDTH, flow.y)
      .lineWidth(0.5)
      .stroke(COLOR.rule);
  }
  flow.y += 6;
}
