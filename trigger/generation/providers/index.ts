import type { Structure } from "../../../src/domain/structure.ts";
import { CitationVerifier } from "../citations.ts";
import { extractiveProvider } from "./extractive/index.ts";
import { type LlmHooks, type LlmStats, llmProvider, llmSettingsFromEnv } from "./llm.ts";
import type { ChapterDraft, ChapterRequest, GenerationProvider } from "./types.ts";

export type { LlmHooks, LlmStats, LlmUsage } from "./llm.ts";
export type { ActivityDraft, ChapterDraft, GenerationProvider, TopicBrief } from "./types.ts";

/** Which provider wrote a run's content, and why the LLM was not used where it was configured. */
export interface ProviderReport {
  provider: GenerationProvider["name"];
  fallbacks: string[];
  /** The LLM's token use, cost and coverage over the run (a live object, final when the run ends). */
  llm?: LlmStats;
}

/** What a run's provider needs besides the environment. */
export interface ProviderOptions extends LlmHooks {}

/**
 * The provider for a run: the LLM when LLM_BASE_URL and LLM_API_KEY are set, else the extractive one.
 * An LLM request that fails (unreachable, refused, an answer that does not fit the schema even after a
 * repair) falls back to the extractive provider for that piece, so a learner still gets grounded
 * content; the report says so. `chapterConcurrency` is how many chapters the engine should write at once.
 */
export function providerFromEnv(
  env: Record<string, string | undefined> = process.env,
  options: ProviderOptions = {},
): { provider: GenerationProvider; report: ProviderReport; chapterConcurrency: number } {
  const extractive = extractiveProvider();
  const settings = llmSettingsFromEnv(env);
  if (!settings) {
    return {
      provider: extractive,
      report: { provider: "extractive", fallbacks: [] },
      chapterConcurrency: 1,
    };
  }
  const llm = llmProvider(settings, options);
  const { provider, report } = withFallback(llm, extractive);
  report.llm = llm.stats;
  return { provider, report, chapterConcurrency: settings.concurrency };
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
    chapter: async (request): Promise<ChapterDraft> => {
      let wroteIt = true;
      const draft = await attempt(`chapter ${request.section.section_id}`, (candidate) => {
        wroteIt = candidate === primary;
        return candidate.chapter(request);
      });
      return wroteIt ? groundedEpisode(draft, request, fallback, report) : draft;
    },
  };
  return { provider, report };
}

/**
 * The primary's recap, if the citation verifier accepts its two-voice script; otherwise the fallback's
 * recap of the same chapter (transcript and script together, so the episode stays one piece). An
 * episode must only say what the sources say, and the fallback's script quotes them.
 */
async function groundedEpisode(
  draft: ChapterDraft,
  request: ChapterRequest,
  fallback: GenerationProvider,
  report: ProviderReport,
): Promise<ChapterDraft> {
  const recap = draft.activities.find((activity) => activity.kind === "recap");
  if (recap?.kind !== "recap") return draft;
  const problem = new CitationVerifier(request.corpus.chunks).scriptProblem(recap.payload.script ?? []);
  if (!problem) return draft;
  report.fallbacks.push(`recap script of ${request.section.section_id}: ${problem}`);
  const replacement = (await fallback.chapter(request)).activities.find(
    (activity) => activity.kind === "recap",
  );
  if (!replacement) return draft;
  return {
    ...draft,
    activities: draft.activities.map((activity) => (activity === recap ? replacement : activity)),
  };
}
