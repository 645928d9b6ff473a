/** `GET /api/openapi.json`: the OpenAPI 3.1 document, generated from the route table (routes.ts). */
import type { z } from 'zod';
import { apiFailureSchema } from '@showdown/shared/api-answers';
import {
  NAMED_SCHEMAS,
  REST_ROUTES,
  successSchema,
  type RouteAnswer,
  type RouteDoc,
} from './routes.ts';
import { SchemaSet, type JsonSchema } from './schemas.ts';

/** An Express path (`/api/game/:id`) as OpenAPI writes it (`/api/game/{id}`). */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

/** `post /api/game/:id/select-role` → `postApiGameIdSelectRole`. */
export function operationId(route: Pick<RouteDoc, 'method' | 'path'>): string {
  const words = `${route.method} ${route.path}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'The request is not valid (the message says why)',
  401: 'No valid token (TOKEN_EXPIRED: refresh it)',
};

function content(answer: RouteAnswer, schema: JsonSchema) {
  const types = [answer.contentType ?? 'application/json'].flat();
  return Object.fromEntries(types.map((type) => [type, { schema }]));
}

/** A route's path, query and header parameters. */
function parametersOf(route: RouteDoc, requests: SchemaSet) {
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return [
    ...pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      description: route.params?.[name],
      schema: { type: 'string' },
    })),
    ...Object.entries(route.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: !(schema as z.ZodType).safeParse(undefined).success,
      schema: requests.inline(schema as z.ZodType),
    })),
    ...Object.entries(route.headers ?? {}).map(([name, header]) => ({
      name,
      in: 'header',
      required: false,
      description: header.description,
      schema: requests.inline(header.schema),
    })),
  ];
}

/** A route's answers by status: its success, 400 and 401 where they apply, its own failures. */
function responsesOf(route: RouteDoc, id: string, answers: SchemaSet, failure: JsonSchema) {
  const answerRef = (answer: RouteAnswer, suffix: string) =>
    answer.contentType ? answers.inline(answer.schema) : answers.ref(answer.schema, id + suffix);
  if (!route.answer && !route.data) throw new Error(`${route.path}: neither data nor answer`);
  const success: RouteAnswer = route.answer ?? {
    description: STATUS_TEXT[route.status ?? 200]!,
    schema: successSchema(route.data!),
  };
  const responses: Record<string, unknown> = {
    [route.status ?? 200]: {
      description: success.description,
      content: content(success, answerRef(success, 'Answer')),
    },
  };
  const failureAnswer = (description: string) => ({
    description,
    content: { 'application/json': { schema: failure } },
  });
  if (route.body || route.query || /:\w/.test(route.path)) {
    responses[400] = failureAnswer(STATUS_TEXT[400]!);
  }
  if (route.auth === undefined || route.auth === 'user' || route.auth === 'metrics') {
    responses[401] = failureAnswer(STATUS_TEXT[401]!);
  }
  for (const [status, answer] of Object.entries(route.failures ?? {})) {
    responses[status] = {
      description: answer.description,
      content: content(answer, answerRef(answer, `Failure${status}`)),
    };
  }
  responses.default = failureAnswer(
    'Refused or failed: 403, 404, 409, 413, 422, 429 (with Retry-After), 500',
  );
  return responses;
}

export function buildOpenApiDocument(routes: readonly RouteDoc[] = REST_ROUTES) {
  const answers = new SchemaSet(NAMED_SCHEMAS, { io: 'output', target: 'draft-2020-12' });
  const requests = new SchemaSet({}, { io: 'input', target: 'draft-2020-12' });
  const failure = answers.ref(apiFailureSchema, 'ApiFailure');
  const paths: Record<string, Record<string, unknown>> = {};

  for (const route of routes) {
    const id = operationId(route);
    const responses = responsesOf(route, id, answers, failure);
    const parameters = parametersOf(route, requests);

    const operation: Record<string, unknown> = {
      operationId: id,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: requests.ref(route.body, `${id}Body`) } },
            },
          }
        : {}),
      responses,
      security:
        route.auth === 'public'
          ? []
          : route.auth === 'metrics'
            ? [{ metricsToken: [] }]
            : [{ bearerAuth: [] }],
    };
    const path = openApiPath(route.path);
    paths[path] ??= {};
    if (paths[path][route.method]) throw new Error(`${route.method} ${path} documented twice`);
    paths[path][route.method] = operation;
  }

  const requestSchemas = requests.toJson();
  const answerSchemas = answers.toJson();
  for (const name of Object.keys(requestSchemas)) {
    if (name in answerSchemas) throw new Error(`schema ${name} is both a request and an answer`);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'The Showdown companion: REST API',
      version: '1.0.0',
      description: [
        'Every call of the companion app.',
        'Amounts are rupees (at most two decimals). A success is `{ success: true, message?, data }`;',
        'a failure is `{ success: false, error: { code, message } }` (ApiFailure) with an HTTP status.',
        'Live changes come over Socket.IO: see the AsyncAPI document at /api/asyncapi.json',
        '(its page: /api/docs/events).',
      ].join(' '),
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'auth', description: 'Sign-in with a one-time code' },
      { name: 'user', description: 'The signed-in user' },
      { name: 'lobby', description: 'Joining a board, seats and settings' },
      { name: 'game', description: 'The running game' },
      { name: 'mayhem', description: 'Market mayhem lists' },
      { name: 'report', description: 'After the game' },
      { name: 'practice', description: 'Practice games against bots' },
      { name: 'server', description: 'Configuration, health and metrics' },
      { name: 'docs', description: 'These documents' },
    ],
    paths,
    components: {
      schemas: { ...answerSchemas, ...requestSchemas },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of /api/auth/login or /api/auth/register.',
        },
        metricsToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The METRICS_TOKEN of the server’s configuration.',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
