import { type WorkspacePatch, type WorkspaceView, workspaceUpdateSchema } from '@comptoir/core/schemas';
import { z } from 'zod';

/**
 * The Entreprise form as typed: text everywhere (numbers included), the address as its parts.
 * Field names are the update's own paths (`siret`, `address.postalCode`), so the browser's and
 * the server's complaints land on the same fields.
 */
export interface CompanyFormValues {
  name: string;
  legalName: string;
  legalForm: string;
  shareCapital: string;
  rcsCity: string;
  siren: string;
  siret: string;
  vatNumber: string;
  address: { lines: [string, string, string]; postalCode: string; city: string; countryCode: string };
  iban: string;
  bic: string;
  paymentTermsDays: string;
  latePenaltyRate: string;
  vatOnDebits: boolean;
  negativeStock: WorkspaceView['negativeStock'];
}

const text = (value: string | null) => value ?? '';
const number = (value: number | null) => (value === null ? '' : String(value));

export function companyFormValues(workspace: WorkspaceView): CompanyFormValues {
  const lines = workspace.address?.lines ?? [];
  return {
    name: workspace.name,
    legalName: text(workspace.legalName),
    legalForm: text(workspace.legalForm),
    shareCapital: number(workspace.shareCapital),
    rcsCity: text(workspace.rcsCity),
    siren: text(workspace.siren),
    siret: text(workspace.siret),
    vatNumber: text(workspace.vatNumber),
    address: {
      lines: [lines[0] ?? '', lines[1] ?? '', lines[2] ?? ''],
      postalCode: text(workspace.address?.postalCode ?? null),
      city: text(workspace.address?.city ?? null),
      countryCode: workspace.address?.countryCode ?? 'FR',
    },
    iban: text(workspace.iban),
    bic: text(workspace.bic),
    paymentTermsDays: String(workspace.paymentTermsDays),
    latePenaltyRate: number(workspace.latePenaltyRate),
    vatOnDebits: workspace.vatOnDebits,
    negativeStock: workspace.negativeStock,
  };
}

/** A blank field clears what it holds (null), as the update reads it. */
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
/** A number as typed, French decimal comma accepted; blank is null; anything else stays text, for the schema to refuse. */
function numberOrNull(value: string): number | string | null {
  const typed = value.trim().replace(/\s/g, '').replace(',', '.');
  if (typed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : value;
}

/** What the form sends: every field the update takes, read from what was typed. */
export function companyPatch(values: CompanyFormValues): Record<string, unknown> {
  const { lines, postalCode, city, countryCode } = values.address;
  const typedLines = lines.map((line) => line.trim()).filter((line) => line !== '');
  const blankAddress = typedLines.length === 0 && postalCode.trim() === '' && city.trim() === '';
  return {
    name: values.name,
    legalName: orNull(values.legalName),
    legalForm: orNull(values.legalForm),
    shareCapital: numberOrNull(values.shareCapital),
    rcsCity: orNull(values.rcsCity),
    siren: orNull(values.siren),
    siret: orNull(values.siret),
    vatNumber: orNull(values.vatNumber),
    // Blank lines are dropped; an address with no line at all is refused for its first one.
    address: blankAddress
      ? null
      : {
          lines: typedLines.length === 0 ? [''] : typedLines,
          postalCode: postalCode.trim(),
          city: city.trim(),
          countryCode: countryCode.trim().toUpperCase(),
        },
    iban: orNull(values.iban),
    bic: orNull(values.bic),
    paymentTermsDays: numberOrNull(values.paymentTermsDays),
    latePenaltyRate: numberOrNull(values.latePenaltyRate),
    vatOnDebits: values.vatOnDebits,
    negativeStock: values.negativeStock,
  };
}

/** workspace.update's own schema, read through what the form holds. */
export const companyFormSchema: z.ZodType<WorkspacePatch, CompanyFormValues> = z.preprocess(
  (values: CompanyFormValues) => companyPatch(values),
  workspaceUpdateSchema,
);
