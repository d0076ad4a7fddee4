import type { Structure } from "../../../src/domain/structure.ts";
import { extractiveProvider } from "./extractive/index.ts";
import { llmProvider, llmSettingsFromEnv } from "./llm.ts";
import type { ChapterDraft, GenerationProvider } from "./types.ts";

export type { ActivityDraft, ChapterDraft, GenerationProvider, TopicBrief } from "./types.ts";

/** Which provider wrote a run's content, and why the LLM was not used where it was configured. */
export interface ProviderReport {
  provider: GenerationProvider["name"];
  fallbacks: string[];
}

/**
 * The provider for a run: the LLM when LLM_BASE_URL and LLM_API_KEY are set, else the extractive one.
 * An LLM request that fails (unreachable, refused, an answer that does not fit the schema) falls back to
 * the extractive provider for that piece, so a learner still gets grounded content; the report says so.
 */
export function providerFromEnv(env: Record<string, string | undefined> = process.env): {
  provider: GenerationProvider;
  report: ProviderReport;
} {
  const extractive = extractiveProvider();
  const settings = llmSettingsFromEnv(env);
  if (!settings) return { provider: extractive, report: { provider: "extractive", fallbacks: [] } };
  return withFallback(llmProvider(settings), extractive);
}

export function withFallback(primary: GenerationProvider, fallback: GenerationProvider) {
  const report: ProviderReport = { provider: primary.name, fallbacks: [] };
  const attempt = async <T>(what: string, run: (provider: GenerationProvider) => Promise<T>): Promise<T> => {
    try {
      return await run(primary);
    } catch (error) {
      report.fallbacks.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      return run(fallback);
    }
  };
  const provider: GenerationProvider = {
    name: primary.name,
    structure: (topic, corpus): Promise<Structure> =>
      attempt("structure", (candidate) => candidate.structure(topic, corpus)),
    chapter: (request): Promise<ChapterDraft> =>
      attempt(`chapter ${request.section.section_id}`, (candidate) => candidate.chapter(request)),
  };
  return { provider, report };
}
