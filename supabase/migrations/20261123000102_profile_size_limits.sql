-- Bounds on what a user may store in their own profile. preferences took any JSON object, 10 MiB included,
-- and every co-member's client downloads it with the profile. The client keeps a theme and the active
-- membership there, well under 1 KiB, so 16 KiB of JSON text leaves ample room and stops abuse.
-- display_name was bounded in length only: it is now 1 to 120 characters with something other than
-- spaces, and without control characters (a newline or escape code in a name breaks lists and logs).

-- Rows written before the bounds existed are brought within them first, so the constraints can be
-- validated: nothing legitimate is that large, and a blank name means "no name" (null) to the client.
update public.profiles
set preferences = '{}'::jsonb
where octet_length(preferences::text) > 16384;

update public.profiles
set display_name = nullif(btrim(regexp_replace(display_name, '[[:cntrl:]]+', ' ', 'g')), '')
where display_name ~ '[[:cntrl:]]' or btrim(display_name) = '';

update public.profiles
set display_name = left(display_name, 120)
where char_length(display_name) > 120;

alter table public.profiles
  add constraint profiles_preferences_size check (octet_length(preferences::text) <= 16384);

alter table public.profiles drop constraint profiles_display_name_length;

alter table public.profiles
  add constraint profiles_display_name_length check (char_length(btrim(display_name)) between 1 and 120),
  add constraint profiles_display_name_printable check (display_name !~ '[[:cntrl:]]');

comment on column public.profiles.preferences is
  'Client preferences as a JSON object (theme, active membership, ...), at most 16 KiB as JSON text.';
comment on column public.profiles.display_name is
  'Name shown in the product, 1 to 120 characters without control characters, or null; defaults to the '
  'name given at sign-up.';

-- The name given at sign-up (an OAuth provider's full name, user metadata) is fitted to the same bounds, so
-- an odd name can never make sign-up itself fail on the constraints above.
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
    nullif(left(
      btrim(regexp_replace(
        coalesce(
          nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
          nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
          split_part(new.email, '@', 1)
        ),
        '[[:cntrl:]]+', ' ', 'g'
      )),
      120
    ), '')
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

comment on function private.create_profile_for_new_user() is
  'AFTER INSERT trigger on auth.users: creates the matching public.profiles row, with the sign-up name '
  'trimmed, freed of control characters and cut to 120 characters.';
