import { Link } from "@tanstack/react-router";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { type Structure, structureCitations, structureSchema } from "@/domain/structure";
import { SectionTitle, TopicPage } from "./topic-page";

/** /summary: the topic's learning structure as a readable summary. */
export function SummaryScreen({ topicId }: { topicId: string }) {
  return (
    <TopicPage topicId={topicId}>
      {(topic) => {
        const parsed = structureSchema.safeParse(topic.structure);
        return parsed.success ? (
          <StructureSummary structure={parsed.data} />
        ) : (
          <EmptyState
            title="No summary yet"
            description="The summary is written from the topic's learning structure, which has not been generated or accepted yet."
            action={
              <Link
                to="/studymap/topics/$topicId/structure-review"
                params={{ topicId }}
                className={buttonClasses()}
              >
                Go to structure review
              </Link>
            }
          />
        );
      }}
    </TopicPage>
  );
}

export function StructureSummary({ structure }: { structure: Structure }) {
  const sources = new Set(structureCitations(structure).map((citation) => citation.file_path)).size;
  return (
    <article className="max-w-3xl">
      <SectionTitle
        description={
          sources > 0 ? `Grounded in ${sources === 1 ? "1 source" : `${sources} sources`}.` : undefined
        }
      >
        {structure.title}
      </SectionTitle>
      {structure.description ? (
        <p className="mb-8 text-neutral-700 dark:text-neutral-300">{structure.description}</p>
      ) : null}
      {structure.sections.length === 0 ? (
        <p className="text-neutral-500 dark:text-neutral-400">This structure has no sections.</p>
      ) : (
        <ol className="space-y-8">
          {structure.sections.map((section, index) => (
            <li key={section.section_id}>
              <h3 className="text-lg font-semibold">
                <span className="mr-2 text-neutral-500 dark:text-neutral-400 tabular-nums">{index + 1}.</span>
                {section.title}
              </h3>
              {section.description ? (
                <p className="mt-1 text-neutral-700 dark:text-neutral-300">{section.description}</p>
              ) : null}
              <div className="mt-3 space-y-4 border-l-2 border-emerald-200 pl-4 dark:border-emerald-900">
                {section.subtopics.map((subtopic) => (
                  <section key={subtopic.subtopic_id} aria-label={subtopic.title}>
                    <h4 className="font-medium">{subtopic.title}</h4>
                    {subtopic.description ? (
                      <p className="text-sm text-neutral-600 dark:text-neutral-400">{subtopic.description}</p>
                    ) : null}
                    {subtopic.key_points.length > 0 ? (
                      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-neutral-700 dark:text-neutral-300">
                        {subtopic.key_points.map((point) => (
                          <li key={point}>{point}</li>
                        ))}
                      </ul>
                    ) : null}
                  </section>
                ))}
              </div>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
