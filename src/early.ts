import { sendEarlyReads } from "@/lib/early-reads";

/**
 * index.html's first script (inlined by scripts/inline-early-reads.ts): sends the first page's reads
 * while the app's JavaScript downloads (src/lib/early-reads.ts). It imports neither supabase-js nor zod.
 * Without settings or storage it does nothing; the app reports what is missing.
 */
try {
  // Read one by one: the build replaces each of these names, not the object.
  const url = import.meta.env.VITE_SUPABASE_URL;
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY;
  if (url && anonKey) sendEarlyReads({ url, anonKey }, location.pathname + location.search, localStorage);
} catch {
  // Storage can be switched off; the page then reads its data itself.
}
