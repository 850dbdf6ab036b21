import type { SupplierInvoiceFormat, SupplierInvoiceValidation } from './model.ts';

// The CEN EN 16931 rules for the invoice's syntax (@comptoir/einvoice-rules: the official
// validation artefacts, run by saxon-js): CII for a CII or a Factur-X, UBL for a UBL. Rules
// flagged fatal or error fail the invoice; warnings do not. The runner is loaded on the first
// validation, so a process that never validates does not carry it.

/** The EN 16931 rules of the syntax on the invoice's XML: valid, or the broken rules. */
export async function validateSupplierInvoice(
  format: SupplierInvoiceFormat,
  xml: string,
): Promise<SupplierInvoiceValidation> {
  const { failedRules, isBroken } = await import('@comptoir/einvoice-rules');
  try {
    const rules = await failedRules(format === 'ubl' ? 'en16931Ubl' : 'en16931', xml);
    const broken = rules.filter(isBroken).map((rule) => ({ id: rule.id, message: rule.text }));
    return { valid: broken.length === 0, failedRules: broken };
  } catch (error) {
    // The rules could not run on this XML (saxon-js refused it): it is not shown valid.
    const message = error instanceof Error ? error.message : String(error);
    return {
      valid: false,
      failedRules: [{ id: 'EN16931-NOT-RUN', message: `The rules could not run: ${message}` }],
    };
  }
}
