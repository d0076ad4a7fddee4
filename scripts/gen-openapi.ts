import { writeFileSync } from "node:fs";
import path from "node:path";
import { edgeFunctionsOpenApi } from "../src/domain/edge-functions.ts";

/** `npm run api:docs`: writes docs/api/edge-functions.openapi.json from src/domain/edge-functions.ts. */
export const OPENAPI_FILE = path.resolve(
  import.meta.dirname,
  "..",
  "docs",
  "api",
  "edge-functions.openapi.json",
);

export function renderOpenApi(): string {
  return `${JSON.stringify(edgeFunctionsOpenApi(), null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(OPENAPI_FILE, renderOpenApi());
  console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
}
