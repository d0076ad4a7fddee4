-- The local task service (devstack/gateway/tasks + devstack/worker): what Trigger.dev cloud keeps for
-- a project's runs, in a schema of its own. Local development only: it never goes into
-- supabase/migrations, and no API role can reach it (the gateway connects as the database owner).
-- Every statement is idempotent: the bootstrap runs on every start.

create schema if not exists trigger_local;
revoke all on schema trigger_local from public, anon, authenticated, service_role;

-- One row per run. Statuses are Trigger.dev's internal run statuses (PENDING, DEQUEUED, EXECUTING,
-- RETRYING_AFTER_FAILURE, COMPLETED_SUCCESSFULLY, COMPLETED_WITH_ERRORS, CANCELED, ...); the API maps
-- them to the public ones (src/domain/run-status.ts).
create table if not exists trigger_local.runs (
  id text primary key,
  environment_id text not null,
  task_identifier text not null,
  status text not null default 'PENDING',
  payload text,
  payload_type text not null default 'application/json',
  output text,
  output_type text not null default 'application/json',
  error jsonb,
  metadata text,
  metadata_type text not null default 'application/json',
  tags text[] not null default '{}',
  -- The hashed key runs are deduplicated on, and the key and scope the caller gave.
  idempotency_key text,
  idempotency_key_expires_at timestamptz,
  idempotency_key_options jsonb,
  -- SHA-256 of a one-time-use public token that triggered this run: a second use collides here.
  one_time_use_token text unique,
  -- The SDK's per-request key (x-trigger-request-idempotency-key): a retried request gets this run.
  request_idempotency_key text unique,
  queue text not null,
  concurrency_key text,
  max_attempts integer,
  max_duration_seconds integer,
  -- Time-to-live as given (e.g. "10m") and in seconds: a run still queued after it expires.
  ttl text,
  ttl_seconds integer,
  is_test boolean not null default false,
  attempt_number integer not null default 0,
  -- When the run may next be picked up: its delay, or the backoff after a failed attempt.
  available_at timestamptz not null default now(),
  -- Which worker holds the run, and until when; an expired lease means the worker died.
  locked_by text,
  lease_expires_at timestamptz,
  cancel_requested_at timestamptz,
  usage_duration_ms bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  queued_at timestamptz not null default now(),
  delay_until timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  expired_at timestamptz,
  -- Increases on every change: the realtime feed's offset.
  version bigint not null default 0,
  constraint runs_status_check check (status in (
    'PENDING', 'PENDING_VERSION', 'DELAYED', 'DEQUEUED', 'EXECUTING', 'RETRYING_AFTER_FAILURE',
    'WAITING_TO_RESUME', 'COMPLETED_SUCCESSFULLY', 'COMPLETED_WITH_ERRORS', 'CANCELED',
    'SYSTEM_FAILURE', 'CRASHED', 'EXPIRED', 'TIMED_OUT', 'INTERRUPTED'
  )),
  constraint runs_attempts_check check (attempt_number >= 0)
);

create unique index if not exists runs_idempotency_key_idx
  on trigger_local.runs (environment_id, task_identifier, idempotency_key)
  where idempotency_key is not null;
create index if not exists runs_claimable_idx
  on trigger_local.runs (available_at, created_at)
  where status in ('PENDING', 'DELAYED', 'RETRYING_AFTER_FAILURE');
create index if not exists runs_leased_idx
  on trigger_local.runs (lease_expires_at)
  where status in ('DEQUEUED', 'EXECUTING');
create index if not exists runs_concurrency_idx
  on trigger_local.runs (queue, concurrency_key)
  where status in ('DEQUEUED', 'EXECUTING');
create index if not exists runs_listing_idx on trigger_local.runs (environment_id, created_at desc, id desc);

create sequence if not exists trigger_local.run_versions;

-- Every write stamps updated_at and a new version, then tells listeners (the worker waits for new
-- runs, the realtime feed for changes) which run changed.
create or replace function trigger_local.touch_run() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.version := nextval('trigger_local.run_versions');
  return new;
end;
$$;

create or replace function trigger_local.announce_run() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('trigger_local_runs', new.id);
  return null;
end;
$$;

drop trigger if exists runs_touch on trigger_local.runs;
create trigger runs_touch before insert or update on trigger_local.runs
  for each row execute function trigger_local.touch_run();

drop trigger if exists runs_announce on trigger_local.runs;
create trigger runs_announce after insert or update on trigger_local.runs
  for each row execute function trigger_local.announce_run();
