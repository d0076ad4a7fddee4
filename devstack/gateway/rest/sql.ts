import pg from "pg";
import type { Field, OpExpr } from "./grammar.ts";
import { ident, qualified } from "./identifiers.ts";
import type {
  CallPlan,
  Condition,
  DeletePlan,
  Embed,
  InsertPlan,
  MutationPlan,
  OrderItem,
  ReadNode,
  SelectField,
  UpdatePlan,
} from "./plan.ts";
import type { Range } from "./request.ts";
import type { Column } from "./schema-cache.ts";

/**
 * SQL text for plans. Identifiers come from the schema cache and are always quoted; every value
 * from the request is a bound parameter or an escaped literal, untyped either way so Postgres infers
 * it from the column, as PostgREST does. One statement per request: embeds are lateral subqueries aggregated to JSON.
 */

export class Params {
  /** The values to bind; empty when they are written into the text as literals. */
  readonly values: string[] = [];
  /** Whether a value holds a NUL byte, which no literal can (the query text would end there). */
  unquotable = false;

  /**
   * `literals`: each value goes into the text as an escaped, untyped literal instead, which Postgres
   * types from its context exactly as it types an untyped parameter, so the statement can share a
   * simple-protocol round trip with the transaction's set-up (see db-session.ts).
   */
  constructor(private readonly literals = false) {}

  add(value: string): string {
    if (this.literals) {
      if (value.includes("\0")) this.unquotable = true;
      return pg.escapeLiteral(value);
    }
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface ReadOptions {
  /** Cap on every node's rows (Supabase's max_rows); absent for a write's representation. */
  maxRows?: number;
  /** A scalar function result: the row is the single `pgrst_scalar` column. */
  scalar?: boolean;
}

// Reads ---------------------------------------------------------------------------------------

export function readSql(node: ReadNode, params: Params, options: ReadOptions): string {
  const from = `${node.from}${node.alias ? ` AS ${ident(node.alias)}` : ""}`;
  const select = options.scalar ? [`${node.qualifier}.pgrst_scalar`] : selectList(node, params);
  const joins = node.embeds.map((embed) => embedJoin(embed, params, options));
  return [
    `SELECT ${select.join(", ")}`,
    `FROM ${from}${junctionFrom(node)}`,
    ...joins,
    whereClause([...joinConditions(node), ...node.where.map((c) => conditionSql(c, node.qualifier, params))]),
    groupClause(node, params),
    orderClause(node.order, node.qualifier, params),
    limitClause(node.range, options.maxRows),
  ]
    .filter(Boolean)
    .join(" ");
}

function selectList(node: ReadNode, params: Params): string[] {
  const fields = node.fields.length || node.embeds.length ? node.fields : [{ column: "*", jsonPath: [] }];
  return [
    ...fields.map((field) => selectFieldSql(field, node.qualifier, params)),
    ...node.embeds.flatMap((embed) => embedOutputs(embed)),
  ];
}

function selectFieldSql(field: SelectField, qualifier: string, params: Params): string {
  if (field.column === "*" && !field.aggregate) return `${qualifier}.*`;
  let expression = fieldExpression(field, qualifier, params);
  if (field.aggregate) {
    expression = `${field.aggregate.toUpperCase()}(${field.column === "*" ? "*" : expression})`;
    if (field.aggregateCast) expression = `CAST(${expression} AS ${field.aggregateCast})`;
  }
  return field.outputName === undefined ? expression : `${expression} AS ${ident(field.outputName)}`;
}

function fieldExpression(field: SelectField, qualifier: string, params: Params): string {
  const expression = columnSql(qualifier, field.column, field.jsonPath, params, field.toJson, field.computed);
  return field.cast ? `CAST(${expression} AS ${field.cast})` : expression;
}

/** With an aggregate in the select, every other field and embed of the node is a group. */
function groupClause(node: ReadNode, params: Params): string {
  if (!node.fields.some((field) => field.aggregate)) return "";
  const terms = [
    ...node.fields
      .filter((field) => !field.aggregate)
      .map((field) =>
        field.outputName ? ident(field.outputName) : fieldExpression(field, node.qualifier, params),
      ),
    ...node.embeds.flatMap((embed) =>
      embed.spread
        ? spreadNames(embed).map((name) => `${ident(embed.aggAlias)}.${ident(name)}`)
        : isEmptyEmbed(embed)
          ? []
          : [ident(embed.outputName)],
    ),
  ];
  return terms.length ? `GROUP BY ${terms.join(", ")}` : "";
}

function columnSql(
  qualifier: string,
  column: string,
  jsonPath: Field["jsonPath"],
  params: Params,
  toJson = false,
  computed?: string,
): string {
  const path = jsonPath
    .map((step) => `${step.arrow}${step.isIndex ? `${params.add(step.key)}::int` : params.add(step.key)}`)
    .join("");
  const reference = computed ? `${computed}(${rowReference(qualifier)})` : `${qualifier}.${ident(column)}`;
  return `${toJson ? `to_jsonb(${reference})` : reference}${path}`;
}

/**
 * The row a qualifier names, as a value: `"schema"."table"` reads its rows as `"table"` (the
 * implicit alias), an alias as itself.
 */
function rowReference(qualifier: string): string {
  const parts = qualifier.match(/"(?:[^"]|"")*"/g);
  return parts?.at(-1) ?? qualifier;
}

/** The names a node contributes to its parent's row (for spreads). */
function outputNames(node: ReadNode): string[] | "*" {
  if (
    node.fields.some((field) => field.column === "*") ||
    (node.fields.length === 0 && node.embeds.length === 0)
  )
    return "*";
  return [
    ...node.fields.map((field) => field.outputName ?? field.column),
    ...node.embeds.flatMap((embed) => (embed.spread ? spreadNames(embed) : [embed.outputName])),
  ];
}

function spreadNames(embed: Embed): string[] {
  const names = outputNames(embed.node);
  return names === "*" ? [...embed.node.columns.keys()] : names;
}

/** `target()` with nothing selected only filters (with `!inner`); it adds no key to the row. */
function isEmptyEmbed(embed: Embed): boolean {
  return embed.node.fields.length === 0 && embed.node.embeds.every(isEmptyEmbed);
}

function embedOutputs(embed: Embed): string[] {
  const alias = ident(embed.aggAlias);
  if (embed.spread) {
    const names = outputNames(embed.node);
    if (names === "*" && embed.toOne) return [`${alias}.*`];
    return spreadNames(embed).map((name) => `${alias}.${ident(name)}`);
  }
  if (isEmptyEmbed(embed)) return [];
  if (embed.toOne) return [`row_to_json(${alias}.*)::jsonb AS ${ident(embed.outputName)}`];
  return [`COALESCE(${alias}.${alias}, '[]') AS ${ident(embed.outputName)}`];
}

function embedJoin(embed: Embed, params: Params, options: ReadOptions): string {
  const alias = ident(embed.aggAlias);
  const child = readSql(embed.node, params, { maxRows: options.maxRows });
  const join = embed.inner ? "INNER JOIN LATERAL" : "LEFT JOIN LATERAL";
  if (embed.toOne) return `${join} (${child}) AS ${alias} ON TRUE`;
  if (embed.spread) {
    const columns = spreadNames(embed).map(
      (name) => `COALESCE(json_agg(${alias}.${ident(name)}), '[]')::jsonb AS ${ident(name)}`,
    );
    const aggregated = `SELECT ${[...columns, "count(*) AS pgrst_rows"].join(", ")} FROM (${child}) AS ${alias}`;
    return `${join} (${aggregated}) AS ${alias} ON ${embed.inner ? `${alias}.pgrst_rows > 0` : "TRUE"}`;
  }
  const aggregated = `SELECT json_agg(${alias})::jsonb AS ${alias} FROM (${child}) AS ${alias}`;
  return `${join} (${aggregated}) AS ${alias} ON ${embed.inner ? `${alias} IS NOT NULL` : "TRUE"}`;
}

/** A many-to-many embed reads its junction table beside the target table. */
function junctionFrom(node: ReadNode): string {
  const junction = node.parentRelationship?.junction;
  return junction ? `, ${qualified(junction.table.schema, junction.table.name)}` : "";
}

/** How an embedded node's rows relate to its parent's row. */
function joinConditions(node: ReadNode): string[] {
  const relationship = node.parentRelationship;
  const parent = node.parentQualifier;
  if (!relationship || !parent) return [];
  const own = node.qualifier;
  if (relationship.junction) {
    const { table, sourceColumns, targetColumns } = relationship.junction;
    const junction = qualified(table.schema, table.name);
    return [
      ...targetColumns.map(
        ([junctionColumn, target]) => `${junction}.${ident(junctionColumn)} = ${own}.${ident(target)}`,
      ),
      ...sourceColumns.map(
        ([junctionColumn, origin]) => `${junction}.${ident(junctionColumn)} = ${parent}.${ident(origin)}`,
      ),
    ];
  }
  return relationship.columns.map(
    ([origin, target]) => `${own}.${ident(target)} = ${parent}.${ident(origin)}`,
  );
}

function whereClause(conditions: string[]): string {
  return conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
}

function orderClause(order: OrderItem[], qualifier: string, params: Params): string {
  if (!order.length) return "";
  const terms = order.map((item) => {
    const owner = item.relationAlias ? ident(item.relationAlias) : qualifier;
    const direction = item.direction ? ` ${item.direction.toUpperCase()}` : "";
    const nulls = item.nulls ? ` NULLS ${item.nulls.toUpperCase()}` : "";
    return `${columnSql(owner, item.column, item.jsonPath, params, item.toJson, item.computed)}${direction}${nulls}`;
  });
  return `ORDER BY ${terms.join(", ")}`;
}

function limitClause(range: Range, maxRows: number | undefined): string {
  const limit =
    maxRows === undefined
      ? range.limit
      : range.limit === undefined
        ? maxRows
        : Math.min(range.limit, maxRows);
  const parts = [limit === undefined ? "" : `LIMIT ${limit}`, range.offset ? `OFFSET ${range.offset}` : ""];
  return parts.filter(Boolean).join(" ");
}

/**
 * Rows that count towards `count=exact`: the root's filters, with inner embeds and embed null
 * filters as EXISTS so the count does not pay for building the JSON.
 */
export function countSql(node: ReadNode, params: Params): string {
  const from = `${node.from}${node.alias ? ` AS ${ident(node.alias)}` : ""}`;
  const innerEmbeds = node.embeds
    .filter((embed) => embed.inner)
    .map((embed) => `EXISTS (${countSql(embed.node, params)})`);
  const conditions = [
    ...joinConditions(node),
    ...node.where.map((condition) => countConditionSql(condition, node, params)),
    ...innerEmbeds,
  ];
  return [`SELECT 1 FROM ${from}${junctionFrom(node)}`, whereClause(conditions)].filter(Boolean).join(" ");
}

function countConditionSql(condition: Condition, node: ReadNode, params: Params): string {
  if (condition.kind === "nullEmbed") {
    const embed = node.embeds.find((e) => e.aggAlias === condition.aggAlias) as Embed;
    return `${condition.negated ? "" : "NOT "}EXISTS (${countSql(embed.node, params)})`;
  }
  if (condition.kind === "group") {
    const children = condition.children.map((child) => countConditionSql(child, node, params));
    return `${condition.negated ? "NOT " : ""}(${children.join(condition.op === "and" ? " AND " : " OR ")})`;
  }
  return conditionSql(condition, node.qualifier, params);
}

// Conditions ----------------------------------------------------------------------------------

const QUANT_SQL = {
  eq: "=",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "LIKE",
  ilike: "ILIKE",
  match: "~",
  imatch: "~*",
};
const SIMPLE_SQL = {
  neq: "<>",
  cs: "@>",
  cd: "<@",
  ov: "&&",
  sl: "<<",
  sr: ">>",
  nxr: "&<",
  nxl: "&>",
  adj: "-|-",
};
const FTS_SQL = {
  fts: "to_tsquery",
  plfts: "plainto_tsquery",
  phfts: "phraseto_tsquery",
  wfts: "websearch_to_tsquery",
};
const IS_SQL = { null: "NULL", not_null: "NOT NULL", true: "TRUE", false: "FALSE", unknown: "UNKNOWN" };

export function conditionSql(condition: Condition, qualifier: string, params: Params): string {
  if (condition.kind === "nullEmbed")
    return `${ident(condition.aggAlias)} IS ${condition.negated ? "" : "NOT "}DISTINCT FROM NULL`;
  if (condition.kind === "group") {
    const children = condition.children.map((child) => conditionSql(child, qualifier, params));
    return `${condition.negated ? "NOT " : ""}(${children.join(condition.op === "and" ? " AND " : " OR ")})`;
  }
  const column = columnSql(
    qualifier,
    condition.column,
    condition.jsonPath,
    params,
    condition.toJson,
    condition.computed,
  );
  const predicate = predicateSql(condition.expr, column, condition.isTsVector, params);
  return condition.expr.negated ? `NOT (${predicate})` : predicate;
}

function predicateSql(expr: OpExpr, column: string, isTsVector: boolean, params: Params): string {
  const operation = expr.operation;
  switch (operation.kind) {
    case "quant": {
      const isPattern = operation.op === "like" || operation.op === "ilike";
      const value = params.add(isPattern ? operation.value.replaceAll("*", "%") : operation.value);
      const operand = operation.quantifier ? `${operation.quantifier.toUpperCase()}(${value})` : value;
      return `${column} ${QUANT_SQL[operation.op]} ${operand}`;
    }
    case "simple":
      return `${column} ${SIMPLE_SQL[operation.op]} ${params.add(operation.value)}`;
    case "in":
      if (operation.values.length === 1 && operation.values[0] === "") return `${column} = ANY('{}')`;
      return `${column} = ANY(${params.add(arrayLiteral(operation.values))})`;
    case "is":
      return `${column} IS ${IS_SQL[operation.value]}`;
    case "isdistinct":
      return `${column} IS DISTINCT FROM ${params.add(operation.value)}`;
    case "fts": {
      const language =
        operation.language === undefined ? "" : `${params.add(operation.language)}::regconfig, `;
      const vector = isTsVector ? column : `to_tsvector(${language}${column})`;
      return `${vector} @@ ${FTS_SQL[operation.op]}(${language}${params.add(operation.value)})`;
    }
  }
}

/** A Postgres array literal with every element quoted, as PostgREST builds `in.(…)` values. */
export function arrayLiteral(values: string[]): string {
  const quote = (value: string) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  return `{${values.map(quote).join(",")}}`;
}

// Writes --------------------------------------------------------------------------------------

export function mutationSql(
  plan: MutationPlan,
  returning: string[] | "*" | null,
  body: string | null,
  params: Params,
) {
  const target = qualified(plan.table.schema, plan.table.name);
  const returningSql =
    returning === null
      ? "RETURNING 1"
      : returning === "*"
        ? `RETURNING ${target}.*`
        : `RETURNING ${returning.map((name) => `${target}.${ident(name)}`).join(", ")}`;
  if (plan.kind === "insert") return insertSql(plan, target, returningSql, body ?? "[]", params);
  if (plan.kind === "update") return updateSql(plan, target, returning, returningSql, body ?? "[]", params);
  return deleteSql(plan, target, returningSql, params);
}

/** `json_to_recordset` over the body, with column defaults filled in for `Prefer: missing=default`. */
function bodyRecords(columns: Column[], body: string, applyDefaults: boolean, params: Params): string {
  const definitions = columns.map((column) => `${ident(column.name)} ${column.type}`).join(", ");
  const withDefaults = columns.filter((column) => column.defaultExpression !== null);
  const bodyParam = params.add(body);
  if (applyDefaults && withDefaults.length) {
    const defaults = withDefaults
      .map((column) => `${quoteLiteral(column.name)}, ${column.defaultExpression}`)
      .join(", ");
    const merged = `(SELECT jsonb_agg(jsonb_build_object(${defaults}) || pgrst_element) FROM jsonb_array_elements(${bodyParam}::jsonb) AS pgrst_element)`;
    return `jsonb_to_recordset(${merged}) AS pgrst_body(${definitions})`;
  }
  return `json_to_recordset(${bodyParam}::json) AS pgrst_body(${definitions})`;
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** PostgREST counts inserted rows of an upsert through a transaction-local setting. */
const countInsertedRow = (step: "+" | "-") =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${step} 1)::text, true) <> '${step === "+" ? "0" : "-1"}'`;

function insertSql(
  plan: InsertPlan,
  target: string,
  returning: string,
  body: string,
  params: Params,
): string {
  const names = plan.columns.map((column) => ident(column.name));
  const source = names.length
    ? `SELECT ${names.map((name) => `pgrst_body.${name}`).join(", ")} FROM ${bodyRecords(plan.columns, body, plan.applyDefaults, params)}`
    : `SELECT FROM json_array_elements(${params.add(body)}::json)`;
  const filters = [
    ...(plan.countInserted ? [countInsertedRow("+")] : []),
    ...plan.putConditions.map((condition) => conditionSql(condition, "pgrst_body", params)),
  ];
  return [
    `INSERT INTO ${target}${names.length ? ` (${names.join(", ")})` : ""}`,
    source,
    whereClause(filters),
    conflictClause(plan, names),
    returning,
  ]
    .filter(Boolean)
    .join(" ");
}

function conflictClause(plan: InsertPlan, names: string[]): string {
  if (!plan.onConflict) return "";
  const target = `ON CONFLICT (${plan.onConflict.columns.map(ident).join(", ")})`;
  if (plan.onConflict.resolution === "ignore-duplicates" || names.length === 0) return `${target} DO NOTHING`;
  const updates = names.map((name) => `${name} = EXCLUDED.${name}`).join(", ");
  return `${target} DO UPDATE SET ${updates}${plan.countInserted ? ` WHERE ${countInsertedRow("-")}` : ""}`;
}

function updateSql(
  plan: UpdatePlan,
  target: string,
  returning: string[] | "*" | null,
  returningSql: string,
  body: string,
  params: Params,
): string {
  if (plan.columns.length === 0) {
    const columns =
      returning === null
        ? "1"
        : returning === "*"
          ? `${target}.*`
          : returning.map((n) => `${target}.${ident(n)}`).join(", ");
    return `SELECT ${columns} FROM ${target} WHERE false`;
  }
  const assignments = plan.columns.map(
    (column) => `${ident(column.name)} = pgrst_body.${ident(column.name)}`,
  );
  const records = bodyRecords(plan.columns, body, plan.applyDefaults, params);
  return [
    `UPDATE ${target} SET ${assignments.join(", ")}`,
    `FROM (SELECT * FROM ${records} LIMIT 1) AS pgrst_body`,
    whereClause(mutationConditions(plan, target, params)),
    returningSql,
  ].join(" ");
}

function deleteSql(plan: DeletePlan, target: string, returning: string, params: Params): string {
  return [`DELETE FROM ${target}`, whereClause(mutationConditions(plan, target, params)), returning]
    .filter(Boolean)
    .join(" ");
}

/** Filters of an UPDATE/DELETE; with limit/offset, only the rows a limited, ordered read would pick. */
function mutationConditions(plan: UpdatePlan | DeletePlan, target: string, params: Params): string[] {
  const conditions = plan.where.map((condition) => conditionSql(condition, target, params));
  const limited = plan.range.limit !== undefined || plan.range.offset !== 0;
  if (!limited) return conditions;
  const inner = ident("pgrst_limited");
  const picked = [
    `SELECT ${inner}.ctid FROM ${target} AS ${inner}`,
    whereClause(plan.where.map((condition) => conditionSql(condition, inner, params))),
    orderClause(plan.order, inner, params),
    limitClause(plan.range, undefined),
  ]
    .filter(Boolean)
    .join(" ");
  return [...conditions, `${target}.ctid = ANY(ARRAY(${picked}))`];
}

// RPC -----------------------------------------------------------------------------------------

export function callSql(call: CallPlan, body: string | null, params: Params): string {
  const { routine, args } = call;
  const fn = qualified(routine.schema, routine.name);
  let from = "";
  let argumentList: string[] = [];
  if (args.mode === "whole-body") {
    argumentList = [`${params.add(body ?? "{}")}::${args.param.type}`];
  } else if (args.mode === "direct") {
    argumentList = args.params.map(
      (param) =>
        `${param.variadic ? "VARIADIC " : ""}${ident(param.name)} := ${params.add(args.values.get(param.name) ?? "")}::${param.type}`,
    );
  } else if (args.params.length) {
    const columns = args.params.map((param) => ({
      name: param.name,
      type: param.type,
      nullable: true,
      defaultExpression: null,
      isTsVector: false,
    }));
    from = `(SELECT * FROM ${bodyRecords(columns, wrapInArray(body ?? "{}"), false, params)} LIMIT 1) AS pgrst_args, `;
    argumentList = args.params.map(
      (param) =>
        `${param.variadic ? "VARIADIC " : ""}${ident(param.name)} := pgrst_args.${ident(param.name)}`,
    );
  }
  const invocation = `${fn}(${argumentList.join(", ")})`;
  if (routine.returns === "composite")
    return `SELECT pgrst_call.* FROM ${from}LATERAL ${invocation} AS pgrst_call`;
  return `SELECT pgrst_call.pgrst_scalar FROM ${from}LATERAL (SELECT ${invocation} AS pgrst_scalar) AS pgrst_call`;
}

/** json_to_recordset wants an array; an object body is one row. */
export function wrapInArray(body: string): string {
  return body.trimStart().startsWith("[") ? body : `[${body}]`;
}
