import type { VerificationCounts } from "../citations.ts";
import type { CorpusSourceInput } from "../corpus.ts";
import { generateStructure } from "../engine.ts";
import { type Recognition, type SourceInput, SourceReadError } from "../ingest/index.ts";
import { ingestIsolated } from "../ingest/isolate.ts";
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

  const advance = progressReporter(client, topic.id, progress);
  await updateTopic(client, topic.id, { processing_status: "generating_structure", processing_error: null });
  await advance(1);

  const rows = await loadSources(client, topic.id);
  const inputs: CorpusSourceInput[] = [];
  const failures: string[] = [];
  for (const [index, row] of rows.entries()) {
    signal?.throwIfAborted();
    // Reading one source (download, OCR) is the slow step: say which one is under way, not only when it is done.
    await advance(sourceProgress(index, rows.length, "reading"));
    const read = await readSource(client, row, signal);
    if (read.ok) inputs.push(read.source);
    else failures.push(read.error);
    await markSource(client, row.id, read.ok ? null : read.error, read.ok ? read.recognition : undefined);
    await advance(sourceProgress(index, rows.length, "read"));
  }
  output.sources = { ingested: inputs.length, failed: failures.length };

  signal?.throwIfAborted();
  const chunks = inputs.flatMap((input) => input.chunks);
  const saved = await replaceChunks(client, topic.id, chunks);
  output.chunks = { total: chunks.length, inserted: saved.inserted, deleted: saved.deleted };
  await advance(65);

  if (rows.length > 0 && inputs.length === 0) {
    await updateTopic(client, topic.id, {
      processing_status: "failed",
      processing_error: failureMessage(failures),
    });
    return { ...output, status: "failed" };
  }

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
  await advance(90);
  signal?.throwIfAborted();
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
  await progress(100);
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
async function readSource(client: TaskClient, row: SourceRow, signal?: AbortSignal): Promise<ReadResult> {
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
    const ingested = await ingestIsolated(input, { signal });
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
 * Where a run stands while its sources are read: 5 % to 60 % shared evenly by the sources, a source's share
 * reported when its reading starts and when it ends, so the screen moves as each source is taken up.
 */
export function sourceProgress(index: number, total: number, stage: "reading" | "read"): number {
  const share = 55 / Math.max(1, total);
  return Math.round(5 + share * (stage === "reading" ? index : index + 1));
}

/** Progress on the topic row (what the review screen polls) and to the run, never going backwards. */
function progressReporter(client: TaskClient, topicId: string, progress: (pct: number) => Promise<void>) {
  let last = 0;
  return async (pct: number) => {
    const value = Math.max(1, Math.min(99, Math.round(pct)));
    if (value <= last) return;
    last = value;
    await updateTopic(client, topicId, { processing_progress: value });
    await progress(value);
  };
}
