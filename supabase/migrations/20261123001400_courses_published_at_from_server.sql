-- A course is published at the server's time, not at whatever time the publishing browser sends: a
-- manager's clock (or a crafted request) could otherwise date a course into the future and keep it
-- first in every "published_at desc" list. Publishing again keeps the first publication time. Only a
-- signed-in user's write is stamped: the server's own (save_generated_course, seeds) already say now.

create or replace function private.stamp_published_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.published_at is not null and current_user = 'authenticated' then
    new.published_at := case
      when tg_op = 'UPDATE' and old.published_at is not null then old.published_at
      else now()
    end;
  end if;
  return new;
end;
$$;

comment on function private.stamp_published_at() is
  'BEFORE INSERT OR UPDATE OF published_at trigger on courses: a signed-in user publishing gets the server''s time; an already published course keeps its time.';

revoke execute on function private.stamp_published_at() from public;

create trigger courses_stamp_published_at
  before insert or update of published_at on public.courses
  for each row execute function private.stamp_published_at();
