/**
 * The plan check's JSON Schema validator: Ajv (draft 2020-12), every error of a value reported.
 *
 * For the collector and the CLI only. Ajv compiles each schema into a function with
 * `new Function`; the web app's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval')
 * forbids that, so the renderer never uses Ajv: the request drawer shows the findings the
 * collector stored with each hit, and the public validation page checks a pasted plan with the
 * interpreter (interpreted-compiler.ts), which gives the same findings.
 */
// The .js suffix: the bundled server runs as ES modules, whose resolver needs the file name.
import Ajv2020 from 'ajv/dist/2020.js';
import type { SchemaCompiler } from './check';
import { PLAN_KEYWORD } from './schema';

export function createAjvCompiler(): SchemaCompiler {
  // One Ajv per compiler: schemas are compiled once per plan version and kept by the caller.
  const ajv = new Ajv2020({ allErrors: true, strict: true, unicodeRegExp: true, code: { optimize: false } });
  ajv.addKeyword({ keyword: PLAN_KEYWORD, metaSchema: { type: 'object' } });
  return (schema) => {
    const validate = ajv.compile(schema);
    // The compiled function is kept by the plan check; Ajv's own cache would keep every schema forever.
    ajv.removeSchema(schema);
    return (data) => (validate(data) ? [] : (validate.errors ?? []).map((e) => ({ keyword: e.keyword, instancePath: e.instancePath, params: e.params as Record<string, unknown> })));
  };
}
