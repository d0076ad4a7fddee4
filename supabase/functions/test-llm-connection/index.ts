import { createClient } from "@supabase/supabase-js";
import type { Database } from "../_shared/domain/database.types.ts";
import {
  ALLOW_PRIVATE_NETWORK_VARIABLE,
  nonPublicAddress,
  nonPublicHostName,
  PRIVATE_ADDRESS,
  parseEndpoint,
  privateNetworkAllowed,
  type TestLlmConnectionAnswer,
  testLlmConnectionBodySchema,
} from "../_shared/domain/llm-endpoint.ts";
import { supabaseEnv } from "../_shared/env.ts";
import { HttpError, postHandler, readBody } from "../_shared/http.ts";
import { type Caller, databaseError, requireCaller } from "../_shared/supabase.ts";

/**
 * "Test connection" of the settings screen's Language model section (docs/llm-provider.md): for an
 * organisation's admin, asks the OpenAI-compatible endpoint at `baseUrl` whether it serves `model`,
 * from the server, with a short timeout, and answers with a sentence. First `GET /models` (free); when
 * the endpoint has no model list, one chat completion of one token. Without `apiKey` the saved key is
 * used, but only when the saved model has this same base URL: a saved key is never sent elsewhere.
 *
 * SSRF: the request goes where an admin says, so addresses on private or loopback networks are refused
 * (by name, literal address and every address the name resolves to) unless the deployment sets
 * LLM_ALLOW_PRIVATE_NETWORK=true; redirects are not followed.
 */
const TIMEOUT_MS = 10_000;
const NOT_AN_ADMIN = "Only an admin of this organisation can test its language model.";

Deno.serve(
  postHandler(async (request) => {
    const caller = await requireCaller(request);
    const body = await readBody(request, testLlmConnectionBodySchema);
    await assertAdmin(caller, body.entityId);
    const endpoint = parseEndpoint(body.baseUrl);
    if ("refusal" in endpoint) throw new HttpError(400, endpoint.refusal);
    if (!privateNetworkAllowed(Deno.env.get(ALLOW_PRIVATE_NETWORK_VARIABLE))) {
      const refusal = await privateHostRefusal(endpoint.host);
      if (refusal) throw new HttpError(400, refusal);
    }
    const baseUrl = endpoint.url.toString().replace(/\/+$/, "");
    const apiKey = body.apiKey ?? (await savedKey(body.entityId, baseUrl));
    return probe(baseUrl, body.model, apiKey.trim());
  }),
);

/** As the caller: their own active admin membership (RLS shows a user their own memberships). */
async function assertAdmin({ client, user }: Caller, entityId: string): Promise<void> {
  const membership = await client
    .from("core_memberships")
    .select("id")
    .eq("entity_id", entityId)
    .eq("user_id", user.id)
    .eq("status", "active")
    .eq("member_role", "admin")
    .maybeSingle();
  if (membership.error) throw databaseError(membership.error);
  if (!membership.data) throw new HttpError(403, NOT_AN_ADMIN);
}

/** The name's own problem, or that of any address it resolves to; null when all are public. */
async function privateHostRefusal(host: string): Promise<string | null> {
  const byName = nonPublicHostName(host);
  if (byName) return byName;
  const addresses = await resolve(host);
  return addresses.some(nonPublicAddress) ? PRIVATE_ADDRESS : null;
}

async function resolve(host: string): Promise<string[]> {
  if (nonPublicHostName(host) === null && /^[\d.]+$|:/.test(host)) return [host];
  const lookups = await Promise.allSettled([Deno.resolveDns(host, "A"), Deno.resolveDns(host, "AAAA")]);
  const addresses = lookups.flatMap((lookup) => (lookup.status === "fulfilled" ? lookup.value : []));
  if (addresses.length === 0) throw new HttpError(400, `The name ${host} could not be found.`);
  return addresses;
}

/** The organisation's saved key when the saved model has this base URL, else none (service role). */
async function savedKey(entityId: string, baseUrl: string): Promise<string> {
  const { SUPABASE_URL } = supabaseEnv();
  const serviceKey = Deno.env.get("SUPABASE_SERVICE_ROLE_KEY");
  if (!serviceKey) return "";
  const service = createClient<Database>(SUPABASE_URL, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const saved = await service.rpc("entity_llm_credentials", { p_entity_id: entityId }).maybeSingle();
  if (saved.error) throw databaseError(saved.error);
  return saved.data?.base_url === baseUrl ? (saved.data.api_key ?? "") : "";
}

async function probe(baseUrl: string, model: string, apiKey: string): Promise<TestLlmConnectionAnswer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  try {
    const listed = await send(`${baseUrl}/models`, { headers });
    if (listed.status === 401 || listed.status === 403) return refusedKey(listed.status, apiKey);
    const names = listed.ok ? modelNames(await listed.json().catch(() => null)) : null;
    if (names?.includes(model)) return { ok: true, message: `Connected: the endpoint serves ${model}.` };
    const chat = await send(`${baseUrl}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ model, max_tokens: 1, messages: [{ role: "user", content: "Say OK." }] }),
    });
    if (chat.ok) return { ok: true, message: `Connected: ${model} answered.` };
    if (chat.status === 401 || chat.status === 403) return refusedKey(chat.status, apiKey);
    const detail = (await errorText(chat)).replaceAll(apiKey || "\u0000", "***");
    if (chat.status === 404 || /model/i.test(detail)) {
      const known = names?.length ? ` It lists: ${names.slice(0, 8).join(", ")}.` : "";
      return { ok: false, message: `The endpoint does not serve the model "${model}".${known}` };
    }
    return { ok: false, message: `The endpoint answered HTTP ${chat.status}${detail ? `: ${detail}` : "."}` };
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      return { ok: false, message: `The endpoint did not answer within ${TIMEOUT_MS / 1000} seconds.` };
    }
    return { ok: false, message: `The endpoint could not be reached (${errorName(error)}).` };
  }
}

function send(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
}

function refusedKey(status: number, apiKey: string): TestLlmConnectionAnswer {
  return {
    ok: false,
    message: apiKey
      ? `The endpoint refused the API key (HTTP ${status}).`
      : `The endpoint needs an API key (HTTP ${status}).`,
  };
}

function modelNames(body: unknown): string[] | null {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return null;
  return data.flatMap((entry) => (typeof entry?.id === "string" ? [entry.id as string] : []));
}

/** The endpoint's own error message, short (the caller removes the key should the endpoint echo it). */
async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  let message = text;
  try {
    message = JSON.parse(text)?.error?.message ?? text;
  } catch {
    // not JSON: the text itself
  }
  return String(message).replace(/\s+/g, " ").trim().slice(0, 200);
}

function errorName(error: unknown): string {
  if (error instanceof Error) return error.message.split("\n")[0]?.slice(0, 160) ?? error.name;
  return String(error);
}
