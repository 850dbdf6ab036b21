import {
  failedRules,
  isBroken,
  prepareRuleSets,
  RULE_SETS,
  type RuleSetName,
} from '@comptoir/einvoice-rules';
import type { FlowSyntax } from './protocol.ts';
import { type DocumentValidator, type FailedRule, readDocument, structuralValidator } from './validators.ts';

// What an approved platform checks before it deposits an invoice: the official rule sets
// (@comptoir/einvoice-rules, run as published). Lifecycle messages (CDAR) and e-reporting (FRR)
// have no rule set there, so they keep the structural checks.

/** The rule sets each invoice syntax is checked against. */
const ruleSetsOf: Partial<Record<FlowSyntax, readonly RuleSetName[]>> = {
  CII: RULE_SETS,
  'Factur-X': RULE_SETS,
  UBL: ['en16931Ubl'],
};

/**
 * The official rules: CEN's EN 16931, Factur-X 1.07.3 and BR-FR for a CII invoice (a Factur-X
 * PDF's embedded factur-x.xml), CEN's EN 16931 UBL rules for UBL. A rule flagged `fatal` or
 * `error` fails the document, named by its id with its text; warnings do not. The Factur-X set
 * repeats some EN 16931 rules under ids of its own with the same text: such a rule is named once,
 * under the first id, so a rejection does not list one mistake twice.
 *
 * The first document compiles the rule sets it needs (@comptoir/einvoice-rules keeps them in a
 * cache): about 10 s of CPU per rule set, once per checkout.
 */
export const ruleSetValidator: DocumentValidator = async (file, syntax) => {
  const names = ruleSetsOf[syntax];
  if (!names) return structuralValidator(file, syntax);
  const document = await readDocument(file, syntax);
  if (Array.isArray(document)) return { valid: false, failedRules: document };
  // Outside the try below: a rule set that cannot be compiled is this machine's fault, not the
  // document's, and must not reject it.
  await prepareRuleSets(names);
  const failed: FailedRule[] = [];
  const named = new Set<string>();
  for (const name of names) {
    let rules: Awaited<ReturnType<typeof failedRules>>;
    try {
      rules = await failedRules(name, document.text);
    } catch (error) {
      // A rule set that stops on the document (a value it cannot cast) is the document's fault,
      // as a platform would see it.
      const reason = error instanceof Error ? error.message : String(error);
      failed.push({
        id: 'LOCAL-RULES',
        message: `The ${name} rule set could not check the document (${reason}).`,
      });
      continue;
    }
    for (const rule of rules) {
      if (!isBroken(rule) || named.has(rule.text)) continue;
      named.add(rule.text);
      failed.push({ id: rule.id, message: rule.text });
    }
  }
  return { valid: failed.length === 0, failedRules: failed };
};
