// The part of saxon-js 2.7 (which ships no types) that src/index.ts uses.
declare module 'saxon-js' {
  interface TransformOptions {
    /** A SEF (compiled stylesheet) already parsed from its JSON. */
    stylesheetInternal: unknown;
    /** Where relative URIs in the stylesheet (document('...')) resolve from. */
    stylesheetBaseURI: string;
    sourceText: string;
    destination: 'document';
  }
  interface TransformResult {
    principalResult: unknown;
  }
  interface XPathOptions {
    namespaceContext?: Record<string, string>;
    resultForm?: 'array' | 'iterator' | 'xdm' | 'default';
  }
  const SaxonJS: {
    transform(options: TransformOptions, execution: 'async'): Promise<TransformResult>;
    XPath: { evaluate(expression: string, context: unknown, options?: XPathOptions): unknown };
  };
  export default SaxonJS;
}
