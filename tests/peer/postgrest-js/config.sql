-- The settings upstream's test/supabase/config.toml gives the Supabase CLI's PostgREST ([api] schemas,
-- max_rows), written as PostgREST's in-database configuration of the authenticator role (the schema's
-- own first lines set its pgrst.* feature flags the same way). graphql_public is left out: the local
-- stack has no GraphQL schema, and PostgREST refuses to serve a schema that does not exist.
alter role authenticator set pgrst.db_schemas to 'public, personal';
alter role authenticator set pgrst.db_max_rows to '1000';
notify pgrst, 'reload config';
