-- Whether the caller may manage a topic (docs/product.md §6), as an RPC: the edge functions ask the
-- database instead of re-checking roles in TypeScript, so the content-manager roles live in SQL alone
-- (private.content_manager_entity_ids) and the web client's hint (src/domain/access.ts) is tied to
-- them by tests/database/domain-enums.test.ts.

create or replace function public.can_manage_topic(p_topic_id uuid)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select private.can_manage_topic(p_topic_id)
$$;

comment on function public.can_manage_topic(uuid) is
  'Whether the caller is an active creator, manager or admin of the topic''s entity. False for an unknown '
  'topic, so its existence is not revealed.';

revoke execute on function public.can_manage_topic(uuid) from public, anon;
grant execute on function public.can_manage_topic(uuid) to authenticated, service_role;
