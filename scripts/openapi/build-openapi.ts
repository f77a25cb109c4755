import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, type Endpoint } from '../../contract/endpoint';
import { endpoints } from '../../contract/endpoints';
import { PROBLEM_CONTENT_TYPE, ProblemSchema } from '../../contract/problem';
import { MERCHANT_HEADER, PRODUCT } from '../../contract/product';
import { NEVER_SAVED, VERSION_HEADER } from '../../contract/versions';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Query and path parameters from an object schema, one OpenAPI parameter per property. */
function parameters(schema: z.core.$ZodType | undefined, where: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

/** Money calls take an Idempotency-Key (decision 0200). */
function idempotencyParameter(endpoint: Endpoint): JsonSchema[] {
  if (!endpoint.idempotent) return [];
  return [
    {
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description:
        'one value per user intent (1-255 visible ASCII characters, e.g. a UUID): a repeat within 24 h gets the first answer; the same key with another request is a 422',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    },
  ];
}

/** Calls that act on the merchant (property) the merchant header names: the handler is given it only when the contract says so (decision 0381). */
function merchantParameter(endpoint: Endpoint): JsonSchema[] {
  if (!endpoint.merchantHeader) return [];
  return [
    {
      name: MERCHANT_HEADER,
      in: 'header',
      required: endpoint.merchantHeader === 'required',
      description:
        endpoint.merchantHeader === 'required'
          ? 'the property the call acts on (one uuid); 403 when the caller may not act on it, 400 when it is missing or not one uuid'
          : 'the merchant (property) the call acts on (one uuid): the call reaches only that merchant; 403 when the caller may not act on it, 400 when it is not one uuid. Without it the call reaches every merchant the caller may see',
      schema: { type: 'string', format: 'uuid' },
    },
  ];
}

/** Changes two people may make at once take the version they were made from (contract/versions.ts). */
function versionParameter(endpoint: Endpoint): JsonSchema[] {
  if (!endpoint.versioned) return [];
  return [
    {
      name: VERSION_HEADER,
      in: 'header',
      required: false,
      description: `the version the change was made from, the \`updatedAt\` it read (\`${NEVER_SAVED}\` when it was null) unless the summary names another: a change from a version replaced since is a 412 and writes nothing; without it the last write wins`,
      schema: { type: 'string', maxLength: 64 },
    },
  ];
}

const problemResponse = (description: string) => ({ description, content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } } });

function operation(endpoint: Endpoint): JsonSchema {
  const access = endpoint.access;
  const security = access === 'public' ? [] : [{ bearer: [] }];
  const responses: Record<string, unknown> = {
    [String(endpoint.successStatus ?? 200)]: { description: 'success', content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } } },
    '400': problemResponse('invalid request: field errors in `errors`'),
  };
  if (access !== 'public') responses['401'] = problemResponse('no valid access token');
  if (typeof access === 'object') responses['403'] = problemResponse(`needs ${access.action} on ${access.resource}`);
  if (endpoint.idempotent) responses['422'] = problemResponse('the Idempotency-Key was used with another request');
  if (endpoint.unavailableWhileStarting) responses['503'] = problemResponse('the server is starting: its database is not ready yet (see Retry-After)');
  if (endpoint.versioned) responses['412'] = problemResponse('changed since the version named in If-Match: nothing was written');
  const mediaType =
    endpoint.bodyType === 'form' ? 'application/x-www-form-urlencoded' : endpoint.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json';
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    security,
    'x-folio-access': access,
    parameters: [
      ...parameters(endpoint.params, 'path'),
      ...parameters(endpoint.query, 'query'),
      ...merchantParameter(endpoint),
      ...idempotencyParameter(endpoint),
      ...versionParameter(endpoint),
    ],
    ...(endpoint.body ? { requestBody: { required: true, content: { [mediaType]: { schema: jsonSchema(endpoint.body, 'input') } } } } : {}),
    responses,
  };
}

export function buildOpenApi(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of [...endpoints].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const entry = (paths[endpoint.path] ??= {});
    entry[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT} back office API`,
      version: '2',
      description: `Generated from contract/ by \`npm run openapi\`. Errors are RFC 9457 problem details. Every call refuses a \`${MERCHANT_HEADER}\` header that is not one uuid (400), and every signed-in call one naming a merchant the caller may not act on (403); only the operations that list it as a parameter act on the merchant it names.`,
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Problem: jsonSchema(ProblemSchema, 'output') },
    },
    paths,
  };
}
