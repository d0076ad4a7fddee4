import { queryParamError, type RestError } from "./errors.ts";

/**
 * PostgREST's query-string grammar (select, filters, and/or trees, order, columns, on_conflict),
 * parsed by hand with the positions and wording PostgREST's own parser reports on bad input.
 */

export type JsonStep = { arrow: "->" | "->>"; key: string; isIndex: boolean };
export type Field = { name: string; jsonPath: JsonStep[] };

export type SelectItem =
  | {
      kind: "field";
      field: Field;
      alias?: string;
      cast?: string;
      aggregate?: Aggregate;
      aggregateCast?: string;
    }
  | {
      kind: "embed";
      relation: string;
      alias?: string;
      hint?: string;
      joinType?: "inner" | "left";
      spread: boolean;
      children: SelectItem[];
    };

export type Aggregate = "sum" | "avg" | "count" | "max" | "min";

export const QUANT_OPERATORS = ["eq", "gte", "gt", "lte", "lt", "like", "ilike", "match", "imatch"] as const;
export const SIMPLE_OPERATORS = ["neq", "cs", "cd", "ov", "sl", "sr", "nxr", "nxl", "adj"] as const;
export const FTS_OPERATORS = ["fts", "plfts", "phfts", "wfts"] as const;
export type QuantOperator = (typeof QUANT_OPERATORS)[number];
export type SimpleOperator = (typeof SIMPLE_OPERATORS)[number];
export type FtsOperator = (typeof FTS_OPERATORS)[number];
export type IsValue = "null" | "not_null" | "true" | "false" | "unknown";

export type Operation =
  | { kind: "quant"; op: QuantOperator; quantifier?: "any" | "all"; value: string }
  | { kind: "simple"; op: SimpleOperator; value: string }
  | { kind: "in"; values: string[] }
  | { kind: "is"; value: IsValue }
  | { kind: "isdistinct"; value: string }
  | { kind: "fts"; op: FtsOperator; language?: string; value: string };

export type OpExpr = { negated: boolean; operation: Operation };
export type Filter = { field: Field; expr: OpExpr };
export type LogicTree =
  | { kind: "filter"; filter: Filter }
  | { kind: "group"; negated: boolean; op: "and" | "or"; children: LogicTree[] };

export type OrderTerm = {
  relation?: string;
  field: Field;
  direction?: "asc" | "desc";
  nulls?: "first" | "last";
};

/**
 * Thrown to backtrack, often several times per query parameter. Not an Error: capturing a stack
 * trace for each cost a small read about 0.25 ms in the gateway; `run` turns it into a RestError.
 */
class ParseFailure {
  constructor(
    readonly position: number,
    readonly unexpected: string,
    readonly expecting: string[],
  ) {}
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u;
const JSON_KEY_STOP = new Set(["(", "-", ":", ".", ",", ">", ")"]);

/** A cursor over one parameter value; every method either consumes input or throws ParseFailure. */
class Cursor {
  position = 0;
  constructor(readonly input: string) {}

  get done(): boolean {
    return this.position >= this.input.length;
  }
  peek(offset = 0): string {
    return this.input[this.position + offset] ?? "";
  }
  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.position);
  }
  fail(expecting: string[]): never {
    const unexpected = this.done ? "end of input" : JSON.stringify(this.peek());
    throw new ParseFailure(this.position, unexpected, expecting);
  }
  expect(text: string, label = JSON.stringify(text)): void {
    if (!this.startsWith(text)) this.fail([label]);
    this.position += text.length;
  }
  accept(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.position += text.length;
    return true;
  }
  skipSpaces(): void {
    while (this.peek() === " " || this.peek() === "\t") this.position += 1;
  }
  /** Runs `parse`, restoring the position when it fails (Parsec's `try`). */
  attempt<T>(parse: () => T): T | undefined {
    const start = this.position;
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error;
      this.position = start;
      return undefined;
    }
  }
  rest(): string {
    const value = this.input.slice(this.position);
    this.position = this.input.length;
    return value;
  }
}

function run<T>(what: string, input: string, parse: (cursor: Cursor) => T): T {
  const cursor = new Cursor(input);
  try {
    const result = parse(cursor);
    if (!cursor.done) cursor.fail(["end of input"]);
    return result;
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    throw toRestError(what, input, error);
  }
}

function toRestError(what: string, input: string, failure: ParseFailure): RestError {
  const expecting = failure.expecting.length
    ? ` expecting ${failure.expecting.slice(0, -1).join(", ")}${failure.expecting.length > 1 ? " or " : ""}${failure.expecting.at(-1)}`
    : "";
  return queryParamError(what, input, failure.position + 1, `unexpected ${failure.unexpected}${expecting}`);
}

// Names ---------------------------------------------------------------------------------------

function quotedValue(cursor: Cursor): string {
  cursor.expect('"');
  let value = "";
  while (cursor.peek() !== '"') {
    if (cursor.done) cursor.fail(['"\\""']);
    if (cursor.peek() === "\\") cursor.position += 1;
    value += cursor.peek();
    cursor.position += 1;
  }
  cursor.position += 1;
  return value;
}

function identifier(cursor: Cursor): string {
  const start = cursor.position;
  while (!cursor.done && IDENTIFIER_CHAR.test(cursor.peek())) cursor.position += 1;
  if (cursor.position === start) cursor.fail(["field name (* or [a..z0..9_$])"]);
  return cursor.input.slice(start, cursor.position).trim();
}

/** Identifier parts joined by dashes; a dash followed by `>` starts a JSON arrow instead. */
function dashed(cursor: Cursor, part: (cursor: Cursor) => string): string {
  const parts = [part(cursor)];
  while (cursor.peek() === "-" && cursor.peek(1) !== ">") {
    cursor.position += 1;
    parts.push(part(cursor));
  }
  return parts.join("-");
}

function fieldName(cursor: Cursor): string {
  return cursor.peek() === '"' ? quotedValue(cursor) : dashed(cursor, identifier);
}

function jsonKeyPart(cursor: Cursor): string {
  const start = cursor.position;
  while (!cursor.done && !JSON_KEY_STOP.has(cursor.peek())) cursor.position += 1;
  if (cursor.position === start) cursor.fail(["any non reserved character different from: .,>()"]);
  return cursor.input.slice(start, cursor.position).trim();
}

function jsonPath(cursor: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    const arrow = cursor.accept("->>") ? "->>" : cursor.accept("->") ? "->" : null;
    if (!arrow) return steps;
    steps.push({ arrow, ...jsonOperand(cursor) });
  }
}

/** An array index (`->0`, `->>-1`) or an object key; a failure is reported where it went furthest. */
function jsonOperand(cursor: Cursor): { key: string; isIndex: boolean } {
  const index = /^-?\d+/.exec(cursor.input.slice(cursor.position))?.[0];
  if (index !== undefined && /^(->|::|\.|,|$)/.test(cursor.input.slice(cursor.position + index.length))) {
    cursor.position += index.length;
    return { key: index, isIndex: true };
  }
  const key = cursor.attempt(() =>
    cursor.peek() === '"' ? quotedValue(cursor) : dashed(cursor, jsonKeyPart),
  );
  if (key !== undefined) return { key, isIndex: false };
  if (index !== undefined) {
    cursor.position += index.length;
    return cursor.fail(["digit", '"->"', '"::"', '"."', '","', "end of input"]);
  }
  if (cursor.peek() === "-") {
    cursor.position += 1;
    return cursor.fail(["digit"]);
  }
  return cursor.fail(["any non reserved character different from: .,>()"]);
}

function field(cursor: Cursor): Field {
  cursor.skipSpaces();
  const name = fieldName(cursor);
  const path = jsonPath(cursor);
  cursor.skipSpaces();
  return { name, jsonPath: path };
}

function castName(cursor: Cursor): string {
  const start = cursor.position;
  while (!cursor.done && IDENTIFIER_CHAR.test(cursor.peek())) cursor.position += 1;
  if (cursor.position === start) cursor.fail(["letter or digit"]);
  return cursor.input.slice(start, cursor.position).trim();
}

// select --------------------------------------------------------------------------------------

export function parseSelect(input: string): SelectItem[] {
  return run("select parameter", input, selectForest);
}

function selectForest(cursor: Cursor): SelectItem[] {
  const items: SelectItem[] = [];
  if (cursor.done || cursor.peek() === ")") return items;
  for (;;) {
    items.push(selectItem(cursor));
    cursor.skipSpaces();
    if (!cursor.accept(",")) return items;
    cursor.skipSpaces();
  }
}

function selectItem(cursor: Cursor): SelectItem {
  cursor.skipSpaces();
  const embed = cursor.attempt(() => embedHead(cursor));
  if (embed) {
    cursor.expect("(");
    const children = selectForest(cursor);
    cursor.expect(")", '")"');
    return { ...embed, children };
  }
  return fieldItem(cursor);
}

function alias(cursor: Cursor): string | undefined {
  return cursor.attempt(() => {
    const name = fieldName(cursor);
    if (cursor.peek() !== ":" || cursor.peek(1) === ":") cursor.fail(['":"']);
    cursor.position += 1;
    return name;
  });
}

function embedHead(cursor: Cursor): Omit<Extract<SelectItem, { kind: "embed" }>, "children"> {
  const spread = cursor.accept("...");
  const embedAlias = spread ? undefined : alias(cursor);
  const relation = fieldName(cursor);
  if (!spread && relation === "count") cursor.fail(['"("']);
  let hint: string | undefined;
  let joinType: "inner" | "left" | undefined;
  for (let i = 0; i < 2 && cursor.accept("!"); i++) {
    if (cursor.startsWith("inner") && isEmbedParamEnd(cursor, 5)) {
      cursor.position += 5;
      joinType = "inner";
    } else if (cursor.startsWith("left") && isEmbedParamEnd(cursor, 4)) {
      cursor.position += 4;
      joinType = "left";
    } else hint = fieldName(cursor);
  }
  if (cursor.peek() !== "(") cursor.fail(['"("']);
  return { kind: "embed", relation, alias: embedAlias, hint, joinType, spread };
}

function isEmbedParamEnd(cursor: Cursor, length: number): boolean {
  const next = cursor.peek(length);
  return next === "(" || next === "!";
}

function fieldItem(cursor: Cursor): SelectItem {
  if (cursor.peek() === "*") {
    cursor.position += 1;
    selectItemEnd(cursor);
    return { kind: "field", field: { name: "*", jsonPath: [] } };
  }
  const fieldAlias = alias(cursor);
  if (cursor.startsWith("count()")) {
    cursor.position += "count()".length;
    const aggregateCast = cursor.accept("::") ? castName(cursor) : undefined;
    selectItemEnd(cursor);
    return {
      kind: "field",
      field: { name: "*", jsonPath: [] },
      alias: fieldAlias,
      aggregate: "count",
      aggregateCast,
    };
  }
  const name = fieldName(cursor);
  const path = jsonPath(cursor);
  const cast = cursor.accept("::") ? castName(cursor) : undefined;
  const aggregate = cursor.attempt(() => {
    cursor.expect(".");
    const match = /^(sum|avg|count|max|min)\(\)/.exec(cursor.input.slice(cursor.position));
    if (!match) cursor.fail(['"sum()"']);
    cursor.position += match[0].length;
    return match[1] as Aggregate;
  });
  const aggregateCast = aggregate && cursor.accept("::") ? castName(cursor) : undefined;
  selectItemEnd(cursor);
  return {
    kind: "field",
    field: { name, jsonPath: path },
    alias: fieldAlias,
    cast,
    aggregate,
    aggregateCast,
  };
}

function selectItemEnd(cursor: Cursor): void {
  cursor.skipSpaces();
  if (!(cursor.done || cursor.peek() === "," || cursor.peek() === ")"))
    cursor.fail(['"->>"', '"->"', '"::"', '")"', '","', "end of input"]);
}

// filters -------------------------------------------------------------------------------------

/** A filter's `<operator>.<value>`; `valueParser` differs between plain filters and and/or trees. */
function opExpr(cursor: Cursor, value: (cursor: Cursor) => string): OpExpr {
  const negated = cursor.attempt(() => {
    cursor.expect("not.");
    return true;
  });
  return { negated: negated ?? false, operation: operation(cursor, value) };
}

const OPERATOR_EXPECTING = ['"not"', "operator (eq, gt, ...)"];

function operation(cursor: Cursor, value: (cursor: Cursor) => string): Operation {
  const start = cursor.position;
  const match = /^[a-z]+/.exec(cursor.input.slice(start));
  const name = match?.[0] ?? "";
  const afterName = start + name.length;
  const next = cursor.input[afterName];
  const failAtStart = (): never => {
    cursor.position = start;
    return cursor.fail(OPERATOR_EXPECTING);
  };
  if (next !== "." && next !== "(") failAtStart();
  cursor.position = afterName;
  if (name === "in" && next === ".") {
    cursor.position += 1;
    return { kind: "in", values: listValue(cursor) };
  }
  if (name === "is" && next === ".") {
    cursor.position += 1;
    return { kind: "is", value: isValue(cursor) };
  }
  if (name === "isdistinct" && next === ".") {
    cursor.position += 1;
    return { kind: "isdistinct", value: value(cursor) };
  }
  if ((FTS_OPERATORS as readonly string[]).includes(name)) {
    const language = cursor.accept("(") ? ftsLanguage(cursor) : undefined;
    cursor.expect(".", "delimiter (.)");
    return { kind: "fts", op: name as FtsOperator, language, value: value(cursor) };
  }
  if ((SIMPLE_OPERATORS as readonly string[]).includes(name) && next === ".") {
    cursor.position += 1;
    return { kind: "simple", op: name as SimpleOperator, value: value(cursor) };
  }
  if ((QUANT_OPERATORS as readonly string[]).includes(name)) {
    let quantifier: "any" | "all" | undefined;
    if (cursor.accept("(any)")) quantifier = "any";
    else if (cursor.accept("(all)")) quantifier = "all";
    else if (next === "(") failAtStart();
    cursor.expect(".", "delimiter (.)");
    return { kind: "quant", op: name as QuantOperator, quantifier, value: value(cursor) };
  }
  return failAtStart();
}

function ftsLanguage(cursor: Cursor): string {
  const language = castName(cursor);
  cursor.expect(")");
  return language;
}

function isValue(cursor: Cursor): IsValue {
  const word = /^[A-Za-z_]+/.exec(cursor.input.slice(cursor.position))?.[0] ?? "";
  for (const candidate of ["null", "not_null", "true", "false", "unknown"] as const) {
    if (word.toLowerCase() === candidate) {
      cursor.position += word.length;
      return candidate;
    }
  }
  return cursor.fail(["isVal: (null, not_null, true, false, unknown)"]);
}

function listValue(cursor: Cursor): string[] {
  cursor.skipSpaces();
  cursor.expect("(");
  cursor.skipSpaces();
  const values = [listElement(cursor)];
  while (cursor.accept(",")) values.push(listElement(cursor));
  cursor.skipSpaces();
  cursor.expect(")", '")"');
  cursor.skipSpaces();
  return values;
}

function listElement(cursor: Cursor): string {
  const quoted = cursor.attempt(() => {
    const value = quotedValue(cursor);
    if (!(cursor.peek() === "," || cursor.peek() === ")")) cursor.fail(['","', '")"']);
    return value;
  });
  return quoted ?? untilDelimiter(cursor);
}

function untilDelimiter(cursor: Cursor): string {
  const start = cursor.position;
  while (!cursor.done && cursor.peek() !== "," && cursor.peek() !== ")") cursor.position += 1;
  return cursor.input.slice(start, cursor.position);
}

const singleValue = (cursor: Cursor): string => cursor.rest();

export function parseFilterValue(input: string): OpExpr {
  return run("filter", input, (cursor) => opExpr(cursor, singleValue));
}

/** For RPC reads a parameter without an operator is a function argument, not a filter. */
export function looksLikeFilter(input: string): boolean {
  try {
    parseFilterValue(input);
    return true;
  } catch {
    return false;
  }
}

/** A query-string key such as `chapters.title` or `data->>lang`: embed path plus field. */
export function parseTreePath(input: string): { path: string[]; field: Field } {
  return run("tree path", input, (cursor) => {
    const names = [fieldName(cursor)];
    while (cursor.accept(".")) names.push(fieldName(cursor));
    const path = jsonPath(cursor);
    const last = names.pop() as string;
    return { path: names, field: { name: last, jsonPath: path } };
  });
}

// and / or ------------------------------------------------------------------------------------

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` with its key (`or`, `not.and`, `chapters.or`). */
export function parseLogic(key: string, value: string): { path: string[]; tree: LogicTree } {
  const names = run("logic path", key, (cursor) => {
    const parts = [fieldName(cursor)];
    while (cursor.accept(".")) parts.push(fieldName(cursor));
    return parts;
  });
  const op = names.at(-1) as string;
  const negated = names.slice(0, -1).includes("not");
  const path = names.slice(0, -1).filter((name) => name !== "not");
  const tree = run("logic tree", `${negated ? "not." : ""}${op}${value}`, logicTree);
  return { path, tree };
}

function logicTree(cursor: Cursor): LogicTree {
  const filter = cursor.attempt(() => {
    const target = field(cursor);
    cursor.expect(".", "delimiter (.)");
    return { field: target, expr: opExpr(cursor, logicValue) };
  });
  if (filter) return { kind: "filter", filter };
  const negated = cursor.accept("not.");
  let op: "and" | "or";
  if (cursor.accept("and")) op = "and";
  else if (cursor.accept("or")) op = "or";
  else return cursor.fail(["logic operator (and, or)"]);
  cursor.skipSpaces();
  cursor.expect("(");
  cursor.skipSpaces();
  const children = [logicTree(cursor)];
  for (;;) {
    cursor.skipSpaces();
    if (!cursor.accept(",")) break;
    cursor.skipSpaces();
    children.push(logicTree(cursor));
  }
  cursor.expect(")", '")"');
  cursor.skipSpaces();
  return { kind: "group", negated, op, children };
}

function logicValue(cursor: Cursor): string {
  const quoted = cursor.attempt(() => {
    const value = quotedValue(cursor);
    if (!(cursor.done || cursor.peek() === "," || cursor.peek() === ")")) cursor.fail(['","', '")"']);
    return value;
  });
  if (quoted !== undefined) return quoted;
  if (cursor.peek() === "{") {
    const end = cursor.input.indexOf("}", cursor.position);
    const inner = end < 0 ? "" : cursor.input.slice(cursor.position + 1, end);
    if (end >= 0 && !inner.includes("{")) {
      const value = cursor.input.slice(cursor.position, end + 1);
      cursor.position = end + 1;
      return value;
    }
  }
  return untilDelimiter(cursor);
}

// order, columns, on_conflict -----------------------------------------------------------------

export function parseOrder(input: string): OrderTerm[] {
  return run("order", input, (cursor) => {
    const terms = [orderTerm(cursor)];
    while (cursor.accept(",")) terms.push(orderTerm(cursor));
    return terms;
  });
}

function orderTerm(cursor: Cursor): OrderTerm {
  cursor.skipSpaces();
  const related = cursor.attempt(() => {
    const relation = fieldName(cursor);
    cursor.expect("(");
    const target = field(cursor);
    cursor.expect(")");
    return { relation, field: target };
  });
  const term: OrderTerm = related ?? { field: field(cursor) };
  if (cursor.startsWith(".asc") || cursor.startsWith(".desc")) {
    term.direction = cursor.accept(".asc") ? "asc" : "desc";
    if (term.direction === "desc") cursor.expect(".desc");
  }
  if (cursor.accept(".nullsfirst")) term.nulls = "first";
  else if (cursor.accept(".nullslast")) term.nulls = "last";
  cursor.skipSpaces();
  if (!(cursor.done || cursor.peek() === ",")) {
    const expecting = term.nulls
      ? ['","', "end of input"]
      : term.direction
        ? ['"nullsfirst"', '"nullslast"']
        : ['"asc"', '"desc"', '"nullsfirst"', '"nullslast"'];
    if (cursor.peek() === ".") cursor.position += 1;
    cursor.fail(expecting);
  }
  return term;
}

export function parseColumns(what: "columns parameter" | "on_conflict parameter", input: string): string[] {
  return run(what, input, (cursor) => {
    const columns = [fieldName(cursor)];
    for (;;) {
      cursor.skipSpaces();
      if (!cursor.accept(",")) return columns;
      cursor.skipSpaces();
      columns.push(fieldName(cursor));
    }
  });
}
