import { Link } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { RecapPlayer } from "@/components/episode-player";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { controlClasses, Field } from "@/components/ui/field";
import { episodeLanguage, episodeTurns } from "@/domain/activity-payload";
import { useSignedInUser, useSupabase } from "@/lib/auth/auth-context";
import { EdgeFunctionError } from "@/lib/edge-function";
import { useEpisodeAudio } from "@/lib/episode-audio";
import { errorMessage } from "@/lib/query";
import { ActivityCard, CARD_LINK_CLASS } from "./activity-card";
import { EPISODE_KINDS, saveEpisodeScript, setCoursePublished, type TopicActivity } from "./api";
import { CourseContent } from "./course-content";
import { renderProgress, type StartedRender, startEpisodeRender, useRenderState } from "./episode-render";
import { useCanManageTopic, useTopicOutline } from "./hooks";
import { SectionTitle } from "./topic-page";

type Episode = TopicActivity<(typeof EPISODE_KINDS)[number]>;

/** The podcast: each chapter's recap is an episode with a transcript. */
export function EpisodeList({ topicId }: { topicId: string }) {
  return (
    <section>
      <SectionTitle description="Each chapter ends with a short spoken recap.">Podcast episodes</SectionTitle>
      <CourseContent topicId={topicId} kinds={EPISODE_KINDS} noun="episodes">
        {(episodes) => (
          <ol className="space-y-3">
            {episodes.map((episode) => (
              <li key={episode.id}>
                <ActivityCard
                  link={
                    <Link
                      to="/studymap/topics/$topicId/podcast/episodes/$episodeId"
                      params={{ topicId, episodeId: episode.id }}
                      className={CARD_LINK_CLASS}
                    >
                      {episode.title}
                    </Link>
                  }
                  meta={`Episode ${episode.chapterPosition} · ${episode.chapterTitle}`}
                  aside={
                    <span className="text-sm text-neutral-500 dark:text-neutral-400 tabular-nums">
                      {wordCount(episode)} words
                    </span>
                  }
                />
              </li>
            ))}
          </ol>
        )}
      </CourseContent>
    </section>
  );
}

function wordCount(episode: Episode): number {
  return episode.payload?.transcript.split(/\s+/).filter(Boolean).length ?? 0;
}

/** An episode of the topic's course, under its title, or "Episode not found". */
function EpisodeGate({
  topicId,
  episodeId,
  children,
}: {
  topicId: string;
  episodeId: string;
  children(episode: Episode): ReactNode;
}) {
  return (
    <CourseContent topicId={topicId} kinds={EPISODE_KINDS} noun="episodes">
      {(episodes) => {
        const episode = episodes.find((candidate) => candidate.id === episodeId);
        return episode ? (
          <article className="max-w-3xl">
            <SectionTitle description={`Episode ${episode.chapterPosition} · ${episode.chapterTitle}`}>
              {episode.title}
            </SectionTitle>
            {children(episode)}
          </article>
        ) : (
          <EmptyState
            title="Episode not found"
            description="This episode is not part of the topic's course."
          />
        );
      }}
    </CourseContent>
  );
}

/** One episode: the player (with its transcript following along) and the key points. */
export function EpisodeScreen({ topicId, episodeId }: { topicId: string; episodeId: string }) {
  return (
    <EpisodeGate topicId={topicId} episodeId={episodeId}>
      {(episode) => (
        <>
          <div className="mb-6 flex flex-wrap gap-2">
            <Link
              to="/studymap/topics/$topicId/podcast/episodes/$episodeId/edit"
              params={{ topicId, episodeId }}
              search={{ phase: "script" }}
              className={buttonClasses("secondary")}
            >
              Episode details
            </Link>
          </div>
          <EpisodeAudio episode={episode} />
          <KeyPoints episode={episode} />
        </>
      )}
    </EpisodeGate>
  );
}

function EpisodeAudio({ episode }: { episode: Episode }) {
  if (!episode.payload) return <p className="text-neutral-500 dark:text-neutral-400">No transcript.</p>;
  return <RecapPlayer activityId={episode.id} payload={episode.payload} title={episode.title} />;
}

function KeyPoints({ episode }: { episode: Episode }) {
  return episode.payload?.bullets.length ? (
    <>
      <h3 className="mt-6 mb-2 font-semibold">Key points</h3>
      <ul className="list-disc space-y-1 pl-5 text-neutral-700 dark:text-neutral-300">
        {episode.payload.bullets.map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
    </>
  ) : null;
}

/** The script's turns: editable by the topic's content managers, read-only for everyone else. */
function ScriptEditor({ topicId, episode }: { topicId: string; episode: Episode }) {
  const client = useSupabase();
  const canManage = useCanManageTopic(topicId);
  const { mutate } = useSWRConfig();
  const turns = episode.payload ? episodeTurns(episode.payload) : [];
  const [texts, setTexts] = useState(() => turns.map((turn) => turn.text));
  const [status, setStatus] = useState<{ tone: "error" | "saved"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  if (turns.length === 0) return <p className="text-neutral-500 dark:text-neutral-400">No transcript.</p>;
  const lang = episode.payload ? episodeLanguage(episode.payload) : "en";
  if (!canManage) {
    return (
      <>
        <p className="mb-4 text-sm text-neutral-600 dark:text-neutral-300">
          Only the topic's content managers can edit this script.
        </p>
        <ol lang={lang} className="space-y-3">
          {turns.map((turn, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: turns have no id; an episode's turns keep their order.
            <li key={index}>
              <span
                lang="en"
                className="block text-xs font-semibold text-neutral-600 uppercase dark:text-neutral-300"
              >
                {SPEAKER_NAMES[turn.speaker]}
              </span>
              {turn.text}
            </li>
          ))}
        </ol>
      </>
    );
  }
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    try {
      await saveEpisodeScript(client, episode, texts);
      await mutate((key) => Array.isArray(key) && key[0] === "topic-activities" && key[1] === topicId);
      setStatus({ tone: "saved", text: "Script saved." });
    } catch (error) {
      setStatus({ tone: "error", text: errorMessage(error, "The script could not be saved.") });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={save} className="space-y-4">
      {turns.map((turn, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: turns have no id; an episode's turns keep their order.
        <Field key={index} label={`Turn ${index + 1} · ${SPEAKER_NAMES[turn.speaker]}`}>
          {(props) => (
            <textarea
              {...props}
              lang={lang}
              rows={3}
              required
              maxLength={4000}
              value={texts[index] ?? ""}
              onChange={(event) => {
                const next = [...texts];
                next[index] = event.target.value;
                setTexts(next);
              }}
              className={controlClasses}
            />
          )}
        </Field>
      ))}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : "Save script"}
        </Button>
        {status ? <Note tone={status.tone}>{status.text}</Note> : null}
      </div>
    </form>
  );
}

const SPEAKER_NAMES = { host: "Host", expert: "Expert" } as const;

const NOTE_CLASSES = {
  error: "text-sm text-red-600 dark:text-red-400",
  saved: "text-sm text-emerald-700 dark:text-emerald-400",
  info: "text-sm text-neutral-700 dark:text-neutral-300",
} as const;

/** A line of feedback beside a button: errors are alerts, everything else a polite status. */
function Note({ tone, children }: { tone: keyof typeof NOTE_CLASSES; children: ReactNode }) {
  return (
    <p role={tone === "error" ? "alert" : "status"} className={NOTE_CLASSES[tone]}>
      {children}
    </p>
  );
}

/** docs/decisions.md §19: `phase` selects the editor's step. */
export const EPISODE_STEPS = [
  { key: "script", label: "Script" },
  { key: "audio", label: "Audio" },
  { key: "publish", label: "Publish" },
] as const;
export type EpisodeStep = (typeof EPISODE_STEPS)[number]["key"];

export function episodeStep(phase: string | undefined): EpisodeStep {
  return EPISODE_STEPS.find((step) => step.key === phase)?.key ?? "script";
}

/** The episode's steps: the generated script, how it is heard, and whether the course is published. */
export function EpisodeEditScreen({
  topicId,
  episodeId,
  phase,
}: {
  topicId: string;
  episodeId: string;
  phase?: string;
}) {
  const step = episodeStep(phase);
  return (
    <EpisodeGate topicId={topicId} episodeId={episodeId}>
      {(episode) => (
        <>
          <nav
            aria-label="Episode steps"
            className="mb-6 flex gap-1 rounded-lg border border-neutral-200 p-1 dark:border-neutral-800"
          >
            {EPISODE_STEPS.map(({ key, label }, index) => (
              <Link
                key={key}
                to="/studymap/topics/$topicId/podcast/episodes/$episodeId/edit"
                params={{ topicId, episodeId }}
                search={{ phase: key }}
                aria-current={step === key ? "step" : undefined}
                className={cn(
                  "flex-1 rounded-md px-3 py-1.5 text-center text-sm font-medium",
                  step === key
                    ? "bg-emerald-700 text-white"
                    : "text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800",
                )}
              >
                {index + 1}. {label}
              </Link>
            ))}
          </nav>
          {step === "script" ? (
            <>
              <p className="mb-4 text-sm text-neutral-500 dark:text-neutral-400">
                The script is a conversation generated from the topic's sources: a host asks, an expert
                answers with the source's own lines.
              </p>
              <ScriptEditor topicId={topicId} episode={episode} />
            </>
          ) : step === "audio" ? (
            <AudioStep topicId={topicId} episode={episode} />
          ) : (
            <PublishStep topicId={topicId} />
          )}
        </>
      )}
    </EpisodeGate>
  );
}

/**
 * An episode is published with its course (docs/product.md, "Learning paths"): once published, everyone
 * who can read the topic hears it. The topic's content managers publish here; taking a course back to a
 * draft is offered to its creator, the only one who can still see a draft (others would lose it).
 */
function PublishStep({ topicId }: { topicId: string }) {
  const client = useSupabase();
  const user = useSignedInUser();
  const { data: outline, mutate } = useTopicOutline(topicId);
  const canManage = useCanManageTopic(topicId);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const course = outline?.course;
  if (!course) return <p className="text-neutral-500 dark:text-neutral-400">No course.</p>;
  const published = Boolean(course.published_at);
  const change = async (publish: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      await setCoursePublished(client, course.id, publish);
      await mutate();
    } catch (error) {
      setFailure(errorMessage(error, "The course could not be changed."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-4">
      <p role="status" className="flex items-center gap-2 text-neutral-700 dark:text-neutral-300">
        Course status:{" "}
        {published ? (
          <Badge tone="success">Published</Badge>
        ) : (
          <Badge tone="warning">Not published — visible to you only</Badge>
        )}
      </p>
      {canManage ? (
        <div className="flex items-center gap-3">
          {published ? (
            course.created_by === user.id ? (
              <Button variant="secondary" disabled={busy} onClick={() => change(false)}>
                {busy ? "Unpublishing…" : "Unpublish"}
              </Button>
            ) : null
          ) : (
            <Button disabled={busy} onClick={() => change(true)}>
              {busy ? "Publishing…" : "Publish course"}
            </Button>
          )}
          <p className="text-sm text-neutral-500 dark:text-neutral-400">
            {published
              ? "Everyone who can read this topic hears its episodes."
              : "Publishing shows this course and its episodes to everyone who can read this topic."}
          </p>
        </div>
      ) : (
        <p className="text-sm text-neutral-600 dark:text-neutral-300">
          Only the topic's content managers can publish its course.
        </p>
      )}
      {failure ? <Note tone="error">{failure}</Note> : null}
    </div>
  );
}

const BROWSER_VOICES =
  "Your browser reads the script aloud in the episode's language, with a voice for each speaker.";

/**
 * How the episode is heard: recorded audio of its current script, audio of an earlier script (out of
 * date, so not played), or the browser's voices. The topic's content managers can render the audio
 * again after editing the script; the render's run is followed until it ends.
 */
function AudioStep({ topicId, episode }: { topicId: string; episode: Episode }) {
  const client = useSupabase();
  const { mutate } = useSWRConfig();
  const canManage = useCanManageTopic(topicId);
  const turns = episode.payload ? episodeTurns(episode.payload) : [];
  const { recording } = useEpisodeAudio(episode.id, turns);
  const [render, setRender] = useState<StartedRender | null>(null);
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const { data: run, error: runError } = useRenderState(render);
  const rendered = run?.success === true;
  useEffect(() => {
    // The new audio speaks the saved script: ask again for the episode's recording.
    if (rendered)
      void mutate((key) => Array.isArray(key) && key[0] === "episode-audio" && key[1] === episode.id);
  }, [rendered, episode.id, mutate]);
  const running = render !== null && !runError && !(run?.completed || run?.cancelled);

  const start = async () => {
    setStarting(true);
    setNotice(null);
    setRender(null);
    try {
      setRender(await startEpisodeRender(client, episode.id));
    } catch (error) {
      const unconfigured = error instanceof EdgeFunctionError && error.status === 409;
      setNotice({
        tone: unconfigured ? "info" : "error",
        text: errorMessage(error, "The audio could not be rendered."),
      });
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="space-y-3">
      {recording === undefined ? null : recording === null ? (
        <p className="text-neutral-700 dark:text-neutral-300">
          No recorded audio is stored for this episode. {BROWSER_VOICES}
        </p>
      ) : recording.outdated ? (
        <p className="text-neutral-700 dark:text-neutral-300">
          <Badge tone="warning">Out of date</Badge> The recorded audio was made from an earlier version of the
          script, so it is not played. {BROWSER_VOICES}
        </p>
      ) : (
        <p className="text-neutral-700 dark:text-neutral-300">
          <Badge tone="success">Recorded</Badge> Recorded audio of the current script, rendered{" "}
          {new Date(recording.renderedAt).toLocaleString("en-GB")}.
        </p>
      )}
      {canManage ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" disabled={starting || running} onClick={start}>
            {starting ? "Starting…" : recording ? "Render audio again" : "Render audio"}
          </Button>
          {render ? (
            <Note tone={run?.failed || runError ? "error" : run?.success ? "saved" : "info"}>
              {runError
                ? errorMessage(runError, "The render's progress could not be read.")
                : renderProgress(run)}
            </Note>
          ) : null}
        </div>
      ) : null}
      {notice ? <Note tone={notice.tone}>{notice.text}</Note> : null}
      <EpisodeAudio episode={episode} />
    </div>
  );
}
