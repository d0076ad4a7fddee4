import { apiErrors } from "./errors.ts";
import {
  type Filter,
  type LogicTree,
  looksLikeFilter,
  type OrderTerm,
  parseColumns,
  parseFilterValue,
  parseLogic,
  parseOrder,
  parseSelect,
  parseTreePath,
  type SelectItem,
} from "./grammar.ts";

/** What a /rest/v1 request asks for, parsed and validated before the schema cache is consulted. */

export type Action = "read" | "create" | "update" | "upsert" | "delete" | "call";

export interface Range {
  offset: number;
  limit?: number;
}

export interface QueryParams {
  select: SelectItem[];
  filters: Array<{ path: string[]; filter: Filter }>;
  logic: Array<{ path: string[]; tree: LogicTree }>;
  order: Array<{ path: string[]; terms: OrderTerm[] }>;
  /** Ranges by embed path joined with "." ("" for the top level). */
  ranges: Map<string, Range>;
  columns?: string[];
  onConflict?: string[];
  /** RPC read arguments: parameters without an operator. */
  rpcArgs: Map<string, string>;
}

export interface Preferences {
  resolution?: "merge-duplicates" | "ignore-duplicates";
  representation?: "full" | "minimal" | "headers-only";
  count?: "exact" | "planned" | "estimated";
  missing?: "default" | "null";
  handling?: "strict" | "lenient";
  maxAffected?: number;
  /** `tx=commit|rollback`, applied only where db-tx-end allows an override (execute.ts). */
  transaction?: "commit" | "rollback";
  invalid: string[];
}

export type MediaType = { kind: "json" | "single" | "csv"; stripNulls: boolean };

export interface Payload {
  /** The body text as sent (kept verbatim so numbers keep their precision in Postgres). */
  raw: string;
  /** The JSON value, used to know its shape and keys. */
  value: unknown;
  keys: string[];
}

export interface ApiRequest {
  method: string;
  target: { kind: "relation" | "routine"; name: string };
  action: Action;
  headOnly: boolean;
  schema: string;
  negotiatedByProfile: boolean;
  query: QueryParams;
  preferences: Preferences;
  media: MediaType;
  range: Range;
  payload?: Payload;
}

/** Everything a request asks for, from its method, path, query string, headers and body. */
export function parseApiRequest(
  raw: Request,
  path: string[],
  exposedSchemas: string[],
  body: string | null,
): ApiRequest {
  const method = raw.method.toUpperCase();
  const { schema, negotiatedByProfile } = resolveSchema(raw.headers, method, exposedSchemas);
  const target = resolveTarget(path);
  const action = resolveAction(target, method);
  const query = parseQueryParams(new URL(raw.url).searchParams, action === "call" && method !== "POST");
  return {
    method,
    target,
    action,
    headOnly: method === "HEAD",
    schema,
    negotiatedByProfile,
    query,
    preferences: parsePreferences(raw.headers),
    media: negotiateMedia(raw.headers.get("accept")),
    range: topLevelRange(query, method, raw.headers),
    payload:
      body === null ? undefined : parsePayload(body, raw.headers.get("content-type"), action, query.columns),
  };
}

export function resolveTarget(path: string[]): ApiRequest["target"] {
  if (path.length === 1 && path[0]) return { kind: "relation", name: path[0] };
  if (path.length === 2 && path[0] === "rpc" && path[1]) return { kind: "routine", name: path[1] };
  throw apiErrors.invalidPath();
}

export function resolveAction(target: ApiRequest["target"], method: string): Action {
  if (target.kind === "routine") {
    if (method === "GET" || method === "HEAD" || method === "POST") return "call";
    throw apiErrors.invalidRpcMethod(method);
  }
  const actions: Record<string, Action> = {
    GET: "read",
    HEAD: "read",
    POST: "create",
    PUT: "upsert",
    PATCH: "update",
    DELETE: "delete",
  };
  const action = actions[method];
  if (!action) throw apiErrors.unsupportedMethod(method);
  return action;
}

/** Accept-Profile for reads, Content-Profile for writes, among the exposed schemas. */
export function resolveSchema(
  headers: Headers,
  method: string,
  exposed: string[],
): { schema: string; negotiatedByProfile: boolean } {
  const isWrite = ["POST", "PATCH", "PUT", "DELETE"].includes(method);
  const profile = headers.get(isWrite ? "content-profile" : "accept-profile");
  if (profile === null) return { schema: exposed[0] as string, negotiatedByProfile: exposed.length !== 1 };
  if (!exposed.includes(profile)) throw apiErrors.unacceptableSchema(profile, exposed);
  return { schema: profile, negotiatedByProfile: true };
}

// Query string --------------------------------------------------------------------------------

const RESERVED = new Set(["select", "columns", "on_conflict"]);
const EMBEDDABLE = new Set(["order", "limit", "offset", "and", "or"]);

export function parseQueryParams(search: URLSearchParams, isRpcRead: boolean): QueryParams {
  const query: QueryParams = {
    select: parseSelect(search.get("select") ?? "*"),
    filters: [],
    logic: [],
    order: [],
    ranges: new Map(),
    rpcArgs: new Map(),
  };
  const columns = search.get("columns");
  if (columns !== null) query.columns = parseColumns("columns parameter", columns);
  const onConflict = search.get("on_conflict");
  if (onConflict !== null) query.onConflict = parseColumns("on_conflict parameter", onConflict);

  for (const [key, value] of search) {
    if (RESERVED.has(key)) continue;
    const lastWord = key.split(".").at(-1) as string;
    if (EMBEDDABLE.has(lastWord)) addEmbeddable(query, key, lastWord, value);
    else if (isRpcRead && !looksLikeFilter(value)) query.rpcArgs.set(key, value);
    else {
      const { path, field } = parseTreePath(key);
      query.filters.push({ path, filter: { field, expr: parseFilterValue(value) } });
    }
  }
  return query;
}

function addEmbeddable(query: QueryParams, key: string, word: string, value: string): void {
  if (word === "and" || word === "or") {
    query.logic.push(parseLogic(key, value));
    return;
  }
  const path = key.split(".").slice(0, -1);
  if (path.length) parseTreePath(path.join("."));
  if (word === "order") {
    query.order.push({ path, terms: parseOrder(value) });
    return;
  }
  const pathKey = path.join(".");
  const range = query.ranges.get(pathKey) ?? { offset: 0 };
  const number = /^-?\d+$/.test(value) ? Number(value) : undefined;
  if (number === undefined) return;
  if (word === "limit") range.limit = number;
  else range.offset = number;
  query.ranges.set(pathKey, range);
}

/** The top-level range from limit/offset and, for GET, a `Range: 0-9` header. */
export function topLevelRange(query: QueryParams, method: string, headers: Headers): Range {
  const fromQuery = query.ranges.get("") ?? { offset: 0 };
  if (fromQuery.limit !== undefined && fromQuery.limit < 0) throw apiErrors.negativeLimit();
  const header = method === "GET" ? headers.get("range") : null;
  const match = header ? /^(\d+)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return fromQuery;
  const lower = Number(match[1]);
  const upper = match[2] ? Number(match[2]) : undefined;
  if (upper !== undefined && upper < lower) throw apiErrors.lowerGreaterThanUpper();
  if (fromQuery.limit === 0) return fromQuery;
  const offset = Math.max(lower, fromQuery.offset);
  const headerEnd = upper === undefined ? Number.POSITIVE_INFINITY : upper + 1;
  const queryEnd =
    fromQuery.limit === undefined ? Number.POSITIVE_INFINITY : fromQuery.offset + fromQuery.limit;
  const end = Math.min(headerEnd, queryEnd);
  return Number.isFinite(end) ? { offset, limit: Math.max(end - offset, 0) } : { offset };
}

// Prefer --------------------------------------------------------------------------------------

const PREFERENCE_VALUES: Record<string, [keyof Preferences, string]> = {
  "resolution=merge-duplicates": ["resolution", "merge-duplicates"],
  "resolution=ignore-duplicates": ["resolution", "ignore-duplicates"],
  "return=representation": ["representation", "full"],
  "return=minimal": ["representation", "minimal"],
  "return=headers-only": ["representation", "headers-only"],
  "count=exact": ["count", "exact"],
  "count=planned": ["count", "planned"],
  "count=estimated": ["count", "estimated"],
  "missing=default": ["missing", "default"],
  "missing=null": ["missing", "null"],
  "handling=strict": ["handling", "strict"],
  "handling=lenient": ["handling", "lenient"],
  "tx=commit": ["transaction", "commit"],
  "tx=rollback": ["transaction", "rollback"],
};

/** Several Prefer headers and comma-separated values; the first value of each kind wins. */
export function parsePreferences(headers: Headers): Preferences {
  const values = (headers.get("prefer") ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  const preferences: Preferences = { invalid: [] };
  const settable = preferences as unknown as Record<string, unknown>;
  for (const value of values) {
    const known = PREFERENCE_VALUES[value];
    if (known) {
      settable[known[0]] ??= known[1];
    } else if (value.startsWith("max-affected=") && /^\d+$/.test(value.slice(13))) {
      preferences.maxAffected ??= Number(value.slice(13));
    } else if (!value.startsWith("timezone=")) {
      // Timestamps keep the database's time zone: `timezone=` is accepted without effect.
      preferences.invalid.push(value);
    }
  }
  if (preferences.handling === "strict" && preferences.invalid.length)
    throw apiErrors.invalidPreferences(preferences.invalid);
  return preferences;
}

/** The Preference-Applied header: what the response honoured. */
export function appliedPreferences(request: ApiRequest, extra: { resolution: boolean }): string | null {
  const { preferences, action } = request;
  const isMutation = ["create", "update", "upsert", "delete"].includes(action);
  const representationNames = { full: "representation", minimal: "minimal", "headers-only": "headers-only" };
  const applied = [
    extra.resolution && preferences.resolution ? `resolution=${preferences.resolution}` : null,
    (action === "create" || action === "update") && preferences.missing
      ? `missing=${preferences.missing}`
      : null,
    isMutation && preferences.representation
      ? `return=${representationNames[preferences.representation]}`
      : null,
    preferences.count ? `count=${preferences.count}` : null,
    preferences.handling ? `handling=${preferences.handling}` : null,
    preferences.handling === "strict" &&
    preferences.maxAffected !== undefined &&
    action !== "read" &&
    action !== "create"
      ? `max-affected=${preferences.maxAffected}`
      : null,
  ].filter((value): value is string => value !== null);
  return applied.length ? applied.join(", ") : null;
}

// Accept --------------------------------------------------------------------------------------

/** Picks the response media type from Accept, honouring q-values; unknown types get 406 PGRST107. */
export function negotiateMedia(accept: string | null): MediaType {
  if (!accept?.trim()) return { kind: "json", stripNulls: false };
  const offered = accept
    .split(",")
    .map((part, index) => {
      const [type = "", ...params] = part.split(";").map((piece) => piece.trim());
      const parameters = new Map(
        params.map((param) => {
          const [name = "", value = ""] = param.split("=").map((piece) => piece.trim());
          return [name.toLowerCase(), value.replace(/^"|"$/g, "")];
        }),
      );
      const quality = Number(parameters.get("q") ?? "1");
      return { type: type.toLowerCase(), parameters, quality: Number.isNaN(quality) ? 0 : quality, index };
    })
    .filter((entry) => entry.type && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { type, parameters } of offered) {
    const stripNulls = parameters.get("nulls") === "stripped";
    if (["application/json", "application/*", "*/*"].includes(type))
      return { kind: "json", stripNulls: false };
    if (type === "application/vnd.pgrst.object+json" || type === "application/vnd.pgrst.object")
      return { kind: "single", stripNulls };
    if (type === "application/vnd.pgrst.array+json" || type === "application/vnd.pgrst.array")
      return { kind: "json", stripNulls };
    if (type === "text/csv") return { kind: "csv", stripNulls: false };
  }
  throw apiErrors.mediaType(accept.split(",").map((part) => part.trim()));
}

// Body ----------------------------------------------------------------------------------------

/**
 * The JSON body of a write or RPC call, as PostgREST checks it: valid JSON; an array of objects
 * with the same keys unless `columns` names them; anything else becomes an empty array.
 */
export function parsePayload(
  raw: string,
  contentType: string | null,
  action: Action,
  columns?: string[],
): Payload {
  const mime = (contentType ?? "application/json").split(";")[0]?.trim().toLowerCase() ?? "";
  if (mime !== "application/json" && !(action === "call" && mime === "")) {
    if (mime === "application/x-www-form-urlencoded") return formPayload(raw);
    throw apiErrors.invalidBody(`Content-Type not acceptable: ${mime}`);
  }
  if (raw.trim() === "" && action === "call") return { raw: "{}", value: {}, keys: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw apiErrors.invalidBody("Empty or invalid json");
  }
  if (columns) return { raw, value, keys: columns };
  if (Array.isArray(value)) {
    if (value.length === 0) return { raw: "[]", value, keys: [] };
    const first = value[0];
    if (!isObject(first)) throw apiErrors.invalidBody("All object keys must match");
    const keys = Object.keys(first);
    const uniform = value.every(
      (item) => isObject(item) && Object.keys(item).length === keys.length && keys.every((k) => k in item),
    );
    if (!uniform) throw apiErrors.invalidBody("All object keys must match");
    return { raw, value, keys };
  }
  if (isObject(value)) return { raw, value, keys: Object.keys(value) };
  return { raw: "[]", value: [], keys: [] };
}

function formPayload(raw: string): Payload {
  const value = Object.fromEntries(new URLSearchParams(raw));
  return { raw: JSON.stringify(value), value, keys: Object.keys(value) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
