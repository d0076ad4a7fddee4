/** Quoted SQL identifiers, shared by the planner and the SQL writer (which reads the planner's types). */
export const ident = (name: string) => `"${name.replaceAll("\u0000", "").replaceAll('"', '""')}"`;
export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;
