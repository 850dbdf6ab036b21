// XMP packets pdfkit does not write itself. pdfkit adds pdfaid (part 3, conformance B) and the
// Dublin Core / xmp:CreateDate / pdf:Producer descriptions from the document info; these add
// the modification dates the info dictionary carries (PDF/A wants the two in agreement) and,
// for a Factur-X invoice, the fx: properties with the extension schema that PDF/A requires for
// any property outside the predefined XMP schemas (Factur-X 1.07.3, section "XMP metadata").

const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** ISO 8601 without milliseconds, as pdfkit writes xmp:CreateDate. */
export function xmpDate(date: Date): string {
  return `${date.toISOString().split('.')[0]}Z`;
}

export function modificationDatesXmp(modified: Date): string {
  return `
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
            <xmp:ModifyDate>${xmpDate(modified)}</xmp:ModifyDate>
            <xmp:MetadataDate>${xmpDate(modified)}</xmp:MetadataDate>
        </rdf:Description>`;
}

const facturXProperties = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
] as const;

function propertyDescription([name, description]: readonly [string, string]): string {
  return `
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>${name}</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>${description}</pdfaProperty:description>
                                </rdf:li>`;
}

export interface FacturXDeclaration {
  fileName: string;
  /** "EN 16931" for the profile this project writes. */
  conformanceLevel: string;
}

export function facturXXmp({ fileName, conformanceLevel }: FacturXDeclaration): string {
  return `
        <rdf:Description rdf:about=""
            xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
            xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
            <pdfaExtension:schemas>
                <rdf:Bag>
                    <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                        <pdfaSchema:property>
                            <rdf:Seq>${facturXProperties.map(propertyDescription).join('')}
                            </rdf:Seq>
                        </pdfaSchema:property>
                    </rdf:li>
                </rdf:Bag>
            </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${fileName}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>${conformanceLevel}</fx:ConformanceLevel>
        </rdf:Description>`;
}
