// Page geometry (A4 in points) and the vertical cursor the sections draw with. Pages are added
// by the flow itself, never by pdfkit's automatic page breaking, so that every page gets the
// same frame (header, footer, draft mark) and the table its column headings again.

export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 40;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Where the body starts, below the header drawn on every page. */
export const BODY_TOP = 128;
/** Where the body stops, above the footer. */
export const BODY_BOTTOM = PAGE.height - 64;
export const FOOTER_TOP = PAGE.height - 52;

export const FONT = { regular: 'regular', bold: 'bold' } as const;
export const COLOR = {
  text: '#1a1a1a',
  muted: '#5c5c5c',
  rule: '#b8b8b8',
  fill: '#efefef',
  draft: '#c62828',
  watermark: '#f0d5d5',
} as const;

export class Flow {
  y = BODY_TOP;

  readonly doc: PDFKit.PDFDocument;
  private readonly onPage: (doc: PDFKit.PDFDocument) => void;

  constructor(doc: PDFKit.PDFDocument, onPage: (doc: PDFKit.PDFDocument) => void) {
    this.doc = doc;
    this.onPage = onPage;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = BODY_TOP;
    this.onPage(this.doc);
  }

  /** Starts a new page when `height` points do not fit above the footer. */
  ensure(height: number): boolean {
    if (this.y + height <= BODY_BOTTOM) return false;
    this.newPage();
    return true;
  }

  /** Writes a paragraph at the cursor and moves it below. */
  paragraph(
    text: string,
    options: { x?: number; width?: number; size?: number; bold?: boolean; color?: string; gap?: number } = {},
  ): void {
    const {
      x = MARGIN,
      width = CONTENT_WIDTH,
      size = 9,
      bold = false,
      color = COLOR.text,
      gap = 2,
    } = options;
    this.doc
      .font(bold ? FONT.bold : FONT.regular)
      .fontSize(size)
      .fillColor(color);
    const height = this.doc.heightOfString(text, { width });
    this.ensure(height);
    this.doc.text(text, x, this.y, { width });
    this.y += height + gap;
  }
}

/** Lines of text in a column, from `y`; returns the y below the last one. */
export function column(
  doc: PDFKit.PDFDocument,
  lines: { text: string; bold?: boolean; muted?: boolean; size?: number }[],
  x: number,
  y: number,
  width: number,
): number {
  let cursor = y;
  for (const line of lines) {
    doc
      .font(line.bold ? FONT.bold : FONT.regular)
      .fontSize(line.size ?? 9)
      .fillColor(line.muted ? COLOR.muted : COLOR.text);
    const height = doc.heightOfString(line.text, { width });
    doc.text(line.text, x, cursor, { width });
    cursor += height + 1;
  }
  return cursor;
}
