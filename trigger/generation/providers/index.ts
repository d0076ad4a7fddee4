import { OFFLINE_GENERATOR } from "../../../src/domain/llm-endpoint.ts";
import type { Structure } from "../../../src/domain/structure.ts";
import { CitationVerifier } from "../citations.ts";
import { type Corpus, sourceLanguages } from "../corpus.ts";
import { withoutAddedCauses } from "../support.ts";
import { isOfflineLanguage, languageName, type SourceLanguage } from "../text/language.ts";
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
  const extractive = inOfflineLanguagesOnly(extractiveProvider());
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
      const reason = error instanceof Error ? error.message : String(error);
      report.fallbacks.push(`${what}: ${reason}`);
      return run(fallback).catch((fallbackError) => {
        // The model is connected but failed; the offline generator cannot stand in for this language.
        throw fallbackError instanceof UnsupportedLanguageError
          ? new UnsupportedLanguageError(fallbackError.sources, fallbackError.sourceCount, reason)
          : fallbackError;
      });
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
      return wroteIt ? groundedEpisode(draft, request, report) : draft;
    },
  };
  return { provider, report };
}

/**
 * The primary's recap with only the script turns the citation verifier accepts. An expert turn that says
 * what its cited lines do not is dropped with the host's question before it; the model's transcript and
 * the rest of its conversation stay, since they explain in their own words where a quoted script reads
 * the source aloud. When fewer than half of the expert's turns are grounded, the conversation goes and
 * the episode is the transcript in one voice, as the model's study text, which the verifier does not
 * judge either (issue 22's blind grading: the offline recap that used to replace it read the source
 * aloud in a template). A recap the model left empty (a section that teaches nothing) stays empty.
 */
function groundedEpisode(
  chapter: ChapterDraft,
  request: ChapterRequest,
  report: ProviderReport,
): ChapterDraft {
  let draft = chapter;
  const found = draft.activities.find((activity) => activity.kind === "recap");
  if (found?.kind !== "recap") return draft;
  // The transcript has no citations of its own: a sentence of it that states a cause none of the recap's
  // cited lines state goes ("… niet toegestaan en kunnen daardoor tot … leiden").
  const lines = found.citations.flatMap((citation) => citation.exactLines);
  const transcript = withoutAddedCauses(found.payload.transcript, lines);
  if (transcript.dropped > 0) {
    report.fallbacks.push(
      `recap transcript of ${request.section.section_id}: dropped ${transcript.dropped} sentence(s) stating a cause its lines do not`,
    );
    draft = withActivity(draft, found, {
      ...found,
      payload: { ...found.payload, transcript: transcript.text },
    });
  }
  const recap = draft.activities.find((activity) => activity.kind === "recap");
  if (recap?.kind !== "recap") return draft;
  const written = recap.payload.script ?? [];
  if (written.length === 0) return draft;
  const { script, problems } = new CitationVerifier(request.corpus.chunks).groundedScript(written);
  if (problems.length === 0 && script.length > 0) return draft;
  const experts = written.filter((turn) => turn.speaker === "expert").length;
  const grounded = script.filter((turn) => turn.speaker === "expert").length;
  const what = problems.length > 0 ? problems.join("; ") : "the script has no expert turn";
  if (grounded > 0 && grounded * 2 >= experts) {
    report.fallbacks.push(`recap script of ${request.section.section_id}: dropped ${what}`);
    return withActivity(draft, recap, { ...recap, payload: { ...recap.payload, script } });
  }
  report.fallbacks.push(
    `recap script of ${request.section.section_id}: ${what}; the transcript is heard alone`,
  );
  const { script: _ungrounded, ...payload } = recap.payload;
  return withActivity(draft, recap, { ...recap, payload });
}

function withActivity<T>(
  draft: ChapterDraft,
  old: T,
  replacement: ChapterDraft["activities"][number],
): ChapterDraft {
  return {
    ...draft,
    activities: draft.activities.map((activity) => (activity === old ? replacement : activity)),
  };
}

/** A source the offline generator cannot write for: its file name and language (ISO 639-1). */
export interface ForeignSource {
  file_name: string;
  language: SourceLanguage;
}

/**
 * The sources are in a language the offline generator does not write (it knows Dutch and English only),
 * so it writes nothing rather than items it cannot get right. The message is for the learner: the
 * structure run shows it on the topic (docs/generation.md, "Languages").
 */
export class UnsupportedLanguageError extends Error {
  constructor(
    readonly sources: readonly ForeignSource[],
    /** How many sources the topic has, so a single source is "this source". */
    readonly sourceCount: number,
    /** Why the connected model could not write it, when the offline generator was its stand-in. */
    readonly modelFailure?: string,
  ) {
    super(unsupportedLanguageMessage(sources, sourceCount, modelFailure));
    this.name = "UnsupportedLanguageError";
  }
}

function unsupportedLanguageMessage(
  sources: readonly ForeignSource[],
  sourceCount: number,
  modelFailure?: string,
): string {
  const which =
    sourceCount === 1 && sources.length === 1
      ? `this source is in ${languageName(sources[0]?.language ?? "")}`
      : sources.map((source) => `"${source.file_name}" is in ${languageName(source.language)}`).join("; ");
  if (modelFailure)
    return `The language model could not write this (${shortened(modelFailure)}), and the offline generator cannot stand in: ${which}, and it writes only Dutch and English. Try again later.`;
  const them = sources.length === 1 ? "it" : "them";
  return `${which.charAt(0).toUpperCase()}${which.slice(1)}. The offline generator writes only Dutch and English; an admin of your organisation can connect a language model (Account settings → Language model) to teach ${them}.`;
}

/** A model's error as the topic shows it: a schema failure can run to pages. */
function shortened(reason: string, limit = 300): string {
  return reason.length > limit ? `${reason.slice(0, limit - 1)}…` : reason;
}

/** The sources of a corpus in a language the offline generator does not write. */
export async function foreignSources(corpus: Corpus): Promise<ForeignSource[]> {
  const languages = await sourceLanguages(corpus);
  return corpus.sources.flatMap((source) => {
    const language = languages.get(source.id) ?? source.language;
    return isOfflineLanguage(language) ? [] : [{ file_name: source.file_name, language }];
  });
}

/** The offline provider, refusing a corpus with a source in another language than Dutch or English. */
function inOfflineLanguagesOnly(provider: GenerationProvider): GenerationProvider {
  const refuseForeign = async (corpus: Corpus) => {
    const foreign = await foreignSources(corpus);
    if (foreign.length > 0) throw new UnsupportedLanguageError(foreign, corpus.sources.length);
  };
  return {
    name: provider.name,
    structure: async (topic, corpus) => {
      await refuseForeign(corpus);
      return provider.structure(topic, corpus);
    },
    chapter: async (request) => {
      await refuseForeign(request.corpus);
      return provider.chapter(request);
    },
  };
}
