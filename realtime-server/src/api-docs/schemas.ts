/** zod → JSON Schema for both documents: named schemas become components, referenced by `$ref`. */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * Collects the schemas of one document: `named` ones under their name, the others under the
 * name `ref` is given the first time it meets them; `toJson` turns them all into
 * `components.schemas`, each nested named schema a `$ref` to its component.
 */
export class SchemaSet {
  private readonly registry = z.registry<{ id: string }>();
  private readonly taken = new Set<string>();

  constructor(
    named: Record<string, z.ZodType>,
    private readonly options: { io: 'input' | 'output'; target: 'draft-2020-12' | 'draft-7' },
  ) {
    for (const [name, schema] of Object.entries(named)) this.ref(schema, name);
  }

  /** A `$ref` to the schema's component, adding it under `name` when new. */
  ref(schema: z.ZodType, name: string): JsonSchema {
    const known = this.registry.get(schema)?.id;
    if (known) return { $ref: componentRef(known) };
    if (this.taken.has(name)) throw new Error(`two schemas named ${name}`);
    this.taken.add(name);
    this.registry.add(schema, { id: name });
    return { $ref: componentRef(name) };
  }

  /** A schema written inline (e.g. a query parameter), its named parts referenced. */
  inline(schema: z.ZodType): JsonSchema {
    return clean(z.toJSONSchema(schema, { ...this.options, unrepresentable: 'any' }) as JsonSchema);
  }

  toJson(): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.registry, {
      ...this.options,
      unrepresentable: 'any',
      uri: componentRef,
    }) as { schemas: Record<string, JsonSchema> };
    return Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, clean(s)]));
  }
}

const componentRef = (name: string) => `#/components/schemas/${name}`;

/** Without `$schema` and `$id`: a component's `$id` would change the base of its `$ref`s. */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}
