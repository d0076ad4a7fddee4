-- An organisation's own language model (20261126002100_entity_llm_settings.sql): only its active admins
-- connect, change and see it; the API key sits encrypted in Vault and no API role but service_role can
-- ever read it back, through entity_llm_credentials.

begin;
select plan(36);
select tests.create_world();

-- Who may connect a model ----------------------------------------------------------------------------------

select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.save_entity_llm_settings(tests.id('entity:alpha'), 'https://llm.example/v1', 'm', 'sk-x') $$,
  '42501', null, 'anon: may not connect a model'
);
select tests.clear_authentication();

-- Every role of alpha but admin, an inactive creator and beta's admin are refused with a sentence.
create function pg_temp.refused_to_save(p_who text)
returns text
language plpgsql
as $$
begin
  perform tests.authenticate_as(p_who);
  begin
    perform public.save_entity_llm_settings(tests.id('entity:alpha'), 'https://evil.example/v1', 'm', 'sk-x');
    perform tests.clear_authentication();
    return 'saved';
  exception when insufficient_privilege then
    perform tests.clear_authentication();
    return sqlerrm;
  end;
end;
$$;
grant execute on function pg_temp.refused_to_save(text) to authenticated;

select is(pg_temp.refused_to_save(who), 'Only an admin of this organisation can connect a language model.',
          who || ': may not connect a model')
from unnest(array['creator', 'manager', 'member', 'lapsed', 'other_admin']) as who;

select tests.authenticate_as('admin');
select lives_ok(
  $$ select public.save_entity_llm_settings(tests.id('entity:alpha'), ' https://llm.example/v1/ ', ' gpt-4o-mini ',
                                            'sk-alpha-secret', 0.15, 0.6) $$,
  'admin: connects a model with a key and prices'
);
select results_eq(
  $$ select base_url, model, has_api_key, cost_per_1k_input, cost_per_1k_output from public.entity_llm_settings $$,
  $$ values ('https://llm.example/v1', 'gpt-4o-mini', true, 0.15::numeric(12, 6), 0.6::numeric(12, 6)) $$,
  'admin: sees the address and model, trimmed, and that a key is set'
);
select throws_ok(
  $$ select api_key_secret_id from public.entity_llm_settings $$,
  '42501', null, 'admin: may not select the key''s secret id'
);
select throws_ok(
  $$ select decrypted_secret from vault.decrypted_secrets $$,
  '42501', null, 'admin: may not read the Vault'
);
select throws_ok(
  $$ select * from public.entity_llm_credentials(tests.id('entity:alpha')) $$,
  '42501', null, 'admin: may not call the tasks'' credentials function'
);
select throws_ok(
  $$ update public.entity_llm_settings set model = 'other' $$,
  '42501', null, 'admin: writes go through the RPCs only'
);
select throws_ok(
  $$ select public.save_entity_llm_settings(tests.id('entity:alpha'), 'ftp://llm.example', 'm') $$,
  '22023', 'The base URL must be an http or https address such as https://api.openai.com/v1.',
  'a URL that is not http(s) is refused with a sentence'
);
select throws_ok(
  $$ select public.save_entity_llm_settings(tests.id('entity:alpha'), 'https://user:pw@llm.example/v1', 'm') $$,
  '22023', null, 'credentials in the URL are refused'
);
select throws_ok(
  $$ select public.save_entity_llm_settings(tests.id('entity:alpha'), 'https://llm.example/v1', '  ') $$,
  '22023', 'Name the model, such as gpt-4o-mini or llama3.1.', 'a blank model name is refused'
);
select tests.clear_authentication();

-- Nobody else reads it -------------------------------------------------------------------------------------

select tests.authenticate_as('creator');
select is_empty($$ select entity_id from public.entity_llm_settings $$, 'creator: sees no model settings');
select tests.clear_authentication();

select tests.authenticate_as('manager');
select is_empty($$ select entity_id from public.entity_llm_settings $$, 'manager: sees no model settings');
select tests.clear_authentication();

select tests.authenticate_as('member');
select is_empty($$ select entity_id from public.entity_llm_settings $$, 'member: sees no model settings');
select is(public.entity_has_language_model(tests.id('entity:alpha')), true,
  'member: is told that the organisation has a model, and nothing more');
select tests.clear_authentication();

select tests.authenticate_as('other_admin');
select is_empty($$ select entity_id from public.entity_llm_settings $$,
  'another organisation''s admin: sees no model settings');
select is(public.entity_has_language_model(tests.id('entity:alpha')), false,
  'another organisation''s admin: is not told whether alpha has a model');
select tests.clear_authentication();

select tests.authenticate_as_anon();
select throws_ok($$ select entity_id from public.entity_llm_settings $$, '42501', null, 'anon: reads nothing');
select tests.clear_authentication();

-- The key: encrypted at rest, for service_role only ------------------------------------------------------

select is(
  (select count(*)::int from vault.secrets where secret like '%sk-alpha-secret%'), 0,
  'the key is not stored in plain text'
);

select tests.authenticate_as_service_role();
select results_eq(
  $$ select base_url, model, api_key from public.entity_llm_credentials(tests.id('entity:alpha')) $$,
  $$ values ('https://llm.example/v1', 'gpt-4o-mini', 'sk-alpha-secret') $$,
  'service_role: reads the model with its key'
);
select is_empty(
  $$ select * from public.entity_llm_credentials(tests.id('entity:beta')) $$,
  'service_role: an organisation without a model has no row'
);
select tests.clear_authentication();

-- Changing and disconnecting -------------------------------------------------------------------------------

create function pg_temp.vault_count() returns int language sql security definer as $$
  select count(*)::int from vault.secrets where description like 'LLM API key of organisation %'
$$;
create function pg_temp.alpha_key() returns text language sql security definer as $$
  select d.decrypted_secret from public.entity_llm_settings s
  join vault.decrypted_secrets d on d.id = s.api_key_secret_id
  where s.entity_id = md5('studymap-pgtap:entity:alpha')::uuid
$$;

select tests.authenticate_as('admin');
select public.save_entity_llm_settings(tests.id('entity:alpha'), 'https://llm.example/v1', 'gpt-4o');
select is(pg_temp.alpha_key(), 'sk-alpha-secret', 'no key given, same address: the key is kept');
select public.save_entity_llm_settings(tests.id('entity:alpha'), 'https://llm.example/v1', 'gpt-4o', 'sk-new');
select is(pg_temp.alpha_key(), 'sk-new', 'a new key replaces the old one');
select is(pg_temp.vault_count(), 1, '... and the old one leaves the Vault');
select public.save_entity_llm_settings(tests.id('entity:alpha'), 'http://127.0.0.1:11434/v1', 'llama3.1');
select results_eq(
  $$ select has_api_key from public.entity_llm_settings $$, $$ values (false) $$,
  'a new address without a key drops the saved key (it is never sent elsewhere)'
);
select is(pg_temp.vault_count(), 0, '... and deletes it from the Vault');
select public.save_entity_llm_settings(tests.id('entity:alpha'), 'http://127.0.0.1:11434/v1', 'llama3.1', 'k');
select public.save_entity_llm_settings(tests.id('entity:alpha'), 'http://127.0.0.1:11434/v1', 'llama3.1', '');
select results_eq(
  $$ select has_api_key from public.entity_llm_settings $$, $$ values (false) $$,
  'an empty key removes the key (a local server takes none)'
);
select public.save_entity_llm_settings(tests.id('entity:alpha'), 'http://127.0.0.1:11434/v1', 'llama3.1', 'k2');
select tests.clear_authentication();

select tests.authenticate_as('manager');
select throws_ok(
  $$ select public.disconnect_entity_llm(tests.id('entity:alpha')) $$,
  '42501', 'Only an admin of this organisation can disconnect its language model.',
  'manager: may not disconnect'
);
select tests.clear_authentication();

select tests.authenticate_as('admin');
select is(public.disconnect_entity_llm(tests.id('entity:alpha')), true, 'admin: disconnects');
select is_empty($$ select entity_id from public.entity_llm_settings $$, '... the settings are gone');
select tests.clear_authentication();
select is(pg_temp.vault_count(), 0, '... and so is the key');

-- Deleting the organisation deletes its key ------------------------------------------------------------------

select tests.authenticate_as('other_admin');
select public.save_entity_llm_settings(tests.id('entity:beta'), 'https://beta.example/v1', 'm', 'sk-beta');
select tests.clear_authentication();
delete from public.core_entities where id = tests.id('entity:beta');
select is(pg_temp.vault_count(), 0, 'a deleted organisation''s key leaves the Vault');

select * from finish();
rollback;
