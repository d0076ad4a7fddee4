import { apiErrors, RestError, schemaErrors, undefinedColumn } from "./errors.ts";
import { closest } from "./fuzzy.ts";
import type { Aggregate, Field, Filter, LogicTree, OpExpr, OrderTerm, SelectItem } from "./grammar.ts";
import { ident, qualified } from "./identifiers.ts";
import type { ApiRequest, Range } from "./request.ts";
import type { Column, Relationship, Routine, RoutineParam, SchemaCache, Table } from "./schema-cache.ts";

/**
 * Turns a parsed request into a plan whose every identifier exists in the schema cache:
 * a tree of reads (the root and its embedded resources), and for writes and RPC the statement
 * whose rows that tree then shapes.
 */

export interface SelectField {
  /** The column, or "*" for all of them. */
  column: string;
  jsonPath: Field["jsonPath"];
  /** An array column followed into by a JSON path is read as jsonb first, as PostgREST does. */
  toJson?: boolean;
  cast?: string;
  /** An aggregate (only when db-aggregates-enabled is on): the other fields of the node become GROUP BY terms. */
  aggregate?: Aggregate;
  aggregateCast?: string;
  outputName?: string;
  /** A computed field's function (schema-cache.ts): called with the row instead of a column. */
  computed?: string;
}

export type Condition =
  | {
      kind: "filter";
      column: string;
      jsonPath: Field["jsonPath"];
      toJson: boolean;
      expr: OpExpr;
      isTsVector: boolean;
      computed?: string;
    }
  | { kind: "nullEmbed"; aggAlias: string; negated: boolean }
  | { kind: "group"; negated: boolean; op: "and" | "or"; children: Condition[] };

export interface OrderItem {
  /** Set when ordering by a to-one embed's column: that embed's lateral alias. */
  relationAlias?: string;
  column: string;
  jsonPath: Field["jsonPath"];
  toJson?: boolean;
  direction?: "asc" | "desc";
  nulls?: "first" | "last";
  computed?: string;
}

export interface ReadNode {
  table: Table;
  /** Columns allowed in this node (a table's, or a function result's). */
  columns: Map<string, Column>;
  /** FROM source (a qualified table, or the mutation/call CTE). */
  from: string;
  /** Name used to qualify columns and in Postgres' error messages. */
  qualifierName: string;
  /** SQL qualifier: `"schema"."table"` at the root of a read, the alias elsewhere. */
  qualifier: string;
  alias?: string;
  fields: SelectField[];
  embeds: Embed[];
  where: Condition[];
  order: OrderItem[];
  range: Range;
  depth: number;
  /** For an embedded node: the relationship to its parent and the parent's qualifier. */
  parentRelationship?: Relationship;
  parentQualifier?: string;
}

export interface Embed {
  node: ReadNode;
  relationship: Relationship;
  /** The relation name or alias as written in `select`: the output key and the path name. */
  pathName: string;
  outputName: string;
  aggAlias: string;
  inner: boolean;
  spread: boolean;
  toOne: boolean;
}

export interface InsertPlan {
  kind: "insert";
  table: Table;
  columns: Column[];
  onConflict?: { columns: string[]; resolution: "merge-duplicates" | "ignore-duplicates" };
  countInserted: boolean;
  applyDefaults: boolean;
  /** Condition restricting the rows of a PUT to the URL's key. */
  putConditions: Condition[];
}

export interface UpdatePlan {
  kind: "update";
  table: Table;
  columns: Column[];
  applyDefaults: boolean;
  where: Condition[];
  order: OrderItem[];
  range: Range;
}

export interface DeletePlan {
  kind: "delete";
  table: Table;
  where: Condition[];
  order: OrderItem[];
  range: Range;
}

export type MutationPlan = InsertPlan | UpdatePlan | DeletePlan;

export interface CallPlan {
  kind: "call";
  routine: Routine;
  args:
    | { mode: "json"; params: RoutineParam[] }
    | { mode: "direct"; params: RoutineParam[]; values: Map<string, string> }
    | { mode: "whole-body"; param: RoutineParam };
}

export type Plan =
  | { kind: "read"; read: ReadNode }
  | { kind: "mutation"; mutation: MutationPlan; read: ReadNode; returning: string[] | "*" | null }
  | { kind: "call"; call: CallPlan; read: ReadNode };

export function buildPlan(request: ApiRequest, cache: SchemaCache): Plan {
  if (request.target.kind === "routine") return callPlan(request, cache);
  const table = findTable(cache, request.schema, request.target.name);
  if (request.action === "read") {
    const root = rootNode(table, table.columns, qualified(table.schema, table.name), table.name);
    return { kind: "read", read: shapeTree(root, request, cache, true) };
  }
  return mutationPlan(request, cache, table);
}

function findTable(cache: SchemaCache, schema: string, name: string): Table {
  const table = cache.table(schema, name);
  if (!table) throw schemaErrors.noTable(schema, name, closest(cache.tableNames(schema), name, 0.75));
  return table;
}

function rootNode(table: Table, columns: Map<string, Column>, from: string, qualifierName: string): ReadNode {
  const isTable = from !== "pgrst_source";
  return {
    table,
    columns,
    from,
    qualifierName,
    qualifier: isTable ? from : ident(qualifierName),
    alias: isTable ? undefined : qualifierName,
    fields: [],
    embeds: [],
    where: [],
    order: [],
    range: { offset: 0 },
    depth: 0,
  };
}

/** Adds select, embeds, filters, orders and ranges of the request to a root node. */
function shapeTree(root: ReadNode, request: ApiRequest, cache: SchemaCache, rootFilters: boolean): ReadNode {
  const { query } = request;
  applySelect(root, query.select, cache, request.schema);
  for (const { path, filter } of query.filters) {
    if (path.length === 0 && !rootFilters) continue;
    const node = nodeAt(root, path);
    node.where.push(resolveFilter(node, filter));
  }
  for (const { path, tree } of query.logic) {
    if (path.length === 0 && !rootFilters) continue;
    const node = nodeAt(root, path);
    node.where.push(resolveLogic(node, tree));
  }
  for (const { path, terms } of query.order) {
    if (path.length === 0 && !rootFilters) continue;
    const node = nodeAt(root, path);
    node.order = terms.map((term) => resolveOrder(node, term));
  }
  for (const [pathKey, range] of query.ranges) {
    if (pathKey === "") continue;
    nodeAt(root, pathKey.split(".")).range = range;
  }
  if (rootFilters) root.range = request.range;
  return root;
}

function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const name of path) {
    const embed = node.embeds.find((candidate) => candidate.pathName === name);
    if (!embed) throw apiErrors.notEmbedded(name);
    node = embed.node;
  }
  return node;
}

// select and embeds ---------------------------------------------------------------------------

function applySelect(node: ReadNode, items: SelectItem[], cache: SchemaCache, schema: string): void {
  for (const item of items) {
    if (item.kind === "field" && item.aggregate && !cache.config.aggregatesEnabled)
      throw apiErrors.aggregatesNotAllowed();
    if (item.kind === "field") node.fields.push(resolveSelectField(node, item));
    else node.embeds.push(resolveEmbed(node, item, cache, schema));
  }
}

function resolveSelectField(node: ReadNode, item: Extract<SelectItem, { kind: "field" }>): SelectField {
  const { name, jsonPath } = item.field;
  const isBareStar = name === "*" && !item.cast && (!item.alias || item.aggregate === "count");
  const column = isBareStar || isLegacyCount(node, item) ? undefined : requireColumn(node, name);
  const lastKey = [...jsonPath].reverse().find((step) => !step.isIndex)?.key;
  const outputName =
    item.alias ??
    item.aggregate ??
    (jsonPath.length ? (jsonPath.at(-1)?.isIndex ? (lastKey ?? name) : lastKey) : undefined);
  return {
    column: name,
    jsonPath,
    toJson: needsJson(column, jsonPath),
    cast: item.cast,
    aggregate: item.aggregate,
    aggregateCast: item.aggregateCast,
    computed: column?.computed,
    outputName: outputName ?? (item.cast ? name : undefined),
  };
}

/**
 * `target(count)`: PostgREST's legacy row count, which Postgres itself answers by reading
 * `alias.count` as `count(alias)` when the table has no such column.
 */
function isLegacyCount(node: ReadNode, item: Extract<SelectItem, { kind: "field" }>): boolean {
  return item.field.name === "count" && item.field.jsonPath.length === 0 && !node.columns.has("count");
}

function needsJson(column: Column | undefined, jsonPath: Field["jsonPath"]): boolean {
  return jsonPath.length > 0 && column !== undefined && column.type.endsWith("[]");
}

function requireColumn(node: ReadNode, name: string): Column {
  const column = node.columns.get(name) ?? node.table.computedFields?.get(name);
  if (!column) throw undefinedColumn(node.qualifierName, name);
  return column;
}

function resolveEmbed(
  parent: ReadNode,
  item: Extract<SelectItem, { kind: "embed" }>,
  cache: SchemaCache,
  schema: string,
): Embed {
  const relationship = findRelationship(cache, schema, parent.table, item.relation, item.hint);
  const depth = parent.depth + 1;
  const alias = `${relationship.foreignTable.name}_${depth}`;
  const pathName = item.alias ?? item.relation;
  const table = relationship.foreignTable;
  const node: ReadNode = {
    table,
    columns: table.columns,
    from: relationship.computed
      ? `${qualified(relationship.computed.schema, relationship.computed.name)}(${rowReference(parent)})`
      : qualified(table.schema, table.name),
    qualifierName: alias,
    qualifier: ident(alias),
    alias,
    fields: [],
    embeds: [],
    where: [],
    order: [],
    range: { offset: 0 },
    depth,
    parentRelationship: relationship,
    parentQualifier: parent.qualifier,
  };
  applySelect(node, item.children, cache, schema);
  const toOne = relationship.cardinality === "many-to-one" || relationship.cardinality === "one-to-one";
  return {
    node,
    relationship,
    pathName,
    outputName: pathName,
    aggAlias: `${relationship.table.name}_${pathName}_${depth}`,
    inner: item.joinType === "inner",
    spread: item.spread,
    toOne,
  };
}

/** The parent's row as a value, the argument of a computed relationship's function. */
function rowReference(parent: ReadNode): string {
  return parent.alias ? ident(parent.alias) : ident(parent.table.name);
}

/** PostgREST's rules for which foreign key an embed means; see its `findRel`. */
function findRelationship(
  cache: SchemaCache,
  schema: string,
  origin: Table,
  target: string,
  hint: string | undefined,
): Relationship {
  const all = cache.relationshipsFrom(origin);
  const singleColumn = (r: Relationship) => (r.columns.length === 1 ? r.columns[0] : undefined);
  const matchesColumn = (r: Relationship, name: string) =>
    r.cardinality !== "many-to-many" && singleColumn(r)?.[0] === name;
  const matchesForeignColumn = (r: Relationship, name: string) =>
    r.cardinality !== "many-to-many" && singleColumn(r)?.[1] === name;
  const matchesConstraint = (r: Relationship, name: string) =>
    r.cardinality !== "many-to-many" && r.constraint === name;
  const matchesJunction = (r: Relationship, name: string) => r.junction?.table.name === name;
  const isTarget = (r: Relationship) => r.foreignTable.name === target;

  const matches = all.filter((r) => {
    if (r.computed) return r.computed.name === target && hint === undefined;
    if (r.isSelf && r.cardinality !== "many-to-many") {
      if (hint === undefined)
        return (
          (isTarget(r) && r.cardinality === "one-to-many") ||
          (matchesColumn(r, target) && r.cardinality === "many-to-one")
        );
      return isTarget(r) && r.cardinality === "one-to-many" && matchesForeignColumn(r, hint);
    }
    if (hint === undefined)
      return (
        isTarget(r) || (!r.foreignTable.isView && (matchesConstraint(r, target) || matchesColumn(r, target)))
      );
    return (
      isTarget(r) &&
      (matchesConstraint(r, hint) ||
        matchesColumn(r, hint) ||
        matchesForeignColumn(r, hint) ||
        matchesJunction(r, hint))
    );
  });
  if (matches.length === 1) return matches[0] as Relationship;
  if (matches.length === 0) throw noRelationshipError(cache, schema, origin, target, hint);
  throw ambiguousRelationshipError(origin, target, matches);
}

function noRelationshipError(
  cache: SchemaCache,
  schema: string,
  origin: Table,
  target: string,
  hint: string | undefined,
): RestError {
  const own = cache.relationshipsFrom(origin);
  let suggestion: string | null = null;
  if (own.length) {
    const children = [...new Set(own.map((r) => r.foreignTable.name))].filter((name) => name !== target);
    const child = closest(children, target, 0.33);
    if (child) suggestion = `Perhaps you meant '${child}' instead of '${target}'.`;
  } else {
    const parents = cache.tableNames(schema).filter((name) => {
      const table = cache.table(schema, name);
      return table !== undefined && cache.relationshipsFrom(table).length > 0;
    });
    const parent = closest(parents, origin.name, 0.33);
    if (parent) suggestion = `Perhaps you meant '${parent}' instead of '${origin.name}'.`;
  }
  return schemaErrors.noRelationship(origin.name, target, hint, schema, suggestion);
}

function ambiguousRelationshipError(origin: Table, target: string, matches: Relationship[]): RestError {
  const columnsOf = (pairs: Array<[string, string]>, side: 0 | 1) =>
    `(${pairs.map((pair) => pair[side]).join(", ")})`;
  const details = matches.map((r) => ({
    cardinality: r.cardinality,
    embedding: `${r.table.name} with ${r.foreignTable.name}`,
    relationship: r.junction
      ? `${r.junction.table.name} using ${r.junction.sourceConstraint}${columnsOf(r.junction.sourceColumns, 0)} and ${r.junction.targetConstraint}${columnsOf(r.junction.targetColumns, 0)}`
      : `${r.constraint} using ${r.table.name}${columnsOf(r.columns, 0)} and ${r.foreignTable.name}${columnsOf(r.columns, 1)}`,
  }));
  const options = matches
    .map((r) => `'${r.foreignTable.name}!${r.junction ? r.junction.table.name : r.constraint}'`)
    .join(", ");
  return schemaErrors.ambiguousRelationship(
    origin.name,
    target,
    details,
    `Try changing '${target}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  );
}

// filters and order ---------------------------------------------------------------------------

function resolveFilter(node: ReadNode, filter: Filter): Condition {
  const { name, jsonPath } = filter.field;
  const embed =
    jsonPath.length === 0 && !node.columns.has(name)
      ? node.embeds.find((e) => e.pathName === name)
      : undefined;
  if (embed) {
    const { operation, negated } = filter.expr;
    if (operation.kind !== "is" || operation.value !== "null") throw apiErrors.unacceptableFilter(name);
    return { kind: "nullEmbed", aggAlias: embed.aggAlias, negated };
  }
  const column = requireColumn(node, name);
  return {
    kind: "filter",
    column: name,
    jsonPath,
    toJson: needsJson(column, jsonPath),
    expr: filter.expr,
    isTsVector: column.isTsVector,
    computed: column.computed,
  };
}

function resolveLogic(node: ReadNode, tree: LogicTree): Condition {
  if (tree.kind === "filter") return resolveFilter(node, tree.filter);
  return {
    kind: "group",
    negated: tree.negated,
    op: tree.op,
    children: tree.children.map((child) => resolveLogic(node, child)),
  };
}

function resolveOrder(node: ReadNode, term: OrderTerm): OrderItem {
  const { direction, nulls } = term;
  if (term.relation === undefined) {
    const column = requireColumn(node, term.field.name);
    const { jsonPath } = term.field;
    return {
      column: term.field.name,
      jsonPath,
      toJson: needsJson(column, jsonPath),
      direction,
      nulls,
      computed: column.computed,
    };
  }
  const embed = node.embeds.find((e) => e.pathName === term.relation);
  if (!embed) throw apiErrors.notEmbedded(term.relation);
  if (!embed.toOne) throw apiErrors.relatedOrderNotToOne(node.table.name, term.relation);
  requireColumn(embed.node, term.field.name);
  return {
    relationAlias: embed.aggAlias,
    column: term.field.name,
    jsonPath: term.field.jsonPath,
    direction,
    nulls,
  };
}

// mutations -----------------------------------------------------------------------------------

function mutationPlan(request: ApiRequest, cache: SchemaCache, table: Table): Plan {
  const { preferences, query, action } = request;
  const representation = preferences.representation;
  const read = shapeTree(rootNode(table, table.columns, "pgrst_source", table.name), request, cache, false);
  const target = rootNode(table, table.columns, qualified(table.schema, table.name), table.name);
  const where = [
    ...query.filters.filter((f) => f.path.length === 0).map((f) => resolveFilter(target, f.filter)),
    ...query.logic.filter((l) => l.path.length === 0).map((l) => resolveLogic(target, l.tree)),
  ];
  const order = query.order
    .filter((o) => o.path.length === 0)
    .flatMap((o) => o.terms.map((t) => resolveOrder(target, t)));
  const range = query.ranges.get("") ?? { offset: 0 };
  const columns = () => (request.payload?.keys ?? []).map((name) => bodyColumn(table, name));
  const applyDefaults = preferences.missing === "default";
  let mutation: MutationPlan;
  if (action === "create") {
    const conflictColumns = (query.onConflict ?? table.primaryKey).map(
      (name) => bodyColumn(table, name).name,
    );
    const resolution = preferences.resolution;
    mutation = {
      kind: "insert",
      table,
      columns: columns(),
      onConflict: resolution && conflictColumns.length ? { columns: conflictColumns, resolution } : undefined,
      countInserted: resolution === "merge-duplicates",
      applyDefaults,
      putConditions: [],
    };
  } else if (action === "upsert") {
    mutation = putPlan(request, table, where, columns());
  } else if (action === "update") {
    mutation = { kind: "update", table, columns: columns(), applyDefaults, where, order, range };
  } else {
    mutation = { kind: "delete", table, where, order, range };
  }
  requireWhereClause(mutation);
  const returning =
    representation === undefined || representation === "minimal" ? null : returningColumns(read);
  return { kind: "mutation", mutation, read, returning };
}

/**
 * Hosted Supabase loads pg-safeupdate for the API: an UPDATE or DELETE without filters is refused
 * with the extension's error instead of touching every row.
 */
function requireWhereClause(mutation: MutationPlan): void {
  if (mutation.kind === "insert" || (mutation.kind === "update" && mutation.columns.length === 0)) return;
  const limited = mutation.range.limit !== undefined || mutation.range.offset !== 0;
  if (mutation.where.length === 0 && !limited)
    throw new RestError(400, "21000", `${mutation.kind.toUpperCase()} requires a WHERE clause`);
}

function bodyColumn(table: Table, name: string): Column {
  const column = table.columns.get(name);
  if (!column) throw schemaErrors.noColumn(table.name, name);
  return column;
}

/** PUT: an idempotent single-row upsert whose filters must be exactly `pk=eq.value` for each key column. */
function putPlan(request: ApiRequest, table: Table, where: Condition[], columns: Column[]): InsertPlan {
  const { query, payload } = request;
  const pk = table.primaryKey;
  const filters = query.filters.filter((f) => f.path.length === 0);
  const onlyPkEq =
    pk.length > 0 &&
    query.logic.length === 0 &&
    filters.length === pk.length &&
    filters.every(
      (f) =>
        pk.includes(f.filter.field.name) &&
        !f.filter.expr.negated &&
        f.filter.expr.operation.kind === "quant" &&
        f.filter.expr.operation.op === "eq" &&
        f.filter.expr.operation.quantifier === undefined,
    );
  if (!onlyPkEq) throw apiErrors.invalidPutFilters();
  const ranged = query.ranges.get("");
  if (ranged && (ranged.limit !== undefined || ranged.offset !== 0)) throw apiErrors.putLimit();
  const body = payload?.value;
  const row = Array.isArray(body) ? body : [body];
  if (row.length !== 1) throw apiErrors.putMatchingPk();
  for (const f of filters) {
    const operation = f.filter.expr.operation as { value: string };
    const sent = (row[0] as Record<string, unknown> | undefined)?.[f.filter.field.name];
    if (sent === undefined || String(sent) !== operation.value) throw apiErrors.putMatchingPk();
  }
  return {
    kind: "insert",
    table,
    columns,
    onConflict: { columns: pk, resolution: "merge-duplicates" },
    countInserted: true,
    applyDefaults: false,
    putConditions: where,
  };
}

/**
 * The columns a write must return for its representation: what `select` names plus the keys
 * its embeds join on and the primary key (for Location), or every column.
 */
function returningColumns(read: ReadNode): string[] | "*" {
  if (read.fields.length === 0 && read.embeds.length === 0) return "*";
  if (read.fields.some((field) => field.column === "*")) return "*";
  const names = new Set<string>(read.fields.map((field) => field.column));
  for (const embed of read.embeds) {
    const r = embed.relationship;
    const pairs = r.junction
      ? r.junction.sourceColumns.map(([, origin]) => origin)
      : r.columns.map(([origin]) => origin);
    for (const name of pairs) names.add(name);
  }
  for (const name of read.table.primaryKey) names.add(name);
  return [...names];
}

// RPC -----------------------------------------------------------------------------------------

const WHOLE_BODY_TYPES = new Set(["json", "jsonb"]);

function callPlan(request: ApiRequest, cache: SchemaCache): Plan {
  const { schema, target, method, query, payload } = request;
  const isRead = method === "GET" || method === "HEAD";
  const keys = isRead ? [...query.rpcArgs.keys()] : (payload?.keys ?? []);
  const candidates = cache.routinesNamed(schema, target.name);
  const routine = chooseRoutine(cache, schema, target.name, candidates, keys, isRead);
  const given = new Set(keys);
  let args: CallPlan["args"];
  const [onlyParam] = routine.params;
  if (routine.params.length === 1 && onlyParam && onlyParam.name === "") {
    args = { mode: "whole-body", param: onlyParam };
  } else {
    const params = routine.params.filter((param) => given.has(param.name));
    args = isRead ? { mode: "direct", params, values: query.rpcArgs } : { mode: "json", params };
  }
  const resultTable: Table = routine.returnTable ?? {
    schema: routine.schema,
    name: routine.name,
    isView: false,
    insertable: false,
    updatable: false,
    deletable: false,
    columns: routine.resultColumns,
    primaryKey: [],
    uniqueKeys: [],
  };
  const columns = routine.returns === "composite" ? routine.resultColumns : new Map<string, Column>();
  const root = rootNode(resultTable, columns, "pgrst_source", resultTable.name);
  const read = shapeTree(root, request, cache, true);
  return { kind: "call", call: { kind: "call", routine, args }, read };
}

/** Overloads are told apart by argument names, as in PostgREST. */
function chooseRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  candidates: Routine[],
  keys: string[],
  isRead: boolean,
): Routine {
  const named = candidates.filter((routine) => matchesArguments(routine, new Set(keys)));
  const wholeBody = isRead
    ? []
    : candidates.filter(
        (routine) =>
          routine.params.length === 1 &&
          routine.params[0]?.name === "" &&
          WHOLE_BODY_TYPES.has(routine.params[0].type),
      );
  // PostgREST's findProc: functions matching the arguments by name first, then the single unnamed one.
  const matches = named.length ? named : wholeBody;
  if (matches.length === 1) return matches[0] as Routine;
  if (matches.length > 1) {
    throw schemaErrors.ambiguousFunction(
      matches
        .map((r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(", ")})`)
        .join(", "),
    );
  }
  throw noFunctionError(cache, schema, name, candidates, keys, isRead);
}

/**
 * PostgREST's matchesParams: the argument names must be the required parameters' names, plus any
 * of the optional ones (a parameter without a name is named "", as a `{"": …}` body names it).
 */
function matchesArguments(routine: Routine, keys: Set<string>): boolean {
  const required = routine.params.filter((param) => param.required).map((param) => param.name);
  const optional = new Set(routine.params.filter((param) => !param.required).map((param) => param.name));
  const requiredGiven = [...keys].filter((key) => !optional.has(key));
  return requiredGiven.length === required.length && required.every((name) => keys.has(name));
}

function noFunctionError(
  cache: SchemaCache,
  schema: string,
  name: string,
  candidates: Routine[],
  keys: string[],
  isRead: boolean,
): RestError {
  const sorted = [...keys].sort();
  const fn = `${schema}.${name}`;
  const message = `Could not find the function ${fn}${sorted.length ? `(${sorted.join(", ")})` : " without parameters"} in the schema cache`;
  const withParams = sorted.length
    ? ` with parameter${sorted.length > 1 ? "s" : ""} ${sorted.join(", ")}`
    : " without parameters";
  const details = `Searched for the function ${fn}${withParams}${isRead ? "" : " or with a single unnamed json/jsonb parameter"}, but no matches were found in the schema cache.`;
  let hint: string | null = null;
  if (candidates.length) {
    const signature = (r: Routine) =>
      `(${r.params
        .map((p) => p.name)
        .sort()
        .join(", ")})`;
    const best = closest(candidates.map(signature), `(${sorted.join(", ")})`, 0.33);
    if (best) hint = `Perhaps you meant to call the function ${fn}${best}`;
  } else {
    const other = closest(cache.routineNames(schema), name, 0.75);
    if (other) hint = `Perhaps you meant to call the function ${schema}.${other}`;
  }
  return schemaErrors.noFunction(message, details, hint);
}
