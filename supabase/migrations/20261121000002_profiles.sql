-- Profiles: the public face of an auth user. A row is created by a trigger when Supabase Auth creates
-- the user, and its e-mail follows the auth e-mail; users edit only their display name and preferences.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  display_name text,
  preferences jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_display_name_length check (char_length(display_name) <= 120),
  constraint profiles_preferences_is_object check (jsonb_typeof(preferences) = 'object')
);

comment on table public.profiles is
  'One row per auth user, created by trigger on auth.users. Readable by the user and by admins and '
  'managers of an entity the user belongs to; only display_name and preferences are editable.';
comment on column public.profiles.id is 'The auth user (auth.users.id).';
comment on column public.profiles.email is 'Copy of the auth e-mail, kept in sync by trigger; not editable here.';
comment on column public.profiles.display_name is 'Name shown in the product; defaults to the name given at sign-up.';
comment on column public.profiles.preferences is 'Client preferences as a JSON object (theme, active membership, ...).';
comment on column public.profiles.created_at is 'When the profile was created.';
comment on column public.profiles.updated_at is 'Last change, maintained by trigger.';

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

-- Users may change their display name and preferences, never their id or e-mail (Auth owns those).
revoke insert, update on public.profiles from anon, authenticated;
grant update (display_name, preferences) on public.profiles to authenticated;

-- Profile creation and e-mail sync ------------------------------------------------------------------

create or replace function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, display_name)
  values (
    new.id,
    new.email,
    coalesce(
      nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
      nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
      split_part(new.email, '@', 1)
    )
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

comment on function private.create_profile_for_new_user() is
  'AFTER INSERT trigger on auth.users: creates the matching public.profiles row.';

create or replace function private.sync_profile_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$$;

comment on function private.sync_profile_email() is
  'AFTER UPDATE OF email trigger on auth.users: keeps public.profiles.email equal to the auth e-mail.';

revoke execute on function private.create_profile_for_new_user() from public;
revoke execute on function private.sync_profile_email() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function private.sync_profile_email();

-- Users that existed before this migration (a hosted project) get their profile too.
insert into public.profiles (id, email, display_name)
select id, email, split_part(email, '@', 1)
from auth.users
on conflict (id) do nothing;

alter table public.profiles enable row level security;
