import { type TestLlmConnectionAnswer, testLlmConnectionAnswerSchema } from "@/domain/llm-endpoint";
import type { StudymapClient } from "@/lib/database";
import { invokeEdgeFunction } from "@/lib/edge-function";
import { unwrap } from "@/lib/query";

/**
 * An organisation's language model as its admins see it (docs/llm-provider.md, "An organisation's
 * model"): never the key, only whether one is saved. The key goes to the server once, with save.
 */
export interface LanguageModel {
  base_url: string;
  model: string;
  has_api_key: boolean;
  cost_per_1k_input: number | null;
  cost_per_1k_output: number | null;
}

const COLUMNS = "base_url, model, has_api_key, cost_per_1k_input, cost_per_1k_output";

export async function fetchLanguageModel(
  client: StudymapClient,
  entityId: string,
): Promise<LanguageModel | null> {
  return unwrap(
    await client.from("entity_llm_settings").select(COLUMNS).eq("entity_id", entityId).maybeSingle(),
  );
}

export interface LanguageModelForm {
  baseUrl: string;
  model: string;
  /** Typed by the admin; empty: keep the saved key (for the same base URL). */
  apiKey: string;
  removeKey: boolean;
  costPer1kInput: string;
  costPer1kOutput: string;
}

const price = (text: string): number | null => (text.trim() === "" ? null : Number(text));

/** The key argument save_entity_llm_settings takes: a new key, '' to remove it, null to keep it. */
function keyArgument(form: LanguageModelForm): string | undefined {
  if (form.apiKey.trim()) return form.apiKey.trim();
  return form.removeKey ? "" : undefined;
}

export async function saveLanguageModel(
  client: StudymapClient,
  entityId: string,
  form: LanguageModelForm,
): Promise<void> {
  const key = keyArgument(form);
  const input = price(form.costPer1kInput);
  const output = price(form.costPer1kOutput);
  unwrap(
    await client.rpc("save_entity_llm_settings", {
      p_entity_id: entityId,
      p_base_url: form.baseUrl,
      p_model: form.model,
      ...(key === undefined ? {} : { p_api_key: key }),
      ...(input === null ? {} : { p_cost_per_1k_input: input }),
      ...(output === null ? {} : { p_cost_per_1k_output: output }),
    }),
  );
}

export async function disconnectLanguageModel(client: StudymapClient, entityId: string): Promise<void> {
  unwrap(await client.rpc("disconnect_entity_llm", { p_entity_id: entityId }));
}

/** Runs on the server (test-llm-connection); without a typed key the saved one is tried. */
export function testLanguageModel(
  client: StudymapClient,
  entityId: string,
  form: LanguageModelForm,
): Promise<TestLlmConnectionAnswer> {
  const key = keyArgument(form);
  return invokeEdgeFunction(
    client,
    "test-llm-connection",
    {
      entityId,
      baseUrl: form.baseUrl,
      model: form.model,
      ...(key === undefined ? {} : { apiKey: key }),
    },
    testLlmConnectionAnswerSchema,
  );
}

export interface UsageRow {
  generator: string;
  model_source: string;
  runs: number;
  calls: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
}

/** The organisation's generation runs of the last 30 days, per generator (admins only). */
export async function fetchGenerationUsage(client: StudymapClient, entityId: string): Promise<UsageRow[]> {
  return unwrap(await client.rpc("entity_generation_usage", { p_entity_id: entityId })) ?? [];
}
