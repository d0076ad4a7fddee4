import { OFFLINE_GENERATOR } from "../../../src/domain/llm-endpoint.ts";
import type { Structure } from "../../../src/domain/structure.ts";
import { CitationVerifier } from "../citations.ts";
import { extractiveProvider } from "./extractive/index.ts";
import { type LlmHooks, type LlmSettings, type LlmStats, llmProvider, llmSettingsFromEnv } from "./llm.ts";
import type { ChapterDraft, ChapterRequest, GenerationProvider } from "./types.ts";

export type { LlmHooks, LlmSettings, LlmStats, LlmUsage, OrganisationModel } from "./llm.ts";
export { llmSettingsForOrganisation } from "./llm.ts";
export type { ActivityDraft, ChapterDraft, GenerationProvider, TopicBrief } from "./types.ts";

/** Whose model a run uses: the organisation's own, the deployment's default, or none (offline). */
export type ModelSource = "organisation" | "deployment" | "offline";

/** The model chosen for a run (settings null: offline) and why, when a configured model was passed over. */
export interface ModelChoice {
  settings: LlmSettings | null;
  source: ModelSource;
  notes?: string[];
}

/** Which provider wrote a run's content, and why the LLM was not used where it was configured. */
export interface ProviderReport {
  provider: GenerationProvider["name"];
  /** The model's name, or "Offline generator". */
  model: string;
  modelSource: ModelSource;
  fallbacks: string[];
  /** The LLM's token use, cost and coverage over the run (a live object, final when the run ends). */
  llm?: LlmStats;
}

/** What a run's provider needs besides the environment. */
export interface ProviderOptions extends LlmHooks {}

/**
 * The model for a run: the organisation's own when it connected one, else the deployment's
 * (LLM_BASE_URL and LLM_API_KEY), else none.
 */
export function chooseModel(
  organisation: LlmSettings | null,
  env: Record<string, string | undefined> = process.env,
): ModelChoice {
  if (organisation) return { settings: organisation, source: "organisation" };
  const deployment = llmSettingsFromEnv(env);
  return deployment ? { settings: deployment, source: "deployment" } : { settings: null, source: "offline" };
}

/**
 * The provider for a run: the LLM when LLM_BASE_URL and LLM_API_KEY are set, else the extractive one.
 * (The tasks use `providerFor` with the topic's organisation's model, which wins over these.)
 */
export function providerFromEnv(
  env: Record<string, string | undefined> = process.env,
  options: ProviderOptions = {},
): { provider: GenerationProvider; report: ProviderReport; chapterConcurrency: number } {
  return providerFor(chooseModel(null, env), options);
}

/**
 * The provider for a chosen model, or the extractive one without a model. An LLM request that fails
 * (unreachable, refused, an answer that does not fit the schema even after a repair) falls back to the
 * extractive provider for that piece, so a learner still gets grounded content; the report says so.
 * `chapterConcurrency` is how many chapters the engine should write at once.
 */
export function providerFor(
  choice: ModelChoice,
  options: ProviderOptions = {},
): { provider: GenerationProvider; report: ProviderReport; chapterConcurrency: number } {
  const extractive = extractiveProvider();
  const notes = choice.notes ?? [];
  if (!choice.settings) {
    return {
      provider: extractive,
      report: { provider: "extractive", model: OFFLINE_GENERATOR, modelSource: "offline", fallbacks: notes },
      chapterConcurrency: 1,
    };
  }
  const llm = llmProvider(choice.settings, options);
  const { provider, report } = withFallback(llm, extractive);
  report.model = choice.settings.model;
  report.modelSource = choice.source;
  report.fallbacks.push(...notes);
  report.llm = llm.stats;
  return { provider, report, chapterConcurrency: choice.settings.concurrency };
}

/** What wrote a structure: the model, unless the structure itself fell back to the offline generator. */
export function structureGenerator(report: ProviderReport): string {
  const fellBack = report.fallbacks.some((reason) => reason.startsWith("structure:"));
  return report.provider === "extractive" || fellBack ? OFFLINE_GENERATOR : report.model;
}

/** What wrote a course: the model, the offline generator, or the model with how many chapters fell back. */
export function courseGenerator(report: ProviderReport, chapters: number): string {
  if (report.provider === "extractive") return OFFLINE_GENERATOR;
  const offline = report.fallbacks.filter((reason) => reason.startsWith("chapter ")).length;
  if (offline === 0) return report.model;
  if (offline >= chapters) return OFFLINE_GENERATOR;
  return `${report.model} (${offline} of ${chapters} chapters by the ${OFFLINE_GENERATOR.toLowerCase()})`;
}

export function withFallback(primary: GenerationProvider, fallback: GenerationProvider) {
  const report: ProviderReport = {
    provider: primary.name,
    model: primary.name === "extractive" ? OFFLINE_GENERATOR : primary.name,
    modelSource: primary.name === "extractive" ? "offline" : "deployment",
    fallbacks: [],
  };
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
