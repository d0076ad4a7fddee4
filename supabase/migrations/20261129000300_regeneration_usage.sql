-- A regeneration of one item, one chapter or new items for untested lines (the regenerate-course-parts
-- task) is a generation like a course run: it writes one generation_usage row with the generator and what
-- the model used, so admins see its cost with the rest (docs/llm-provider.md, "Usage").

alter table public.generation_usage drop constraint generation_usage_task_valid;
alter table public.generation_usage add constraint generation_usage_task_valid
  check (task in ('generate-topic-structure', 'generate-course-content', 'answer-question', 'regenerate-course-part'));

comment on column public.generation_usage.task is
  'generate-topic-structure, generate-course-content, answer-question (Ask your sources) or '
  'regenerate-course-part (one item, one chapter or items for untested lines).';
