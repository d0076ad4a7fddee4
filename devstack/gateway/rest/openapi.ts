import type { Column, SchemaCache } from "./schema-cache.ts";

/**
 * `GET /rest/v1/`: a Swagger 2.0 description of the schema's tables and functions, the shape
 * PostgREST serves at its root (and `supabase.getOpenApiSpec()` reads).
 */
export function openApiDocument(
  cache: SchemaCache,
  schema: string,
  publicUrl: string,
): Record<string, unknown> {
  const url = new URL(publicUrl);
  const tables = [...cache.tables.values()].filter((table) => table.schema === schema);
  const routines = [...cache.routines.values()].flat().filter((routine) => routine.schema === schema);
  const definitions = Object.fromEntries(
    tables.map((table) => [
      table.name,
      {
        type: "object",
        required: [...table.columns.values()]
          .filter((column) => !column.nullable && column.defaultExpression === null)
          .map((column) => column.name),
        properties: Object.fromEntries(
          [...table.columns.values()].map((column) => [column.name, property(column)]),
        ),
      },
    ]),
  );
  const paths: Record<string, unknown> = {
    "/": { get: { produces: ["application/openapi+json"], responses: ok } },
  };
  for (const table of tables) {
    paths[`/${table.name}`] = {
      get: { tags: [table.name], responses: ok },
      ...(table.insertable
        ? { post: { tags: [table.name], responses: { 201: { description: "Created" } } } }
        : {}),
      ...(table.updatable ? { patch: { tags: [table.name], responses: noContent } } : {}),
      ...(table.deletable ? { delete: { tags: [table.name], responses: noContent } } : {}),
    };
  }
  for (const routine of routines) {
    const parameters = routine.params.map((param) => ({
      name: param.name,
      required: param.required,
      type: param.type,
    }));
    paths[`/rpc/${routine.name}`] = {
      post: { tags: [`(rpc) ${routine.name}`], parameters, responses: ok },
      ...(routine.volatility === "volatile"
        ? {}
        : { get: { tags: [`(rpc) ${routine.name}`], parameters, responses: ok } }),
    };
  }
  return {
    swagger: "2.0",
    info: { title: "PostgREST API", description: "Local Supabase-compatible gateway", version: "12" },
    host: url.host,
    basePath: "/rest/v1",
    schemes: [url.protocol.replace(":", "")],
    consumes: ["application/json", "application/vnd.pgrst.object+json", "text/csv"],
    produces: ["application/json", "application/vnd.pgrst.object+json", "text/csv"],
    paths,
    definitions,
  };
}

const ok = { 200: { description: "OK" } };
const noContent = { 204: { description: "No Content" } };

function property(column: Column): Record<string, unknown> {
  const base = column.type.replace(/\(.*\)$/, "");
  const formats: Record<string, { type: string }> = {
    integer: { type: "integer" },
    bigint: { type: "integer" },
    smallint: { type: "integer" },
    numeric: { type: "number" },
    real: { type: "number" },
    "double precision": { type: "number" },
    boolean: { type: "boolean" },
  };
  const json = base === "json" || base === "jsonb" ? {} : undefined;
  const array = base.endsWith("[]") ? { type: "array", items: { type: "string" } } : undefined;
  return { format: column.type, ...(json ?? array ?? formats[base] ?? { type: "string" }) };
}
