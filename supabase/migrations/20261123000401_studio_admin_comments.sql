-- What Supabase Studio shows an admin beside the tables and columns they work in (docs/admin.md): the
-- comments of the tables and columns behind inviting and deactivating members, publishing a course and
-- inspecting a failed generation now also say how to do it there. Studio's SQL editor and table editor
-- run as `postgres`, which RLS does not filter, so these notes name the rules the app would enforce.

comment on table public.core_memberships is
  'A user''s role in an entity. Only active memberships count. Readable by the user, by the entity''s '
  'admins and managers, and (while invited) by the invited e-mail address. Admins create invitations only '
  '(no user, status invited) and may change roles or deactivate; a membership names a user only through '
  'create_entity or when the invitee accepts (accept_invitation). In Studio: invite by inserting a row with '
  'entity_id, invited_email (lower case), member_role and status invited, and no user_id; deactivate by '
  'setting status to inactive. Never set status active for someone: they accept in the app.';

comment on column public.core_memberships.status is
  'active, invited or inactive; only active grants access. Only the member makes it active (by '
  'accepting); admins may deactivate (in Studio: set inactive; access ends on the member''s next request).';

comment on column public.core_memberships.invited_email is
  'Lower-case e-mail an invitation was sent to; matched against the auth e-mail on accept. In Studio, '
  'write it in lower case: the invitee signs in with this address and accepts in the app.';

comment on table public.courses is
  'A generated micro-learning path for a topic. Published: readable as its topic. Unpublished: readable '
  'by its creator only. Written by the topic''s content managers and the generation task. In Studio: '
  'publish by setting published_at to now() (null takes it back to a draft).';

comment on column public.courses.published_at is
  'When it was published for every reader of the topic; null while a draft. In Studio: now() publishes.';

comment on column public.topics.processing_error is
  'Readable reason when processing_status is failed. To inspect a failed generation in Studio: filter '
  'topics on processing_status = failed, read this, then the topic''s generation_requests rows for the '
  'run id to open in the Trigger.dev dashboard.';

comment on column public.generation_requests.run_id is
  'The task run started for it, once known (structure starts record it). Open it in the Trigger.dev '
  'dashboard (Runs, search by id) to see the attempts, logs and error of a failed generation.';
