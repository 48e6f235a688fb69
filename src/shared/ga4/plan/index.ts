/**
 * Tracking plans in the engine: the plan document, its JSON Schemas, the plan check, and the
 * file formats. Ajv (ajv-compiler.ts) is deliberately not exported here: the web app imports this
 * index and its CSP forbids the code generation Ajv needs. The browser checks plans with the
 * interpreted compiler (@cfworker/json-schema), which gives the same findings.
 */
export * from './types';
export { parsePlanDocument, parseParameter, parseCustomDefinition, describeParameter, planCounts, planVersionLabel, PLAN_LIMITS, PLAN_NAME_RE } from './document';
export type { PlanParseResult } from './document';
export { eventSchema, parameterSchema, planToSchemaBundle, schemaBundleToPlan, userPropertiesSchema, JSON_SCHEMA_DRAFT, PLAN_KEYWORD } from './schema';
export type { JsonSchema, SchemaBundle } from './schema';
export { compilePlanCheck } from './check';
export type { CompiledSchema, PlanCheck, SchemaCompiler, SchemaError } from './check';
export { createInterpretedCompiler } from './interpreted-compiler';
export { parsePlanJson } from './files';
export { inventoryEntriesOf, maskExample, INVENTORY_STRIDE } from './inventory';
export type { InventoryScope, InventoryType } from './inventory';
export { csvToPlan, planToCsv, CSV_COLUMNS } from './csv';
export { parseGa4CustomDefinitions, customDefinitionLimits, GA4_CUSTOM_DEFINITION_LIMITS } from './custom-definitions';
export type { CustomDefinitionsResult } from './custom-definitions';
export { diffPlans } from './diff';
export type { PlanChange } from './diff';
export { planCoverage, coverageSentence } from './coverage';
export type { InventoryItem, PlanCoverage } from './coverage';
