import { lookup } from "node:dns/promises";
import {
  ALLOW_PRIVATE_NETWORK_VARIABLE,
  nonPublicAddress,
  nonPublicHostName,
  PRIVATE_ADDRESS,
  parseEndpoint,
  privateNetworkAllowed,
} from "../../../src/domain/llm-endpoint.ts";
import {
  chooseModel,
  llmSettingsForOrganisation,
  type ModelChoice,
  type OrganisationModel,
  type ProviderReport,
} from "../providers/index.ts";
import { must, type TaskClient } from "./db.ts";

/**
 * The model a run of this organisation's topic uses (docs/llm-provider.md, "An organisation's model"):
 * the organisation's own, read with its key through `entity_llm_credentials` (service role only), wins
 * over the deployment's LLM_* environment; without either the offline generator writes. An
 * organisation's address on a private or loopback network is passed over (and the run's report says
 * why) unless the deployment sets LLM_ALLOW_PRIVATE_NETWORK=true.
 */
export async function modelForEntity(
  client: TaskClient,
  entityId: string,
  env: Record<string, string | undefined> = process.env,
): Promise<ModelChoice> {
  const row = must<OrganisationModel | null>(
    "loading the organisation's model",
    await client.rpc("entity_llm_credentials", { p_entity_id: entityId }).maybeSingle(),
  );
  if (!row) return chooseModel(null, env);
  const refusal = privateNetworkAllowed(env[ALLOW_PRIVATE_NETWORK_VARIABLE])
    ? null
    : await privateEndpointRefusal(row.base_url);
  if (refusal) {
    return { ...chooseModel(null, env), notes: [`organisation model ${row.model} not used: ${refusal}`] };
  }
  return chooseModel(llmSettingsForOrganisation(row, env), env);
}

async function privateEndpointRefusal(baseUrl: string): Promise<string | null> {
  const endpoint = parseEndpoint(baseUrl);
  if ("refusal" in endpoint) return endpoint.refusal;
  const byName = nonPublicHostName(endpoint.host);
  if (byName) return byName;
  try {
    const addresses = await lookup(endpoint.host, { all: true });
    return addresses.some(({ address }) => nonPublicAddress(address)) ? PRIVATE_ADDRESS : null;
  } catch {
    return `the name ${endpoint.host} could not be found.`;
  }
}

/** One row of `generation_usage` for a finished run: which generator wrote it and what the LLM used. */
export async function recordUsage(
  client: TaskClient,
  run: {
    entityId: string;
    topicId: string;
    task: "generate-topic-structure" | "generate-course-content" | "regenerate-course-part";
  },
  report: ProviderReport,
  generator: string,
) {
  const llm = report.llm;
  must(
    "recording the run's usage",
    await client.from("generation_usage").insert({
      entity_id: run.entityId,
      topic_id: run.topicId,
      task: run.task,
      generator,
      model_source: report.modelSource,
      calls: llm?.calls ?? 0,
      input_tokens: llm?.inputTokens ?? 0,
      output_tokens: llm?.outputTokens ?? 0,
      cost_usd: Number((llm?.costUsd ?? 0).toFixed(6)),
    }),
  );
}
