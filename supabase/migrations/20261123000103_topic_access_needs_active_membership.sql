-- A topic is readable while it is public, or while the reader is an active member of its entity, decided
-- at read time. Subscriptions used to keep a topic readable by themselves, so a member who subscribed and
-- was then deactivated kept reading the topic, its sources' text and chunks, its courses and its private
-- files in Storage (and could sign links to them). A subscription is now a bookmark and grants nothing:
-- deactivating a member, or taking a topic out of public view, takes effect on the next request. The
-- client already lists only the subscribed topics that are still readable.
--
-- Every path to a topic goes through private.can_read_topic or the topics policy: topic_sources,
-- source_chunks, courses (and their chapters, activities and citations), progress, card states,
-- favourites, subscriptions, and the sources bucket's objects. Replacing the helper's body therefore closes
-- them all; the topics policy, which spelt the rule out, is replaced below.

create or replace function private.can_read_topic(p_topic_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select auth.uid()) is not null
    and exists (
      select 1
      from public.topics t
      where t.id = p_topic_id
        and (
          t.visibility = 'public'
          or t.entity_id in (select private.member_entity_ids())
        )
    );
end;
$$;

comment on function private.can_read_topic(uuid) is
  'Whether the signed-in caller may read the topic now: it is public, or the caller is an active member '
  'of its entity. Subscriptions grant nothing by themselves.';

drop policy "Topics are visible to entity members, subscribers, and everyone signed in when public"
  on public.topics;

create policy "Topics are visible to active members, and to all when public"
  on public.topics for select
  to authenticated
  using (
    visibility = 'public'
    or entity_id in (select private.member_entity_ids())
  );

-- Nothing grants access through subscriptions any more.
drop function private.subscribed_topic_ids();

comment on table public.topics is
  'A subject of study with its learning structure. Readable by the entity''s active members '
  'and, when visibility is public, by any signed-in user; written by the entity''s content managers. '
  'Structure transitions go through the start/accept/regenerate RPCs.';

comment on table public.topic_subscriptions is
  'A user''s subscription to a topic they could read when subscribing (e.g. a public topic from '
  'Explore): a bookmark that grants no access. The topic stays readable only while it is public or the '
  'user is an active member of its entity. Each user sees and manages only their own.';
