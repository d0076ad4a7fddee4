import type { VerificationCounts } from "../citations.ts";
import type { CorpusSourceInput } from "../corpus.ts";
import { generateStructure } from "../engine.ts";
import { type Recognition, type SourceInput, SourceReadError } from "../ingest/index.ts";
import { ingestIsolated } from "../ingest/isolate.ts";
import { type ReadStepListener, readShare } from "../ingest/read-progress.ts";
import { fetchWebPage, WebPageError } from "../ingest/web.ts";
import {
  type ProviderOptions,
  type ProviderReport,
  providerFor,
  structureGenerator,
  UnsupportedLanguageError,
} from "../providers/index.ts";
import type { TaskClient } from "./db.ts";
import {
  downloadSource,
  loadSources,
  loadTopic,
  markSource,
  replaceChunks,
  SourceDownloadError,
  type SourceRow,
  updateTopic,
} from "./db.ts";
import { modelForEntity, recordUsage } from "./model.ts";
import { citedTextBeforeReading, recordSourceChanges } from "./source-changes.ts";
import {
  readingFraction,
  structurePercent,
  type ThrottledProgress,
  throttledProgress,
} from "./structure-progress.ts";

export interface StructureRunOutput {
  /**
   * generated: a structure awaits review; failed: no source could be read, or none in a language the
   * generator writes; skipped: already accepted.
   */
  status: "generated" | "failed" | "skipped";
  sources: { ingested: number; failed: number };
  chunks: { total: number; inserted: number; deleted: number };
  sections: number;
  subtopics: number;
  citations: VerificationCounts["citations"];
  items: VerificationCounts["items"];
  provider: ProviderReport;
}

const PASTED_TEXT_NAME = "Pasted text";

/**
 * The `generate-topic-structure` work: ingest the topic's sources into chunks (replacing the old ones),
 * write a verified structure, and leave the topic awaiting review with progress 100. Sources that cannot
 * be read are marked failed and named in `processing_error`; when none can be read the topic is failed.
 * An accepted structure is never overwritten by a stray run: regenerating goes through
 * `regenerate_structure`, which moves the topic back to generating first.
 */
export async function runStructureGeneration(
  client: TaskClient,
  payload: { topicId: string },
  progress: (pct: number) => Promise<void>,
  hooks: ProviderOptions = {},
  /** The run's abort signal: cancelled, or over its maxDuration. Stops reading and writing the topic. */
  signal?: AbortSignal,
): Promise<StructureRunOutput> {
  const topic = await loadTopic(client, payload.topicId);
  // The topic's organisation's own model wins over the deployment's (docs/llm-provider.md).
  const { provider, report } = providerFor(await modelForEntity(client, topic.entity_id), hooks);
  const output: StructureRunOutput = {
    status: "skipped",
    sources: { ingested: 0, failed: 0 },
    chunks: { total: 0, inserted: 0, deleted: 0 },
    sections: 0,
    subtopics: 0,
    citations: { verified: 0, dropped: 0 },
    items: { kept: 0, dropped: 0 },
    provider: report,
  };
  if (topic.processing_status === "completed") return output;

  const tracker = progressTracker(client, topic.id, progress);
  try {
    return await generateFromSources({ client, topic, provider, report, output, tracker, progress, signal });
  } finally {
    // A run that threw leaves no write pending behind it; its error is the one that counts.
    await tracker.close().catch(() => undefined);
  }
}

interface StructureRun {
  client: TaskClient;
  topic: Awaited<ReturnType<typeof loadTopic>>;
  provider: ReturnType<typeof providerFor>["provider"];
  report: ProviderReport;
  output: StructureRunOutput;
  /** Progress while the run works; `progress` itself takes only the final 100. */
  tracker: ThrottledProgress;
  progress: (pct: number) => Promise<void>;
  signal: AbortSignal | undefined;
}

async function generateFromSources(run: StructureRun): Promise<StructureRunOutput> {
  const { client, topic, provider, report, output, tracker, progress, signal } = run;
  const advance = tracker.report;
  await updateTopic(client, topic.id, { processing_status: "generating_structure", processing_error: null });
  await advance(structurePercent("started"));

  const rows = await loadSources(client, topic.id);
  const inputs: CorpusSourceInput[] = [];
  const failures: string[] = [];
  for (const [index, row] of rows.entries()) {
    signal?.throwIfAborted();
    // Reading one source (download, PDF pages, OCR) is the slow step: the bar moves within it as it is read.
    const readTo = (share: number) =>
      advance(structurePercent("reading", readingFraction(index, rows.length, share)));
    await readTo(0);
    const read = await readSource(client, row, signal, (step) => {
      // A failed write comes back on the next awaited report; a step is not awaited by the reader.
      readTo(readShare(step)).catch(() => undefined);
    });
    if (read.ok) inputs.push(read.source);
    else failures.push(read.error);
    await markSource(client, row.id, read.ok ? null : read.error, read.ok ? read.recognition : undefined);
    await readTo(1);
  }
  output.sources = { ingested: inputs.length, failed: failures.length };

  signal?.throwIfAborted();
  const chunks = inputs.flatMap((input) => input.chunks);
  // A course's cited text is compared with the new text: what changed is marked stale (docs/teachers.md).
  const before = await citedTextBeforeReading(client, topic.id);
  const saved = await replaceChunks(client, topic.id, chunks);
  // A source that could not be read is not a changed text: the marks wait for a reading of every source.
  if (failures.length === 0) await recordSourceChanges(client, topic.id, before, chunks);
  output.chunks = { total: chunks.length, inserted: saved.inserted, deleted: saved.deleted };

  if (rows.length > 0 && inputs.length === 0) {
    await updateTopic(client, topic.id, {
      processing_status: "failed",
      processing_error: failureMessage(failures),
    });
    return { ...output, status: "failed" };
  }
  await advance(structurePercent("writing", 0));

  const written = await generateStructure(
    { title: topic.title, description: topic.description, variant: topic.structure_variant },
    inputs,
    provider,
  ).catch((error) => {
    // A source the offline generator cannot write: the run ends, and the topic says why and what helps.
    if (error instanceof UnsupportedLanguageError) return error;
    throw error;
  });
  if (written instanceof UnsupportedLanguageError) {
    await updateTopic(client, topic.id, {
      processing_status: "failed",
      processing_error: [written.message, ...(failures.length > 0 ? [failureMessage(failures)] : [])].join(
        " ",
      ),
    });
    return { ...output, status: "failed" };
  }
  const { structure, counts } = written;
  await advance(structurePercent("writing", 1));
  signal?.throwIfAborted();
  // The final state and 100 % are written together; nothing held back may land after them.
  await tracker.close();
  const generator = structureGenerator(report);
  await updateTopic(client, topic.id, {
    structure,
    structure_generator: generator,
    processing_status: "awaiting_structure_review",
    processing_progress: 100,
    processing_error: failures.length > 0 ? failureMessage(failures) : null,
  });
  await recordUsage(
    client,
    { entityId: topic.entity_id, topicId: topic.id, task: "generate-topic-structure" },
    report,
    generator,
  );
  await progress(structurePercent("done"));
  return {
    ...output,
    status: "generated",
    sections: structure.sections.length,
    subtopics: structure.sections.reduce((sum, section) => sum + section.subtopics.length, 0),
    citations: counts.citations,
    items: counts.items,
  };
}

type ReadResult =
  | { ok: true; source: CorpusSourceInput; recognition: Recognition }
  | { ok: false; error: string };

/** A source's chunks, or the reason it cannot be read; other failures (network, database) throw. */
async function readSource(
  client: TaskClient,
  row: SourceRow,
  signal: AbortSignal | undefined,
  onStep: ReadStepListener,
): Promise<ReadResult> {
  const fileName =
    row.file_name ?? (row.kind === "pasted" ? PASTED_TEXT_NAME : (row.file_path?.split("/").at(-1) ?? ""));
  try {
    const content =
      row.kind === "pasted"
        ? (row.pasted_text ?? "")
        : row.kind === "url"
          ? await fetchWebPage(row.source_url ?? "")
          : await downloadSource(client, row.file_path ?? "");
    const input: SourceInput = {
      id: row.id,
      kind: row.kind,
      file_name: fileName,
      file_path: row.file_path,
      content,
    };
    // In a process of its own within SOURCE_LIMITS: a hostile file fails only its own source.
    const ingested = await ingestIsolated(input, { signal, onStep });
    const source = {
      id: row.id,
      kind: row.kind,
      file_name: fileName,
      source_url: row.source_url,
      chunks: ingested.chunks,
    };
    return { ok: true, source, recognition: ingested.recognition };
  } catch (error) {
    if (error instanceof SourceReadError) return { ok: false, error: error.message };
    if (error instanceof SourceDownloadError) return { ok: false, error: `"${fileName}" ${error.message}` };
    if (error instanceof WebPageError)
      return { ok: false, error: `"${fileName}" could not be read: ${error.message}` };
    throw error;
  }
}

function failureMessage(failures: readonly string[]): string {
  return failures.length === 1
    ? (failures[0] ?? "")
    : `${failures.length} sources could not be read. ${failures.join(" ")}`;
}

/**
 * Progress on the topic row (what the topic page polls) and to the run, never going backwards, at
 * most one write a second (structure-progress.ts). Stays below 100 until the run writes its result.
 */
function progressTracker(client: TaskClient, topicId: string, progress: (pct: number) => Promise<void>) {
  return throttledProgress(async (pct) => {
    const value = Math.max(1, Math.min(99, pct));
    await updateTopic(client, topicId, { processing_progress: value });
    await progress(value);
  });
}
