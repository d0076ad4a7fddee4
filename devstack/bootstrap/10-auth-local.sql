-- Local bootstrap for the gateway's /auth/v1: the tables Supabase Auth (GoTrue) keeps beside
-- auth.users, plus the local mail inbox. Shapes follow GoTrue's own tables where one exists; columns
-- marked "local" are additions the local stack needs. Idempotent: runs on every start.

-- One pending e-mail code per user and purpose, stored only as its hash (SHA-224 of e-mail + code).
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('confirmation_token', 'recovery_token')),
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens using hash (token_hash);

-- OAuth state between /authorize, the provider's callback and the PKCE code exchange.
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text check (code_challenge_method in ('s256', 'plain')),
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  referrer text
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);

-- How each session was authenticated; becomes the access token's `amr` claim.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  unique (session_id, authentication_method)
);

create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- local: every mail the auth service sends, shown by the gateway's /inbox page and JSON endpoint.
create table if not exists auth.local_inbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now()
);
create index if not exists local_inbox_recipient_idx on auth.local_inbox (lower(recipient), created_at desc);

grant all on auth.one_time_tokens, auth.flow_state, auth.mfa_amr_claims, auth.local_inbox
  to supabase_auth_admin;
revoke all on auth.one_time_tokens, auth.flow_state, auth.mfa_amr_claims, auth.local_inbox
  from anon, authenticated;
