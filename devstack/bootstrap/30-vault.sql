-- Supabase Vault, as hosted Supabase and `supabase start` provide it before any migration runs: the
-- `vault` schema with `vault.secrets`, the `vault.decrypted_secrets` view and `vault.create_secret` /
-- `vault.update_secret`, shaped exactly as the supabase_vault extension (supabase/vault,
-- sql/supabase_vault--0.3.0.sql; no SQL changes in 0.3.1) and granted as Supabase's after-create script
-- does (supabase/postgres, ansible/files/postgresql_extension_custom_scripts/supabase_vault).
--
-- Where a server has the real extension (a DATABASE_URL pointing at Supabase's Postgres image), it is
-- used. The embedded Postgres has neither supabase_vault nor pgsodium, so the same objects are created
-- here with one difference, documented in devstack/README.md: the cipher is pgcrypto's AES with a random
-- key kept in this database (`vault._local_root_key`, readable by its owner only) instead of libsodium's
-- deterministic XChaCha20-SIV with a key held outside SQL, and the additional data (the secret's id) is
-- not authenticated. `secret` still holds base64 ciphertext and only the view shows the plaintext, so
-- code that reads the wrong column fails locally as it would in production.
-- Every statement is idempotent: the bootstrap runs on every start.

do $bootstrap$
begin
  if exists (select from pg_catalog.pg_available_extensions where name = 'supabase_vault') then
    create extension if not exists supabase_vault;
    return;
  end if;
  if exists (select from pg_catalog.pg_extension where extname = 'supabase_vault') then
    return;
  end if;

  create schema if not exists vault;

  -- The emulation's key: 32 random bytes, made once per database.
  create table if not exists vault._local_root_key (
    id boolean primary key default true check (id),
    key bytea not null
  );
  revoke all on vault._local_root_key from public;
  insert into vault._local_root_key (key) values (extensions.gen_random_bytes(32)) on conflict do nothing;

  execute $fn$
    create or replace function vault._local_key() returns bytea
    language sql stable security definer set search_path = ''
    as $body$ select key from vault._local_root_key $body$
  $fn$;
  revoke all on function vault._local_key() from public;

  -- Same names, arguments and defaults as the extension's C functions.
  execute $fn$
    create or replace function vault._crypto_aead_det_encrypt(
      message bytea, additional bytea, key_id bigint, context bytea = 'pgsodium', nonce bytea = null
    ) returns bytea
    language sql immutable
    as $body$
      select extensions.encrypt_iv(message, vault._local_key(), nonce, 'aes-cbc/pad:pkcs')
    $body$
  $fn$;
  execute $fn$
    create or replace function vault._crypto_aead_det_decrypt(
      message bytea, additional bytea, key_id bigint, context bytea = 'pgsodium', nonce bytea = null
    ) returns bytea
    language sql immutable
    as $body$
      select extensions.decrypt_iv(message, vault._local_key(), nonce, 'aes-cbc/pad:pkcs')
    $body$
  $fn$;
  execute $fn$
    create or replace function vault._crypto_aead_det_noncegen() returns bytea
    language sql volatile
    as $body$ select extensions.gen_random_bytes(16) $body$
  $fn$;

  create table if not exists vault.secrets (
    id uuid primary key default gen_random_uuid(),
    name text,
    description text not null default '',
    secret text not null,
    key_id uuid,
    nonce bytea default vault._crypto_aead_det_noncegen(),
    created_at timestamptz not null default current_timestamp,
    updated_at timestamptz not null default current_timestamp
  );
  comment on table vault.secrets is
    'Table with encrypted `secret` column for storing sensitive information on disk.';
  create unique index if not exists secrets_name_idx on vault.secrets using btree (name) where name is not null;

  create or replace view vault.decrypted_secrets as
  select s.id,
    s.name,
    s.description,
    s.secret,
    convert_from(
      vault._crypto_aead_det_decrypt(
        message := decode(s.secret, 'base64'::text),
        additional := convert_to(s.id::text, 'utf8'),
        key_id := 0,
        context := 'pgsodium'::bytea,
        nonce := s.nonce
      ),
      'utf8'::name
    ) as decrypted_secret,
    s.key_id,
    s.nonce,
    s.created_at,
    s.updated_at
  from vault.secrets s;

  execute $fn$
    create or replace function vault.create_secret(
      new_secret text, new_name text = null, new_description text = '', new_key_id uuid = null
    ) returns uuid
    security definer language plpgsql set search_path = ''
    as $body$
    declare
      rec record;
    begin
      insert into vault.secrets (secret, name, description)
      values (new_secret, new_name, new_description)
      returning * into rec;
      update vault.secrets s
      set secret = encode(vault._crypto_aead_det_encrypt(
        message := convert_to(rec.secret, 'utf8'),
        additional := convert_to(s.id::text, 'utf8'),
        key_id := 0,
        context := 'pgsodium'::bytea,
        nonce := rec.nonce
      ), 'base64')
      where id = rec.id;
      return rec.id;
    end
    $body$
  $fn$;

  execute $fn$
    create or replace function vault.update_secret(
      secret_id uuid, new_secret text = null, new_name text = null, new_description text = null,
      new_key_id uuid = null
    ) returns void
    security definer language plpgsql set search_path = ''
    as $body$
    begin
      update vault.secrets s
      set
        secret = case when new_secret is null then s.secret
                      else encode(vault._crypto_aead_det_encrypt(
                        message := convert_to(new_secret, 'utf8'),
                        additional := convert_to(s.id::text, 'utf8'),
                        key_id := 0,
                        context := 'pgsodium'::bytea,
                        nonce := s.nonce
                      ), 'base64') end,
        name = coalesce(new_name, s.name),
        description = coalesce(new_description, s.description),
        updated_at = now()
      where s.id = secret_id;
    end
    $body$
  $fn$;

  revoke all on function
    vault._crypto_aead_det_encrypt,
    vault._crypto_aead_det_decrypt,
    vault._crypto_aead_det_noncegen,
    vault.create_secret,
    vault.update_secret
  from public;
  revoke all on vault.secrets, vault.decrypted_secrets from public, anon, authenticated;

  -- Supabase's after-create grants: postgres and service_role, nobody else.
  grant usage on schema vault to postgres with grant option;
  grant select, delete on vault.secrets, vault.decrypted_secrets to postgres with grant option;
  grant execute on function vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt
    to postgres with grant option;
  grant usage on schema vault to service_role;
  grant select, delete on vault.secrets, vault.decrypted_secrets to service_role;
  grant execute on function vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt
    to service_role;
  -- The emulation's key helper is called through the view by whoever may decrypt.
  grant execute on function vault._local_key() to postgres, service_role;
end
$bootstrap$;
