import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ActivityCard, CARD_LINK_CLASS } from "./activity-card";
import { EPISODE_KINDS, type TopicActivity } from "./api";
import { CourseContent } from "./course-content";
import { useTopicOutline } from "./hooks";
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
                    <span className="text-sm text-neutral-500 tabular-nums">{wordCount(episode)} words</span>
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

/** One episode: its transcript, key points, and the browser's own voice to listen to it. */
export function EpisodeScreen({ topicId, episodeId }: { topicId: string; episodeId: string }) {
  return (
    <EpisodeGate topicId={topicId} episodeId={episodeId}>
      {(episode) => (
        <>
          <div className="mb-6 flex flex-wrap gap-2">
            <ListenButton text={episode.payload?.transcript ?? ""} />
            <Link
              to="/studymap/topics/$topicId/podcast/episodes/$episodeId/edit"
              params={{ topicId, episodeId }}
              search={{ phase: "script" }}
              className={buttonClasses("secondary")}
            >
              Episode details
            </Link>
          </div>
          <Transcript episode={episode} />
        </>
      )}
    </EpisodeGate>
  );
}

function Transcript({ episode }: { episode: Episode }) {
  return (
    <>
      <h3 className="mb-2 font-semibold">Transcript</h3>
      <p className="whitespace-pre-line text-neutral-700 dark:text-neutral-300">
        {episode.payload?.transcript || "No transcript."}
      </p>
      {episode.payload?.bullets.length ? (
        <>
          <h3 className="mt-6 mb-2 font-semibold">Key points</h3>
          <ul className="list-disc space-y-1 pl-5 text-neutral-700 dark:text-neutral-300">
            {episode.payload.bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** Reads a text aloud with the Web Speech API; hidden where the browser has no voice. */
function ListenButton({ text }: { text: string }) {
  const [speaking, setSpeaking] = useState(false);
  const supported = typeof window !== "undefined" && "speechSynthesis" in window;
  useEffect(() => () => void (supported && window.speechSynthesis.cancel()), [supported]);
  if (!supported || !text) return null;
  const toggle = () => {
    if (speaking) {
      window.speechSynthesis.cancel();
      setSpeaking(false);
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.onend = () => setSpeaking(false);
    window.speechSynthesis.speak(utterance);
    setSpeaking(true);
  };
  return <Button onClick={toggle}>{speaking ? "Stop listening" : "Listen"}</Button>;
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
  const { data: outline } = useTopicOutline(topicId);
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
                    ? "bg-emerald-600 text-white"
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
                The script is generated from the topic's sources with the rest of the course; regenerate the
                course to change it.
              </p>
              <Transcript episode={episode} />
            </>
          ) : step === "audio" ? (
            <div className="space-y-3">
              <p className="text-neutral-700 dark:text-neutral-300">
                No recorded audio is stored for this episode. Your browser can read the script aloud.
              </p>
              <ListenButton text={episode.payload?.transcript ?? ""} />
            </div>
          ) : (
            <p className="flex items-center gap-2 text-neutral-700 dark:text-neutral-300">
              Course status:{" "}
              {outline?.course?.published_at ? (
                <Badge tone="success">Published</Badge>
              ) : (
                <Badge tone="warning">Not published — visible to you only</Badge>
              )}
            </p>
          )}
        </>
      )}
    </EpisodeGate>
  );
}
