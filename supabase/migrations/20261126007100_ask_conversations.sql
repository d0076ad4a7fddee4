-- Ask your sources (docs/ask.md): one conversation per user and topic, its questions and the answers the
-- answer-question task writes. A conversation is private to its user: nobody else reads it, not even the
-- organisation's admins, and only while the user is an active member of the topic's organisation (the
-- answers spend the organisation's model). Clients write nothing directly: a question goes in through
-- public.ask_question (which counts it against the daily limit), an answer only from the task (service role).

create table public.ask_conversations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  topic_id uuid not null references public.topics (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint ask_conversations_user_topic_key unique (user_id, topic_id)
);

comment on table public.ask_conversations is
  'A learner''s "Ask your sources" chat on one topic. Readable only by its user while an active member of '
  'the topic''s organisation; created by public.ask_question.';
comment on column public.ask_conversations.id is 'Conversation id.';
comment on column public.ask_conversations.user_id is 'The learner asking; the only reader.';
comment on column public.ask_conversations.topic_id is 'The topic whose sources are asked.';
comment on column public.ask_conversations.created_at is 'When the first question was asked.';

create table public.ask_messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.ask_conversations (id) on delete cascade,
  role text not null,
  content text not null,
  -- Questions: pending until the task answers (answered) or gives up (failed). Answers: null.
  status text,
  -- Answers: the question answered and the answer's sentences with their verified citations.
  question_id uuid references public.ask_messages (id) on delete cascade,
  answer jsonb,
  created_at timestamptz not null default now(),
  constraint ask_messages_role_valid check (role in ('question', 'answer')),
  constraint ask_messages_shape check (
    case role
      when 'question' then status in ('pending', 'answered', 'failed') and question_id is null and answer is null
        and char_length(content) between 1 and 1000
      else status is null and question_id is not null and jsonb_typeof(answer) = 'object'
        and char_length(content) between 1 and 20000
    end
  )
);

comment on table public.ask_messages is
  'Questions and answers of an "Ask your sources" conversation, readable as their conversation. Questions '
  'are written by public.ask_question, answers by the answer-question task only.';
comment on column public.ask_messages.id is 'Message id.';
comment on column public.ask_messages.conversation_id is 'The conversation.';
comment on column public.ask_messages.role is 'question (the learner''s) or answer (the server''s).';
comment on column public.ask_messages.content is 'The question as asked, or the answer''s text.';
comment on column public.ask_messages.status is 'A question''s state: pending, answered or failed; null for answers.';
comment on column public.ask_messages.question_id is 'For an answer: the question it answers.';
comment on column public.ask_messages.answer is
  'For an answer: {mode, sentences: [{text, citations}]} as src/domain/ask.ts askAnswerSchema.';
comment on column public.ask_messages.created_at is 'When it was written; the daily limit counts questions by this.';

-- Deleting a topic removes its conversations.
create index ask_conversations_topic_idx on public.ask_conversations (topic_id);
create index ask_messages_conversation_idx on public.ask_messages (conversation_id, created_at);
create index ask_messages_question_idx on public.ask_messages (question_id) where question_id is not null;

alter table public.ask_conversations enable row level security;
alter table public.ask_messages enable row level security;

create policy "Learners read their own conversations on their organisation's topics"
  on public.ask_conversations for select
  to authenticated
  using (
    user_id = (select auth.uid())
    and topic_id in (
      select t.id from public.topics t where t.entity_id in (select private.member_entity_ids())
    )
  );

create policy "Messages are read as their conversation"
  on public.ask_messages for select
  to authenticated
  using (conversation_id in (select c.id from public.ask_conversations c));

revoke all on public.ask_conversations, public.ask_messages from anon, authenticated;
grant select on public.ask_conversations, public.ask_messages to authenticated;
grant select, insert, update, delete on public.ask_conversations, public.ask_messages to service_role;
