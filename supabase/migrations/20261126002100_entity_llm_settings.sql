-- An organisation's own language model (docs/llm-provider.md, "An organisation's model"): an admin
-- connects any OpenAI-compatible endpoint in the settings screen, and the generation tasks of the
-- organisation's topics use it instead of the deployment's default.
--
-- The API key lives in Supabase Vault (encrypted at rest); this table holds only the secret's id, and no
-- API role may select that column. Admins read the base URL, the model and whether a key is set. Rows
-- are written only by the RPCs below, which check the caller is an active admin. Only service_role (the
-- tasks) may read the key back, through entity_llm_credentials.

create table public.entity_llm_settings (
  entity_id uuid primary key references public.core_entities (id) on delete cascade,
  base_url text not null,
  model text not null,
  api_key_secret_id uuid,
  has_api_key boolean generated always as (api_key_secret_id is not null) stored,
  cost_per_1k_input numeric(12, 6),
  cost_per_1k_output numeric(12, 6),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint entity_llm_settings_base_url_valid check (
    char_length(base_url) <= 500 and base_url ~ '^https?://[^\s/?#@]+(/[^\s?#]*)?$' and base_url !~ '/$'
  ),
  constraint entity_llm_settings_model_valid check (
    char_length(btrim(model)) between 1 and 200 and model = btrim(model)
  ),
  constraint entity_llm_settings_costs_valid check (
    coalesce(cost_per_1k_input, 0) >= 0 and coalesce(cost_per_1k_output, 0) >= 0
  )
);

comment on table public.entity_llm_settings is
  'The language model an organisation connected (OpenAI-compatible endpoint). Readable by the '
  'organisation''s active admins, without the key; written by save_entity_llm_settings and '
  'disconnect_entity_llm; the tasks read it with the key through entity_llm_credentials.';
comment on column public.entity_llm_settings.entity_id is 'The organisation.';
comment on column public.entity_llm_settings.base_url is
  'OpenAI-compatible base URL (…/v1), http or https, without a trailing slash or credentials.';
comment on column public.entity_llm_settings.model is 'Model name sent with every call.';
comment on column public.entity_llm_settings.api_key_secret_id is
  'The key''s id in vault.secrets; null when the endpoint takes no key (a local server). Never granted '
  'to an API role.';
comment on column public.entity_llm_settings.has_api_key is 'Whether a key is stored (what admins see).';
comment on column public.entity_llm_settings.cost_per_1k_input is
  'Price in USD per 1,000 input tokens, to put a cost on usage; null when unknown.';
comment on column public.entity_llm_settings.cost_per_1k_output is
  'Price in USD per 1,000 output tokens; null when unknown.';
comment on column public.entity_llm_settings.created_at is 'When the model was first connected.';
comment on column public.entity_llm_settings.updated_at is 'Last change, maintained by trigger.';

create trigger entity_llm_settings_set_updated_at
  before update on public.entity_llm_settings
  for each row execute function private.set_updated_at();

-- A row that goes (disconnect, or its organisation deleted) takes its key out of the Vault.
create or replace function private.forget_llm_api_key()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.api_key_secret_id is not null then
    delete from vault.secrets where id = old.api_key_secret_id;
  end if;
  return old;
end;
$$;

comment on function private.forget_llm_api_key() is
  'AFTER DELETE trigger on entity_llm_settings: deletes the row''s API key from vault.secrets.';

revoke execute on function private.forget_llm_api_key() from public;

create trigger entity_llm_settings_forget_key
  after delete on public.entity_llm_settings
  for each row execute function private.forget_llm_api_key();

-- Privileges and row-level security ------------------------------------------------------------------------

alter table public.entity_llm_settings enable row level security;

revoke all on public.entity_llm_settings from public, anon, authenticated, service_role;
-- Every column but the secret's id; writes go through the RPCs.
grant select (entity_id, base_url, model, has_api_key, cost_per_1k_input, cost_per_1k_output, created_at,
              updated_at)
  on public.entity_llm_settings to authenticated;
grant select, insert, update, delete on public.entity_llm_settings to service_role;

create policy "An organisation's model is visible to its admins"
  on public.entity_llm_settings for select
  to authenticated
  using (entity_id in (select private.entity_ids_with_role(array['admin'])));

-- save_entity_llm_settings ---------------------------------------------------------------------------------

create or replace function public.save_entity_llm_settings(
  p_entity_id uuid,
  p_base_url text,
  p_model text,
  p_api_key text default null,
  p_cost_per_1k_input numeric default null,
  p_cost_per_1k_output numeric default null
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_base_url text := rtrim(btrim(coalesce(p_base_url, '')), '/');
  v_model text := btrim(coalesce(p_model, ''));
  v_old public.entity_llm_settings;
  v_secret uuid;
begin
  if not private.has_role_on_entity(p_entity_id, array['admin']) then
    raise exception 'Only an admin of this organisation can connect a language model.' using errcode = '42501';
  end if;
  if v_base_url !~ '^https?://[^\s/?#@]+(/[^\s?#]*)?$' or char_length(v_base_url) > 500 then
    raise exception 'The base URL must be an http or https address such as https://api.openai.com/v1.'
      using errcode = '22023';
  end if;
  if char_length(v_model) not between 1 and 200 then
    raise exception 'Name the model, such as gpt-4o-mini or llama3.1.' using errcode = '22023';
  end if;

  select * into v_old from public.entity_llm_settings where entity_id = p_entity_id for update;
  v_secret := v_old.api_key_secret_id;
  -- A new key replaces the old; '' removes it; no key keeps it, but only for the same address, so a saved
  -- key is never sent to an endpoint other than the one it was saved for.
  if p_api_key is not null or v_old.base_url is distinct from v_base_url then
    if v_secret is not null then
      delete from vault.secrets where id = v_secret;
      v_secret := null;
    end if;
    if nullif(btrim(p_api_key), '') is not null then
      v_secret := vault.create_secret(btrim(p_api_key), null, 'LLM API key of organisation ' || p_entity_id);
    end if;
  end if;

  insert into public.entity_llm_settings as s
    (entity_id, base_url, model, api_key_secret_id, cost_per_1k_input, cost_per_1k_output)
  values (p_entity_id, v_base_url, v_model, v_secret, p_cost_per_1k_input, p_cost_per_1k_output)
  on conflict (entity_id) do update
    set base_url = excluded.base_url,
        model = excluded.model,
        api_key_secret_id = excluded.api_key_secret_id,
        cost_per_1k_input = excluded.cost_per_1k_input,
        cost_per_1k_output = excluded.cost_per_1k_output;
end;
$$;

comment on function public.save_entity_llm_settings(uuid, text, text, text, numeric, numeric) is
  'Connects (or changes) the organisation''s language model; active admins only (42501), 22023 for a '
  'malformed URL or a missing model name. p_api_key: a new key replaces the stored one, '''' removes '
  'it, null keeps it while the base URL stays the same (a changed URL drops a key not given again).';

revoke execute on function public.save_entity_llm_settings(uuid, text, text, text, numeric, numeric)
  from public, anon, authenticated, service_role;
grant execute on function public.save_entity_llm_settings(uuid, text, text, text, numeric, numeric)
  to authenticated;

-- disconnect_entity_llm ------------------------------------------------------------------------------------

create or replace function public.disconnect_entity_llm(p_entity_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not private.has_role_on_entity(p_entity_id, array['admin']) then
    raise exception 'Only an admin of this organisation can disconnect its language model.'
      using errcode = '42501';
  end if;
  delete from public.entity_llm_settings where entity_id = p_entity_id;
  return found;
end;
$$;

comment on function public.disconnect_entity_llm(uuid) is
  'Removes the organisation''s language model and its key; active admins only (42501). True when one '
  'was connected.';

revoke execute on function public.disconnect_entity_llm(uuid) from public, anon, authenticated, service_role;
grant execute on function public.disconnect_entity_llm(uuid) to authenticated;

-- entity_llm_credentials (service role) ----------------------------------------------------------------------

create or replace function public.entity_llm_credentials(p_entity_id uuid)
returns table (
  base_url text,
  model text,
  api_key text,
  cost_per_1k_input numeric,
  cost_per_1k_output numeric
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select s.base_url, s.model, d.decrypted_secret, s.cost_per_1k_input, s.cost_per_1k_output
    from public.entity_llm_settings s
    left join vault.decrypted_secrets d on d.id = s.api_key_secret_id
    where s.entity_id = p_entity_id;
end;
$$;

comment on function public.entity_llm_credentials(uuid) is
  'The organisation''s model with its API key (null without one), for the generation tasks and the '
  'test-llm-connection function; service_role only. No row: the organisation has no model.';

revoke execute on function public.entity_llm_credentials(uuid) from public, anon, authenticated, service_role;
grant execute on function public.entity_llm_credentials(uuid) to service_role;
