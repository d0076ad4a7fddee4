/**
 * PostgREST's error vocabulary: the `{code, message, details, hint}` body, the PGRSTnnn codes and
 * the SQLSTATE → HTTP status mapping, so clients see the errors hosted Supabase gives them.
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): { code: string; details: unknown; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: a query parameter PostgREST's grammar rejects; message and details in PostgREST's form. */
export function queryParamError(what: string, input: string, column: number, details: string): RestError {
  return new RestError(
    400,
    "PGRST100",
    `"failed to parse ${what} (${input})" (line 1, column ${column})`,
    details,
  );
}

export const apiErrors = {
  invalidRpcMethod: (method: string) =>
    new RestError(405, "PGRST101", `Cannot use the ${method} method on RPC`),
  invalidBody: (message: string) => new RestError(400, "PGRST102", message),
  negativeLimit: () =>
    new RestError(
      400,
      "PGRST103",
      "Requested range not satisfiable",
      "Limit should be greater than or equal to zero.",
    ),
  lowerGreaterThanUpper: () =>
    new RestError(
      416,
      "PGRST103",
      "Requested range not satisfiable",
      "The lower boundary must be lower than or equal to the upper boundary in the Range header.",
    ),
  outOfBounds: (offset: number, total: number) =>
    new RestError(
      416,
      "PGRST103",
      "Requested range not satisfiable",
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    ),
  invalidPutFilters: () =>
    new RestError(
      405,
      "PGRST105",
      "Filters must include all and only primary key columns with 'eq' operators",
    ),
  unacceptableSchema: (schema: string, exposed: string[]) =>
    new RestError(
      406,
      "PGRST106",
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(", ")}`,
    ),
  mediaType: (types: string[]) =>
    new RestError(406, "PGRST107", `None of these media types are available: ${types.join(", ")}`),
  notEmbedded: (resource: string) =>
    new RestError(
      400,
      "PGRST108",
      `'${resource}' is not an embedded resource in this request`,
      null,
      `Verify that '${resource}' is included in the 'select' query parameter.`,
    ),
  putLimit: () =>
    new RestError(400, "PGRST114", "limit/offset querystring parameters are not allowed for PUT"),
  putMatchingPk: () =>
    new RestError(400, "PGRST115", "Payload values do not match URL in primary key column(s)"),
  singularity: (rows: number) =>
    new RestError(
      406,
      "PGRST116",
      "Cannot coerce the result to a single JSON object",
      `The result contains ${rows} rows`,
    ),
  unsupportedMethod: (method: string) => new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`),
  relatedOrderNotToOne: (origin: string, target: string) =>
    new RestError(
      400,
      "PGRST118",
      `A related order on '${target}' is not possible`,
      `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
    ),
  unacceptableFilter: (target: string) =>
    new RestError(
      400,
      "PGRST120",
      `Bad operator on the '${target}' embedded resource`,
      "Only is null or not is null filters are allowed on embedded resources",
    ),
  invalidPreferences: (prefs: string[]) =>
    new RestError(
      400,
      "PGRST122",
      "Invalid preferences given with handling=strict",
      `Invalid preferences: ${prefs.join(", ")}`,
    ),
  /** PostgREST's AggregatesNotAllowed: aggregates are off until db-aggregates-enabled turns them on. */
  aggregatesNotAllowed: () => new RestError(400, "PGRST123", "Use of aggregate functions is not allowed"),
  maxAffected: (rows: number) =>
    new RestError(
      400,
      "PGRST124",
      "Query result exceeds max-affected preference constraint",
      `The query affects ${rows} rows`,
    ),
  invalidPath: () => new RestError(404, "PGRST125", "Invalid path specified in request URL"),
  schemaCacheUnavailable: () =>
    new RestError(
      503,
      "PGRST002",
      "Could not query the database for the schema cache. Retrying.",
      null,
      null,
      {
        "Retry-After": "1",
      },
    ),
  connection: (details: string | null) =>
    new RestError(503, "PGRST000", "Database connection error.", details),
  payloadTooLarge: (limit: number) =>
    new RestError(413, "413", "Payload Too Large", `The request body is larger than ${limit} bytes.`),
};

export const schemaErrors = {
  noRelationship: (
    origin: string,
    target: string,
    hint: string | undefined,
    schema: string,
    suggestion: string | null,
  ) =>
    new RestError(
      400,
      "PGRST200",
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}${
        hint === undefined ? "" : `' using the hint '${hint}`
      }' in the schema '${schema}', but no matches were found.`,
      suggestion,
    ),
  ambiguousRelationship: (origin: string, target: string, details: unknown, hint: string) =>
    new RestError(
      300,
      "PGRST201",
      `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
      details,
      hint,
    ),
  noFunction: (message: string, details: string, hint: string | null) =>
    new RestError(404, "PGRST202", message, details, hint),
  ambiguousFunction: (candidates: string) =>
    new RestError(
      300,
      "PGRST203",
      `Could not choose the best candidate function between: ${candidates}`,
      null,
      "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    ),
  noColumn: (table: string, column: string) =>
    new RestError(400, "PGRST204", `Could not find the '${column}' column of '${table}' in the schema cache`),
  noTable: (schema: string, table: string, suggestion: string | null) =>
    new RestError(
      404,
      "PGRST205",
      `Could not find the table '${schema}.${table}' in the schema cache`,
      null,
      suggestion === null ? null : `Perhaps you meant the table '${schema}.${suggestion}'`,
    ),
};

/** What Postgres says about a column it cannot find, which PostgREST passes on for reads. */
export function undefinedColumn(qualifier: string, column: string): RestError {
  return new RestError(400, "42703", `column ${qualifier}.${column} does not exist`);
}

export const jwtErrors = {
  decode: (message: string) => jwtError("PGRST301", message),
  expired: () => jwtError("PGRST303", "JWT expired"),
};

function jwtError(code: string, message: string): RestError {
  return new RestError(401, code, message, null, null, {
    "WWW-Authenticate": `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
}

interface PostgresError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/** A database error as PostgREST reports it. `authenticated`: the request's role is not anon. */
export function fromPostgresError(error: unknown, authenticated: boolean): RestError {
  const pgError = error as PostgresError;
  const code = pgError.code;
  const message = pgError.message ?? String(error);
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return apiErrors.connection(message);
  // A server in crash recovery refuses new connections with 57P03 ("the database system is starting
  // up"); PostgREST reports any failure to get a connection as 503 PGRST000, so clients retry.
  if (code === "57P03") return apiErrors.connection(message);
  if (code === "PGRST") return raisedPgrstError(pgError);
  const status = statusForSqlState(code, message, authenticated);
  const headers: Record<string, string> = status === 401 ? { "WWW-Authenticate": "Bearer" } : {};
  return new RestError(status, code, message, pgError.detail ?? null, pgError.hint ?? null, headers);
}

/** PostgREST's SQLSTATE → HTTP status table. */
function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  const exact: Record<string, number> = {
    "23503": 409,
    "23505": 409,
    "25006": 405,
    "53400": 500,
    "57P01": 503,
    P0001: 400,
    "42P01": 404,
    "42P17": 500,
  };
  if (code in exact) return exact[code] as number;
  if (code === "42501") return authenticated ? 403 : 401;
  if (code === "42883") return message.startsWith("function xmlagg(") ? 406 : 404;
  if (code === "21000") return message.endsWith("requires a WHERE clause") ? 400 : 500;
  if (code === "22023") return message.startsWith("role") && message.endsWith("does not exist") ? 401 : 400;
  if (code.startsWith("PT")) {
    const status = Number(code.slice(2));
    return status >= 100 && status <= 599 ? status : 500;
  }
  const byClass: Record<string, number> = {
    "08": 503,
    "09": 500,
    "0L": 403,
    "0P": 403,
    "25": 500,
    "28": 403,
    "2D": 500,
    "38": 500,
    "39": 500,
    "3B": 500,
    "40": 500,
    "53": 503,
    "54": 500,
    "55": 500,
    "57": 500,
    "58": 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/**
 * `raise sqlstate 'PGRST' using message = '{"code":…,"message":…}', detail = '{"status":…,"headers":…}'`
 * gives a function full control over the response, as in PostgREST.
 */
function raisedPgrstError(error: PostgresError): RestError {
  const body = parseObject(error.message);
  const control = parseObject(error.detail);
  if (!body || typeof body.code !== "string" || typeof body.message !== "string") {
    return new RestError(
      500,
      "PGRST121",
      `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
      `Invalid JSON value for MESSAGE: '${error.message ?? ""}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  if (!control || typeof control.status !== "number" || typeof control.headers !== "object") {
    return new RestError(
      500,
      "PGRST121",
      `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
      error.detail
        ? `Invalid JSON value for DETAIL: '${error.detail}'`
        : "DETAIL is missing in the RAISE statement",
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    );
  }
  const headers = Object.fromEntries(
    Object.entries(control.headers as Record<string, unknown>).map(([name, value]) => [name, String(value)]),
  );
  return new RestError(
    control.status,
    body.code,
    body.message,
    typeof body.details === "string" ? body.details : null,
    typeof body.hint === "string" ? body.hint : null,
    headers,
  );
}

function parseObject(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
