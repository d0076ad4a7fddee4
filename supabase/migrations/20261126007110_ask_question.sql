-- ask_question: the only way a learner writes to a conversation. It checks, on the server, that the caller
-- is an active member of the topic's organisation and under the daily limit (the generation-limit pattern of
-- 20261123000200_generation_requests.sql: one user's claims counted under an advisory lock, PT429 over the
-- limit), then records the question as pending for the answer-question task.
--
-- The limit: 50 questions a user in 24 hours, over all topics. A learner working through a chapter asks a
-- handful; 50 is a long study day, and it bounds what one account can spend of its organisation's model.
-- The number is src/domain/ask.ts ASK_DAILY_LIMIT too (the screen's message), tied by pgTAP 200-ask-*.

create or replace function public.ask_question(p_topic_id uuid, p_question text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_question text := btrim(coalesce(p_question, ''));
  v_conversation uuid;
  v_message uuid;
begin
  if v_user is null then
    raise exception 'Sign in to ask your sources' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.topics t
    where t.id = p_topic_id and t.entity_id in (select private.member_entity_ids())
  ) then
    raise exception 'Topic not found' using errcode = 'PT404';
  end if;
  if char_length(v_question) not between 1 and 1000 then
    raise exception 'A question has 1 to 1000 characters' using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('ask_messages:' || v_user::text, 0));
  if (select count(*) from public.ask_messages m
      join public.ask_conversations c on c.id = m.conversation_id
      where c.user_id = v_user and m.role = 'question' and m.created_at > now() - interval '24 hours') >= 50 then
    raise exception 'Question limit reached: at most 50 questions a day. Try again tomorrow.'
      using errcode = 'PT429';
  end if;

  insert into public.ask_conversations (user_id, topic_id)
  values (v_user, p_topic_id)
  on conflict (user_id, topic_id) do update set user_id = excluded.user_id
  returning id into v_conversation;

  insert into public.ask_messages (conversation_id, role, content, status)
  values (v_conversation, 'question', v_question, 'pending')
  returning id into v_message;
  return v_message;
end;
$$;

comment on function public.ask_question(uuid, text) is
  'Records the caller''s question on a topic of their organisation (pending, for the answer-question task) '
  'and returns its id. PT404 for a topic they are not an active member for, 22023 for an empty or overlong '
  'question, PT429 (HTTP 429) over 50 questions in 24 hours.';

revoke execute on function public.ask_question(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.ask_question(uuid, text) to authenticated;

-- ask_passages: ranked retrieval for the task -------------------------------------------------------------
-- Each line of the topic's chunks is ranked with the line before and after it (PDF lines are often cut
-- mid-sentence), by Postgres full-text search in both languages the product reads: the query's words that
-- are a stop word in neither language are stemmed with the 'english' and the 'dutch' configuration, any
-- word may match (OR), and the better of the
-- two cover-density ranks counts, for the neighbourhood plus for the line itself (so of two neighbours the
-- one holding the words ranks first). Lines without a letter (blank, page numbers) never rank.

create or replace function public.ask_passages(p_topic_id uuid, p_query text, p_limit integer default 12)
returns table (chunk_id uuid, line_number integer, rank real)
language sql
stable
security invoker
set search_path = ''
-- A question of stop words only is no error, just no match: keep Postgres's notice about it quiet.
set client_min_messages = 'warning'
as $$
  with words as (
    -- A stop word of either language is no search word: "the" is not a Dutch stop word, "de" not an
    -- English one, and either would otherwise match every line of the other language.
    select distinct w.word
    from regexp_split_to_table(lower(coalesce(p_query, '')), '[^[:alnum:]]+') as w(word)
    where w.word <> ''
      and numnode(plainto_tsquery('english', w.word)) > 0
      and numnode(plainto_tsquery('dutch', w.word)) > 0
  ),
  queries as (
    select
      (select string_agg(plainto_tsquery('english', word)::text, ' | ') from words)::tsquery as english,
      (select string_agg(plainto_tsquery('dutch', word)::text, ' | ') from words)::tsquery as dutch
  ),
  lines as (
    select c.id as chunk_id, c.line_start + l.ordinality::integer - 1 as line_number, l.line,
           concat_ws(' ',
             lag(l.line) over (partition by c.id order by l.ordinality),
             l.line,
             lead(l.line) over (partition by c.id order by l.ordinality)) as neighbourhood
    from public.source_chunks c
    cross join lateral unnest(string_to_array(c.content, E'\n')) with ordinality as l(line, ordinality)
    where c.topic_id = p_topic_id
  ),
  ranked as (
    select l.chunk_id, l.line_number,
           greatest(
             coalesce(ts_rank_cd(to_tsvector('english', l.neighbourhood), q.english), 0),
             coalesce(ts_rank_cd(to_tsvector('dutch', l.neighbourhood), q.dutch), 0)
           ) + greatest(
             coalesce(ts_rank_cd(to_tsvector('english', l.line), q.english), 0),
             coalesce(ts_rank_cd(to_tsvector('dutch', l.line), q.dutch), 0)
           ) as rank
    from lines l cross join queries q
    where l.line ~ '[[:alpha:]]'
      and (to_tsvector('english', l.neighbourhood) @@ q.english
           or to_tsvector('dutch', l.neighbourhood) @@ q.dutch)
  )
  select r.chunk_id, r.line_number, r.rank
  from ranked r
  order by r.rank desc, r.chunk_id, r.line_number
  limit greatest(1, least(coalesce(p_limit, 12), 50));
$$;

comment on function public.ask_passages(uuid, text, integer) is
  'The topic''s source lines that best match a question (full-text search, English and Dutch stemming, '
  'any word, each line ranked with its neighbours), best first: chunk id, absolute 0-based line number, '
  'rank. For the answer-question task.';

revoke execute on function public.ask_passages(uuid, text, integer) from public, anon, authenticated, service_role;
grant execute on function public.ask_passages(uuid, text, integer) to service_role;
