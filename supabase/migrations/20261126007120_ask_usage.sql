-- Ask your sources' model calls count in the organisation's usage (docs/llm-provider.md, "Usage"): the
-- answer-question task writes one generation_usage row per answer a model wrote (or tried to), so admins
-- see what the chat costs beside generation. Offline answers call no model and write no row.

alter table public.generation_usage drop constraint generation_usage_task_valid;
alter table public.generation_usage add constraint generation_usage_task_valid
  check (task in ('generate-topic-structure', 'generate-course-content', 'answer-question'));

comment on column public.generation_usage.task is
  'generate-topic-structure, generate-course-content or answer-question (Ask your sources).';
