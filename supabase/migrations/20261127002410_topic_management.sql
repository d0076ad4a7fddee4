-- Topic management (docs/product.md §2 "Managing a topic", docs/security.md): renaming and describing a
-- topic, moving it to another collection of its organisation, and deleting it with its files and its
-- generated content. Who may is the one rule private.can_manage_topic already states: an active creator,
-- manager or admin of the topic's organisation. Each write is one RPC that checks that rule itself and
-- changes only the columns it is about, so the screens never send a whole topic row.
--
-- Why security definer with an explicit check rather than security invoker: private.assert_can_manage_topic
-- lets through any role that bypasses RLS, and inside a security definer function that is always the
-- owner; these functions ask private.can_manage_topic (the signed-in caller's memberships) directly, so the
-- service role, which has no user, is refused too: it writes topics through the tables.

-- The refusal, the same for an unknown topic and for one the caller may not manage ----------------------

create or replace function private.require_topic_manager(p_topic_id uuid)
returns public.topics
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_topic public.topics;
begin
  if private.can_manage_topic(p_topic_id) then
    select t.* into v_topic from public.topics t where t.id = p_topic_id;
  end if;
  if v_topic.id is null then
    raise exception 'Only the creators, managers and admins of this topic''s organisation can change it.'
      using errcode = '42501';
  end if;
  return v_topic;
end;
$$;

comment on function private.require_topic_manager(uuid) is
  'The topic, when the signed-in caller may manage it (active creator, manager or admin of its entity); '
  'raises 42501 otherwise, alike for an unknown topic, so its existence is not revealed.';

revoke execute on function private.require_topic_manager(uuid) from public, anon, authenticated, service_role;

-- update_topic_details ------------------------------------------------------------------------------------

create or replace function public.update_topic_details(p_topic_id uuid, p_title text, p_description text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_title text := btrim(coalesce(p_title, ''));
  v_description text := nullif(btrim(coalesce(p_description, '')), '');
begin
  perform private.require_topic_manager(p_topic_id);
  -- The title's limit is the table's own (topics_title_not_blank); the description's is the form's.
  if char_length(v_title) not between 1 and 300 then
    raise exception 'A title needs 1 to 300 characters.' using errcode = 'PT400';
  end if;
  if char_length(v_description) > 5000 then
    raise exception 'A description can be at most 5000 characters.' using errcode = 'PT400';
  end if;
  update public.topics t
  set title = v_title, description = v_description
  where t.id = p_topic_id;
end;
$$;

comment on function public.update_topic_details(uuid, text, text) is
  'Renames and describes a topic (title 1-300 characters, description up to 5000, blank means none). '
  'Content managers of its entity only (42501); a title or description out of bounds is PT400.';

revoke execute on function public.update_topic_details(uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.update_topic_details(uuid, text, text) to authenticated;

-- move_topic ----------------------------------------------------------------------------------------------

create or replace function public.move_topic(p_topic_id uuid, p_module_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_topic public.topics := private.require_topic_manager(p_topic_id);
begin
  -- A collection of another organisation and an unknown one are refused alike.
  if p_module_id is not null and not exists (
    select 1 from public.modules m where m.id = p_module_id and m.entity_id = v_topic.entity_id
  ) then
    raise exception 'That collection is not one of this topic''s organisation.' using errcode = 'PT400';
  end if;
  update public.topics t
  set module_id = p_module_id
  where t.id = p_topic_id;
end;
$$;

comment on function public.move_topic(uuid, uuid) is
  'Moves a topic into another collection of its own entity, or out of any (null). Content managers of '
  'its entity only (42501); a collection of another entity or an unknown one is PT400.';

revoke execute on function public.move_topic(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.move_topic(uuid, uuid) to authenticated;

-- delete_topic --------------------------------------------------------------------------------------------

create or replace function public.delete_topic(p_topic_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_topic_manager(p_topic_id);
  -- Sources, chunks, courses with their chapters, activities and citations, progress, quiz attempts,
  -- subscriptions and favourites go with it (on delete cascade); its files are queued by the triggers.
  delete from public.topics t where t.id = p_topic_id;
end;
$$;

comment on function public.delete_topic(uuid) is
  'Deletes a topic with everything generated from it; its files in Storage are queued for the cleanup '
  'task. Content managers of its entity only (42501).';

revoke execute on function public.delete_topic(uuid) from public, anon, authenticated, service_role;
grant execute on function public.delete_topic(uuid) to authenticated;
