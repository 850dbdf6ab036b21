// PDF/A forbids showing a glyph the embedded font does not have (.notdef): a character of the
// model's free text that DejaVu Sans cannot draw (an emoji, a CJK ideograph) is shown as the
// replacement character U+FFFD instead, which both faces have.

export interface ParsedFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

const REPLACEMENT = '\ufffd';

export function printableText(fonts: ParsedFont[]): (text: string) => string {
  const covered = new Map<string, boolean>();
  const isCovered = (character: string) => {
    let known = covered.get(character);
    if (known === undefined) {
      const codePoint = character.codePointAt(0) ?? 0;
      known = fonts.every((font) => font.hasGlyphForCodePoint(codePoint));
      covered.set(character, known);
    }
    return known;
  };
  return (text) =>
    text
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, ' ')
      .replace(/[^\n]/gu, (character) => (isCovered(character) ? character : REPLACEMENT));
}

/** A copy of `value` with every string passed through `printable` (numbers, nulls kept). */
export function mapStrings<T>(value: T, printable: (text: string) => string): T {
  if (typeof value === 'string') return printable(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, printable)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapStrings(item, printable)]),
    ) as T;
  }
  return value;
}
