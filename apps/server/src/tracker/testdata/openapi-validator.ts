// A validator of requests to, and answers of, a tracker's double against an OpenAPI 3.0 subset committed
// next to it (Jira Data Center: dc-openapi.ts; GitHub: github-openapi.ts). Path, query and body of a
// request, status and body of an answer; `#/components/…` refs are resolved against the subset.
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: object;
}
interface Operation {
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: object }> }>;
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: {
    parameters?: Record<string, Parameter>;
    responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
  };
}

export interface OpenApiValidator {
  /** What is wrong with a request's path, query and body, by the document; [] when nothing is. */
  requestProblems(method: string, path: string, query: URLSearchParams, body: unknown): string[];
  /** What is wrong with an answer (statuses the operation does not list, bodies off their schema). */
  answerProblems(method: string, path: string, status: number, body: unknown): string[];
}

/**
 * OpenAPI 3.0's `nullable: true` next to a `type` is understood by Ajv, but not as letting null past an
 * `enum` (OpenAPI 3.0.3 says it adds null to the allowed values): null joins the enum. Without a `type`
 * (beside `allOf`, `anyOf` or `$ref`, as GitHub's description writes it) it becomes `anyOf: [the schema, null]`.
 */
function nullableAsJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableAsJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const walked = Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, nullableAsJsonSchema(inner)]),
  ) as Record<string, unknown>;
  if (walked.nullable !== true) return walked;
  if (Array.isArray(walked.enum) && !walked.enum.includes(null)) walked.enum = [...walked.enum, null];
  if ('type' in walked) return walked;
  const { nullable: _nullable, ...schema } = walked;
  return { anyOf: [schema, { type: 'null' }] };
}

function makeAjv(specId: string, components: object, coerceTypes: boolean): Ajv {
  // OpenAPI 3.0 schemas carry keywords JSON Schema does not know (xml, discriminator): not strict.
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, coerceTypes });
  const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (
    a: Ajv,
  ) => Ajv;
  addFormats(ajv);
  ajv.addFormat('int32', true);
  ajv.addFormat('int64', true);
  ajv.addSchema({ $id: specId, components: nullableAsJsonSchema(components) });
  return ajv;
}

const describe = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');

/**
 * The validator of the subset in `fileName` (next to this file). Error answers (4xx, 5xx) are checked only
 * when `checkErrorAnswers` and the operation declares the status: rate limits may come from any operation.
 */
export function openApiValidator(
  fileName: string,
  specId: string,
  options: { checkErrorAnswers: boolean },
): OpenApiValidator {
  const spec = JSON.parse(readFileSync(new URL(`./${fileName}`, import.meta.url), 'utf8')) as Spec;
  const strict = makeAjv(specId, spec.components, false);
  const coercing = makeAjv(specId, spec.components, true);
  const rebase = (schema: object): object =>
    nullableAsJsonSchema(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${specId}#/components/`)),
    ) as object;
  const compiled = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: object, ajv: Ajv) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(rebase(schema));
      compiled.set(key, validate);
    }
    return validate;
  };
  const refName = (ref: string) => ref.split('/').pop() ?? '';
  const parametersOf = (operation: Operation): Parameter[] =>
    (operation.parameters ?? []).map((p) =>
      '$ref' in p ? (spec.components.parameters?.[refName(p.$ref)] as Parameter) : p,
    );
  const templates = Object.keys(spec.paths).map((template) => ({
    template,
    names: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
    re: new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
  }));
  const operationOf = (method: string, path: string) => {
    for (const { template, names, re } of templates) {
      const match = re.exec(path);
      const operation = match && spec.paths[template]?.[method.toLowerCase()];
      if (match && operation) {
        const values = names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)] as const);
        return { template, operation, pathValues: new Map(values) };
      }
    }
    return undefined;
  };
  const valueProblem = (where: string, parameter: Parameter, value: string | undefined) => {
    const validate = validator(
      `${where} ${parameter.in} ${parameter.name}`,
      { type: 'object', properties: { value: parameter.schema ?? {} } },
      coercing,
    );
    return validate({ value })
      ? []
      : [`${where}: ${parameter.in} ${parameter.name}=${value}: ${describe(validate)}`];
  };

  return {
    requestProblems(method, path, query, body) {
      const found = operationOf(method, path);
      if (!found) return [`${method} ${path}: no such operation`];
      const { template, operation, pathValues } = found;
      const where = `${method} ${template}`;
      const parameters = parametersOf(operation);
      const problems: string[] = [];
      for (const parameter of parameters.filter((p) => p.in === 'path')) {
        problems.push(...valueProblem(where, parameter, pathValues.get(parameter.name)));
      }
      const queryParameters = parameters.filter((p) => p.in === 'query');
      for (const name of new Set(query.keys())) {
        const parameter = queryParameters.find((p) => p.name === name);
        if (!parameter) problems.push(`${where}: undeclared query parameter ${name}`);
        else problems.push(...valueProblem(where, parameter, query.get(name) ?? undefined));
      }
      for (const parameter of queryParameters) {
        if (parameter.required && !query.has(parameter.name)) {
          problems.push(`${where}: missing query parameter ${parameter.name}`);
        }
      }
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      if (bodySchema && body !== undefined) {
        const validate = validator(`b ${where}`, bodySchema, strict);
        if (!validate(body)) problems.push(`${where} body: ${describe(validate)}`);
      } else if (!bodySchema && body !== undefined) {
        problems.push(`${where}: takes no body`);
      }
      return problems;
    },

    answerProblems(method, path, status, body) {
      const found = operationOf(method, path);
      if (!found) return [];
      const { template, operation } = found;
      const where = `${method} ${template}`;
      let response = operation.responses[String(status)];
      if (status >= 400 && (!options.checkErrorAnswers || !response)) return [];
      if (!response) return [`${where}: undeclared status ${status}`];
      if (response.$ref) response = spec.components.responses?.[refName(response.$ref)] ?? {};
      const schema = response.content?.['application/json']?.schema;
      if (!schema) return body === undefined ? [] : [`${where} ${status}: declares no body`];
      const validate = validator(`a ${where} ${status}`, schema, strict);
      return validate(body) ? [] : [`${where} ${status}: ${describe(validate)}`];
    },
  };
}
