import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { Schema } from './openapi.ts';

export interface SchemaError {
  keyword: string;
  text: string;
}

/** JSON Schema validation by Ajv (not by us): the dialect of the document's OpenAPI version. */
export interface Validators {
  /** The errors of `value` against `schema`, empty when it validates. */
  check(schema: Schema, value: unknown): SchemaError[];
}

// ajv-formats is CommonJS: its plugin is `module.exports` and, typed, its `default`.
const addFormats = ajvFormats.default;

export function createValidators(openapi: string): Validators {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; 3.0's are close to draft-07. Not strict: the
  // document carries OpenAPI's own keywords (`example`, `xml`) beside JSON Schema's.
  const options = { strict: false, allErrors: true, validateFormats: true } as const;
  const ajv = openapi.startsWith('3.1') ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  const compiled = new WeakMap<Schema, ValidateFunction>();
  return {
    check(schema, value) {
      let validate = compiled.get(schema);
      if (!validate) {
        validate = ajv.compile(schema);
        compiled.set(schema, validate);
      }
      if (validate(value)) return [];
      return (validate.errors ?? []).map((error: ErrorObject) => ({
        keyword: error.keyword,
        text: `${error.instancePath || '(root)'} ${error.message ?? error.keyword}`,
      }));
    },
  };
}
