/**
 * Stands in for `iceberg-js` in the web build (see `vite.config.ts` and docs/performance.md): storage-js
 * imports it for Analytics buckets (Iceberg catalogs), which the product never uses. Using one throws.
 */
export const ICEBERG_LEFT_OUT =
  "Iceberg catalogs are left out of the web build (src/lib/iceberg-left-out.ts); remove the alias in vite.config.ts to use them.";

export class IcebergRestCatalog {
  constructor() {
    throw new Error(ICEBERG_LEFT_OUT);
  }
}
