-- When the item analysis flags a question (issue 23, docs/teachers.md "Item analysis"): every threshold in
-- one place, as data. class_item_analysis reads them from here and the Class screen words its flags
-- with the same numbers, so changing a threshold is one edit of this function (a new migration).
--
--   too_easy                  share correct above 0.9
--   too_hard                  share correct below 0.2
--   negative_discrimination   discrimination below 0: learners who do worse on the chapter's other
--                             items get it right more often than those who do better
--   unused_option             an option nobody picked, once 10 answers are in
--   wrong_option_beats_right  a wrong option picked more often than the right one
--
-- Each flag waits for min_attempts answers: with fewer, one learner's slip decides a share, and a
-- correlation over a handful of answers is noise. The unused-option minimum (10) is the issue's own.

create or replace function public.item_flag_thresholds()
returns table (flag text, threshold numeric, min_attempts integer)
language sql
immutable
set search_path = ''
as $$
  values
    ('too_easy', 0.9, 5),
    ('too_hard', 0.2, 5),
    ('negative_discrimination', 0.0, 5),
    ('unused_option', 0.0, 10),
    ('wrong_option_beats_right', null::numeric, 5)
$$;

comment on function public.item_flag_thresholds() is
  'The item analysis flags and their thresholds: too_easy (share correct above), too_hard (share correct '
  'below), negative_discrimination (discrimination below), unused_option (no pick, from min_attempts), '
  'wrong_option_beats_right; each applies from min_attempts answers. docs/teachers.md.';

revoke execute on function public.item_flag_thresholds() from public, anon, authenticated, service_role;
grant execute on function public.item_flag_thresholds() to authenticated;
