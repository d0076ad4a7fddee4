-- Demo data for local development (`npm start` on a new database, `supabase db reset`).
--
-- Studymap Demo School (school)
--   ada.admin@studymap.test     admin      carl.creator@studymap.test  creator
--   max.manager@studymap.test   manager    mia.member@studymap.test    member
-- Harbour Business Academy (company)
--   noor.admin@studymap.test    admin      ben.member@studymap.test    member
--
-- Sign in with any of these addresses: the local auth service mails a one-time code to its inbox.
--
-- Topics of the demo school, one per processing state, plus twenty simple ones so the dashboard pages:
--   Waterbeheer in Nederland   awaiting_structure_review, structure citing its source's lines
--   De Gouden Eeuw             completed, with a published course (3 chapters x 6 activities)
--   The water cycle            pending, with a pasted source waiting for ingestion
--   Platentektoniek            generating_structure (45%)
--   Klimaatverandering         failed, with the reason
--   Photosynthesis             public: readable by every signed-in user
--
-- Every source text below was written for this project. Sources are pasted text, one sentence per line
-- and paragraphs separated by blank lines; each paragraph becomes one chunk. Pasted text has no pages, so
-- page_number is null and line numbers (0-based, inclusive) count from the first line of the text.

-- Users ---------------------------------------------------------------------------------------------------

-- Supabase Auth reads the token columns (and is_super_admin) into non-null values: a row written here
-- must set them as Auth itself would, '' and false, or every sign-in of that user fails with a 500
-- (supabase/auth issue 1940). tests/database/seed.test.ts reads these rows as Auth does.
insert into auth.users (
  instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at,
  updated_at, is_super_admin, confirmation_token, recovery_token, email_change_token_current,
  email_change_token_new, email_change, phone_change, phone_change_token, reauthentication_token
)
select
  '00000000-0000-0000-0000-000000000000',
  id,
  'authenticated',
  'authenticated',
  email,
  now(),
  '{"provider": "email", "providers": ["email"]}',
  jsonb_build_object('full_name', full_name, 'sub', id, 'email', email, 'email_verified', true),
  now(),
  now(),
  false,
  '', '', '', '', '', '', '', ''
from (values
  ('5eed0001-0000-4000-8000-000000000001'::uuid, 'ada.admin@studymap.test', 'Ada Admin'),
  ('5eed0001-0000-4000-8000-000000000002'::uuid, 'carl.creator@studymap.test', 'Carl Creator'),
  ('5eed0001-0000-4000-8000-000000000003'::uuid, 'mia.member@studymap.test', 'Mia Member'),
  ('5eed0001-0000-4000-8000-000000000004'::uuid, 'max.manager@studymap.test', 'Max Manager'),
  ('5eed0001-0000-4000-8000-000000000005'::uuid, 'noor.admin@studymap.test', 'Noor Admin'),
  ('5eed0001-0000-4000-8000-000000000006'::uuid, 'ben.member@studymap.test', 'Ben Member')
) as demo_user(id, email, full_name);

-- The e-mail identity Supabase Auth gives every e-mail user (provider_id is the user id).
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select
  u.id::text,
  u.id,
  jsonb_build_object('sub', u.id, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email',
  now(),
  now(),
  now()
from auth.users u
where u.email like '%@studymap.test';

-- Entities and memberships --------------------------------------------------------------------------------

insert into public.core_entities (id, name, kind, metadata) values
  ('5eed0002-0000-4000-8000-000000000001', 'Studymap Demo School', 'school',
   '{"city": "Utrecht", "locale": "nl-NL"}'),
  ('5eed0002-0000-4000-8000-000000000002', 'Harbour Business Academy', 'company',
   '{"city": "Rotterdam", "locale": "en-GB"}');

insert into public.core_memberships (entity_id, user_id, member_role, status) values
  ('5eed0002-0000-4000-8000-000000000001', '5eed0001-0000-4000-8000-000000000001', 'admin', 'active'),
  ('5eed0002-0000-4000-8000-000000000001', '5eed0001-0000-4000-8000-000000000002', 'creator', 'active'),
  ('5eed0002-0000-4000-8000-000000000001', '5eed0001-0000-4000-8000-000000000003', 'member', 'active'),
  ('5eed0002-0000-4000-8000-000000000001', '5eed0001-0000-4000-8000-000000000004', 'manager', 'active'),
  ('5eed0002-0000-4000-8000-000000000002', '5eed0001-0000-4000-8000-000000000005', 'admin', 'active'),
  ('5eed0002-0000-4000-8000-000000000002', '5eed0001-0000-4000-8000-000000000006', 'member', 'active');

-- An open invitation, so the admin's settings screen has one to show.
insert into public.core_memberships (entity_id, member_role, status, invited_email) values
  ('5eed0002-0000-4000-8000-000000000001', 'member', 'invited', 'new.student@studymap.test');

-- Subjects and a collection -------------------------------------------------------------------------------

insert into public.subjects (title) values
  ('Aardrijkskunde'), ('Biologie'), ('Economie'), ('Engels'), ('Geschiedenis'), ('Natuurkunde'),
  ('Nederlands'), ('Wiskunde');

insert into public.modules (id, entity_id, title, description, created_by) values
  ('5eed0003-0000-4000-8000-000000000001', '5eed0002-0000-4000-8000-000000000001', 'Water en klimaat',
   'Hoe Nederland leeft met water, en wat een veranderend klimaat daarvoor betekent.',
   '5eed0001-0000-4000-8000-000000000002');

-- Topics --------------------------------------------------------------------------------------------------

insert into public.topics (
  id, entity_id, module_id, created_by, title, description, level, subject_id, visibility, processing_status,
  processing_progress, processing_error, created_at
)
select
  t.id::uuid,
  t.entity_id::uuid,
  t.module_id::uuid,
  t.created_by::uuid,
  t.title,
  t.description,
  t.level,
  (select s.id from public.subjects s where s.title = t.subject),
  t.visibility,
  t.status,
  t.progress,
  t.error,
  now() - t.age
from (values
  ('5eed0004-0000-4000-8000-000000000001', '5eed0002-0000-4000-8000-000000000001',
   '5eed0003-0000-4000-8000-000000000001', '5eed0001-0000-4000-8000-000000000002',
   'Waterbeheer in Nederland', 'Dijken, polders, de Deltawerken en de waterschappen.', 'Havo 3',
   'Aardrijkskunde', 'entity', 'pending', 0, null, interval '1 hour'),
  ('5eed0004-0000-4000-8000-000000000002', '5eed0002-0000-4000-8000-000000000001', null,
   '5eed0001-0000-4000-8000-000000000002',
   'De Gouden Eeuw', 'Handel, kunst en de keerzijde van de zeventiende eeuw in de Republiek.', 'Havo 2',
   'Geschiedenis', 'entity', 'pending', 0, null, interval '2 hours'),
  ('5eed0004-0000-4000-8000-000000000003', '5eed0002-0000-4000-8000-000000000001',
   '5eed0003-0000-4000-8000-000000000001', '5eed0001-0000-4000-8000-000000000002',
   'The water cycle', 'Evaporation, condensation, precipitation and runoff.', 'CEFR B1',
   'Aardrijkskunde', 'entity', 'pending', 0, null, interval '3 hours'),
  ('5eed0004-0000-4000-8000-000000000004', '5eed0002-0000-4000-8000-000000000001', null,
   '5eed0001-0000-4000-8000-000000000004',
   'Platentektoniek', 'Hoe de aardkorst beweegt en waarom er aardbevingen en vulkanen zijn.', 'Havo 3',
   'Aardrijkskunde', 'entity', 'generating_structure', 45, null, interval '4 hours'),
  ('5eed0004-0000-4000-8000-000000000005', '5eed0002-0000-4000-8000-000000000001',
   '5eed0003-0000-4000-8000-000000000001', '5eed0001-0000-4000-8000-000000000004',
   'Klimaatverandering', 'Oorzaken en gevolgen van de opwarming van de aarde.', 'Havo 4',
   'Aardrijkskunde', 'entity', 'failed',
   0, 'De bron "klimaatrapport.pdf" kon niet worden gelezen: het bestand is beschadigd. Voeg de bron opnieuw toe en probeer het nog eens.',
   interval '5 hours'),
  ('5eed0004-0000-4000-8000-000000000006', '5eed0002-0000-4000-8000-000000000001', null,
   '5eed0001-0000-4000-8000-000000000002',
   'Photosynthesis', 'How plants turn light, water and carbon dioxide into food.', 'CEFR B1',
   'Biologie', 'public', null, 0, null, interval '6 hours'),
  ('5eed0004-0000-4000-8000-000000000007', '5eed0002-0000-4000-8000-000000000002', null,
   '5eed0001-0000-4000-8000-000000000005',
   'Marketing basics', 'The four Ps and how customers decide.', 'MBO 4',
   'Economie', 'entity', null, 0, null, interval '1 hour')
) as t(id, entity_id, module_id, created_by, title, description, level, subject, visibility, status, progress,
       error, age);

-- Twenty more topics of the demo school, not yet generated, so the dashboard has pages to turn.
insert into public.topics (entity_id, created_by, title, description, level, subject_id, created_at)
select
  '5eed0002-0000-4000-8000-000000000001',
  '5eed0001-0000-4000-8000-000000000002',
  t.title,
  t.description,
  t.level,
  (select s.id from public.subjects s where s.title = t.subject),
  now() - interval '1 day' - (t.n * interval '1 hour')
from (values
  (1, 'Rivieren van Europa', 'Rijn, Donau en Rhône: van bron tot monding.', 'Havo 1', 'Aardrijkskunde'),
  (2, 'Het Romeinse Rijk', 'Van republiek tot keizerrijk, en de limes in Nederland.', 'Havo 1', 'Geschiedenis'),
  (3, 'De Tachtigjarige Oorlog', 'De opstand tegen Spanje en het ontstaan van de Republiek.', 'Havo 2', 'Geschiedenis'),
  (4, 'Vraag en aanbod', 'Hoe prijzen op een markt tot stand komen.', 'Havo 4', 'Economie'),
  (5, 'Irregular verbs', 'The past simple and past participle of common verbs.', 'CEFR A2', 'Engels'),
  (6, 'Present perfect', 'When to use have + past participle.', 'CEFR B1', 'Engels'),
  (7, 'Werkwoordspelling', 'De d, de t en de dt in tegenwoordige en verleden tijd.', 'Havo 1', 'Nederlands'),
  (8, 'Betogende teksten', 'Standpunt, argumenten en tegenargumenten herkennen.', 'Havo 3', 'Nederlands'),
  (9, 'Kracht en beweging', 'De wetten van Newton in alledaagse voorbeelden.', 'Havo 3', 'Natuurkunde'),
  (10, 'Elektrische schakelingen', 'Serie en parallel, spanning en stroom.', 'Havo 3', 'Natuurkunde'),
  (11, 'Lineaire verbanden', 'Formules, tabellen en grafieken van rechte lijnen.', 'Havo 2', 'Wiskunde'),
  (12, 'De stelling van Pythagoras', 'Zijden van rechthoekige driehoeken berekenen.', 'Havo 2', 'Wiskunde'),
  (13, 'De cel', 'Celkern, celmembraan en organellen.', 'Havo 1', 'Biologie'),
  (14, 'Erfelijkheid', 'Genen, allelen en kruisingsschema''s.', 'Havo 4', 'Biologie'),
  (15, 'Het klimaat van Nederland', 'Zeeklimaat, neerslag en seizoenen.', 'Havo 1', 'Aardrijkskunde'),
  (16, 'Verstedelijking', 'Waarom steeds meer mensen in steden wonen.', 'Havo 3', 'Aardrijkskunde'),
  (17, 'De Industriële Revolutie', 'Stoommachines, fabrieken en nieuwe sociale verhoudingen.', 'Havo 3', 'Geschiedenis'),
  (18, 'Geld en banken', 'Wat geld is en wat een bank ermee doet.', 'Havo 4', 'Economie'),
  (19, 'Reading for gist', 'Skimming and scanning an English text.', 'CEFR B1', 'Engels'),
  (20, 'Kansrekenen', 'Kansen berekenen met bomen en tabellen.', 'Havo 3', 'Wiskunde')
) as t(n, title, description, level, subject);

-- Sources and chunks --------------------------------------------------------------------------------------

insert into public.topic_sources (id, topic_id, kind, file_name, pasted_text, status, created_by) values
  ('5eed0005-0000-4000-8000-000000000001', '5eed0004-0000-4000-8000-000000000001', 'pasted',
   'Waterbeheer in Nederland', $text$Waterbeheer in Nederland

Ongeveer een kwart van Nederland ligt onder de zeespiegel.
Zonder dijken, duinen en gemalen zou een groot deel van het westen regelmatig onder water staan.
De laaggelegen gebieden worden daarom beschermd door een samenhangend stelsel van waterkeringen.

Een polder is een stuk land dat is omringd door dijken en waarvan het waterpeil kunstmatig wordt geregeld.
Vroeger pompten windmolens het overtollige water uit de polder naar een hoger gelegen boezem.
Tegenwoordig doen gemalen dat werk; het ir. D.F. Woudagemaal bij Lemmer uit 1920 is het grootste nog werkende stoomgemaal ter wereld.
Het water stroomt via sloten en vaarten naar het gemaal en wordt daarna afgevoerd naar rivieren of de zee.

Na de watersnoodramp van 1953, waarbij in Zeeland en Zuid-Holland 1836 mensen omkwamen, startte de overheid de Deltawerken.
Met dammen, sluizen en stormvloedkeringen werd de kustlijn met honderden kilometers verkort.
De Oosterscheldekering is een beweegbare kering: bij storm gaan de schuiven dicht, bij normaal weer blijft het getij vrij spelen.
Zo bleef het zoute getijdengebied met zijn oesters en mosselen behouden.

Waterschappen zijn de oudste democratische bestuurslagen van Nederland.
Zij zorgen voor de dijken, het waterpeil en de zuivering van afvalwater in hun gebied.
Inwoners kiezen elke vier jaar het bestuur van hun waterschap.

Door klimaatverandering stijgt de zeespiegel en vallen er vaker hevige buien.
Het programma Ruimte voor de Rivier gaf rivieren daarom op ruim dertig plaatsen meer ruimte, bijvoorbeeld door uiterwaarden te verlagen.
Bij hoogwater kan het water zich dan verspreiden zonder dat dijken bezwijken.$text$,
   'ingested', '5eed0001-0000-4000-8000-000000000002'),
  ('5eed0005-0000-4000-8000-000000000002', '5eed0004-0000-4000-8000-000000000002', 'pasted',
   'De Gouden Eeuw', $text$De Gouden Eeuw

De zeventiende eeuw wordt in Nederland vaak de Gouden Eeuw genoemd.
De Republiek der Zeven Verenigde Nederlanden was in die tijd een van de rijkste landen van Europa.
Die welvaart kwam vooral uit handel, scheepvaart en visserij.

In 1602 werd de Verenigde Oost-Indische Compagnie (VOC) opgericht.
De VOC kreeg van de Staten-Generaal het alleenrecht op de handel tussen de Republiek en Azië.
Schepen brachten specerijen zoals peper, nootmuskaat en kruidnagel naar Amsterdam.
De handel ging gepaard met geweld: op de Banda-eilanden werd in 1621 een groot deel van de bevolking gedood of verdreven.

Amsterdam groeide uit tot het belangrijkste handelscentrum van Europa.
In 1609 werd de Amsterdamse Wisselbank opgericht, en in de stad werden aandelen van de VOC verhandeld op de eerste effectenbeurs.
Rond de stad werden de grachten aangelegd, waar rijke kooplieden hun huizen lieten bouwen.

Ook kunst en wetenschap bloeiden.
Schilders als Rembrandt van Rijn en Johannes Vermeer maakten werken voor een markt van burgers, niet alleen voor kerk en adel.
Antoni van Leeuwenhoek zag met zijn zelfgemaakte microscopen als een van de eersten bacteriën.

Niet iedereen deelde in de rijkdom.
Veel arbeiders in de steden leefden in armoede, en Nederlandse handelaren verdienden ook aan de slavenhandel.
Daarom spreken historici en musea tegenwoordig liever van de zeventiende eeuw dan van de Gouden Eeuw.$text$,
   'ingested', '5eed0001-0000-4000-8000-000000000002'),
  ('5eed0005-0000-4000-8000-000000000003', '5eed0004-0000-4000-8000-000000000003', 'pasted',
   'The water cycle', $text$The water cycle

Water on Earth is constantly moving between the oceans, the air and the land.
This continuous movement is called the water cycle, and it is driven by energy from the Sun.

Evaporation happens when the Sun heats water in oceans, lakes and rivers and turns it into water vapour.
Plants also release water vapour through tiny openings in their leaves, a process called transpiration.
Together these two processes are sometimes called evapotranspiration.

As warm, moist air rises, it cools down.
The water vapour condenses into tiny droplets around particles of dust, forming clouds.
When the droplets join together and become too heavy, they fall as precipitation: rain, snow, sleet or hail.

Some precipitation flows over the ground as runoff into streams and rivers.
Some soaks into the soil and becomes groundwater, which can stay underground for thousands of years.
Eventually most water returns to the oceans, and the cycle starts again.$text$,
   'pending', '5eed0001-0000-4000-8000-000000000002'),
  ('5eed0005-0000-4000-8000-000000000004', '5eed0004-0000-4000-8000-000000000006', 'pasted',
   'Photosynthesis', $text$Photosynthesis

Photosynthesis is the process in which plants, algae and some bacteria make their own food.
It takes place mainly in the chloroplasts of leaf cells, which contain the green pigment chlorophyll.

During photosynthesis, light energy is used to turn carbon dioxide and water into glucose.
Oxygen is released as a by-product.
The overall reaction can be written as: 6 CO2 + 6 H2O + light energy → C6H12O6 + 6 O2.

The glucose is used for energy in respiration or stored as starch.
Almost all life on Earth depends, directly or indirectly, on the energy captured this way.$text$,
   'ingested', '5eed0001-0000-4000-8000-000000000002');

-- One chunk per paragraph (a run of non-blank lines) of every ingested source, cut from the text itself so
-- line numbers and content cannot disagree. Ids are derived from source and first line, so they are stable.
insert into public.source_chunks (id, source_id, topic_id, file_path, file_name, page_number, line_start, line_end, content)
select
  md5(source_id::text || ':' || min(line_no))::uuid,
  source_id,
  topic_id,
  null,
  file_name,
  null,
  min(line_no),
  max(line_no),
  string_agg(line, e'\n' order by line_no)
from (
  select
    s.id as source_id,
    s.topic_id,
    s.file_name,
    line.text as line,
    (line.n - 1)::integer as line_no,
    -- Consecutive non-blank lines share this value (gaps and islands).
    (line.n - row_number() over (partition by s.id order by line.n))::integer as paragraph
  from public.topic_sources s
  cross join lateral unnest(string_to_array(s.pasted_text, e'\n')) with ordinality as line(text, n)
  where s.status = 'ingested' and btrim(line.text) <> ''
) as lines
group by source_id, topic_id, file_name, paragraph;

-- Builders for grounded JSON (temporary: they exist only while the seed runs) -------------------------------

-- A citation of lines line_start..line_end (0-based) of a source, in the shape of src/domain/citation.ts.
-- Fails the seed when no chunk holds those lines, so every citation points at text that exists.
create function pg_temp.citation(p_source_id uuid, p_line_start integer, p_line_end integer)
returns jsonb
language plpgsql
as $$
declare
  v_chunk public.source_chunks;
  v_lines text[];
begin
  select c.* into v_chunk
  from public.source_chunks c
  where c.source_id = p_source_id and c.line_start <= p_line_start and c.line_end >= p_line_end;
  if v_chunk.id is null then
    raise exception 'no chunk of source % holds lines %..%', p_source_id, p_line_start, p_line_end;
  end if;
  v_lines := (string_to_array(v_chunk.content, e'\n'))[
    p_line_start - v_chunk.line_start + 1 : p_line_end - v_chunk.line_start + 1
  ];
  return jsonb_build_object(
    'chunk_id', v_chunk.id,
    'file_path', v_chunk.file_path,
    'page_number', v_chunk.page_number,
    'line_start', p_line_start,
    'line_end', p_line_end,
    'exactLines', to_jsonb(v_lines),
    'snippet', array_to_string(v_lines, ' '),
    'source_url', null
  );
end;
$$;

create function pg_temp.subtopic(
  p_id text, p_title text, p_description text, p_key_points text[], p_citations jsonb
)
returns jsonb
language sql
as $$
  select jsonb_build_object(
    'subtopic_id', p_id, 'title', p_title, 'description', p_description,
    'key_points', to_jsonb(p_key_points), 'citations', p_citations
  )
$$;

create function pg_temp.section(p_id text, p_title text, p_description text, p_subtopics jsonb)
returns jsonb
language sql
as $$
  select jsonb_build_object(
    'section_id', p_id, 'title', p_title, 'description', p_description, 'subtopics', p_subtopics
  )
$$;

-- A diagnostic or mastery question (src/domain/activity-payload.ts): options[p_correct] is the answer.
create function pg_temp.question(
  p_id text, p_stem text, p_options text[], p_correct integer, p_explanation text, p_difficulty text,
  p_subtopic_id text, p_citation jsonb
)
returns jsonb
language sql
as $$
  select jsonb_build_object(
    'id', p_id, 'stem', p_stem, 'options', to_jsonb(p_options), 'correct_option', p_correct,
    'explanation', p_explanation, 'difficulty', p_difficulty, 'subtopic_id', p_subtopic_id,
    'citations', jsonb_build_array(p_citation)
  )
$$;

-- A study block; only a qa block has a question.
create function pg_temp.block(
  p_type text, p_content text, p_stem text, p_answer text, p_subtopic_id text, p_citation jsonb
)
returns jsonb
language sql
as $$
  select jsonb_build_object(
    'type', p_type,
    'content', p_content,
    'question', case when p_type = 'qa' then jsonb_build_object('stem', p_stem, 'answer', p_answer) end,
    'subtopic_id', p_subtopic_id,
    'citations', case when p_citation is null then '[]'::jsonb else jsonb_build_array(p_citation) end
  )
$$;

create function pg_temp.card(p_id text, p_q text, p_a text, p_hint text, p_subtopic_id text, p_citation jsonb)
returns jsonb
language sql
as $$
  select jsonb_build_object(
    'id', p_id, 'q', p_q, 'a', p_a, 'hint', p_hint, 'subtopic_id', p_subtopic_id,
    'citations', jsonb_build_array(p_citation)
  )
$$;

-- Structures ----------------------------------------------------------------------------------------------

update public.topics
set processing_status = 'awaiting_structure_review',
    processing_progress = 100,
    structure = jsonb_build_object(
      'title', 'Waterbeheer in Nederland',
      'description', 'Hoe Nederland zich beschermt tegen water uit zee en rivieren, en wie daarvoor zorgt.',
      'sections', jsonb_build_array(
        pg_temp.section('s1', 'Leven onder de zeespiegel', 'Waarom Nederland waterkeringen en gemalen nodig heeft.',
          jsonb_build_array(
            pg_temp.subtopic('s1-1', 'Waterkeringen', 'Dijken, duinen en gemalen houden het lage westen droog.',
              array['Een kwart van Nederland ligt onder de zeespiegel', 'Waterkeringen vormen samen één stelsel'],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000001', 2, 4))),
            pg_temp.subtopic('s1-2', 'Polders en gemalen', 'Hoe het waterpeil in een polder kunstmatig wordt geregeld.',
              array['Een polder is omringd door dijken', 'Windmolens en later gemalen pompen het water weg'],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000001', 6, 9)))
          )),
        pg_temp.section('s2', 'Bescherming tegen de zee', 'De Deltawerken als antwoord op de ramp van 1953.',
          jsonb_build_array(
            pg_temp.subtopic('s2-1', 'De Deltawerken', 'Dammen, sluizen en keringen verkortten de kustlijn.',
              array['De watersnoodramp van 1953 kostte 1836 levens', 'De kustlijn werd honderden kilometers korter'],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000001', 11, 12))),
            pg_temp.subtopic('s2-2', 'De Oosterscheldekering', 'Een beweegbare kering die alleen bij storm sluit.',
              array['De schuiven gaan dicht bij storm', 'Het getijdengebied bleef behouden'],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000001', 13, 14)))
          )),
        pg_temp.section('s3', 'Bestuur en toekomst', 'Wie het water beheert en hoe Nederland zich aanpast.',
          jsonb_build_array(
            pg_temp.subtopic('s3-1', 'Waterschappen', 'De oudste democratische bestuurslaag zorgt voor dijken en peil.',
              array['Waterschappen beheren dijken, peil en zuivering', 'Inwoners kiezen het bestuur'],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000001', 16, 18))),
            pg_temp.subtopic('s3-2', 'Ruimte voor de Rivier', 'Rivieren krijgen meer ruimte om hoogwater op te vangen.',
              array['De zeespiegel stijgt en buien worden heviger', 'Verlaagde uiterwaarden vangen hoogwater op'],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000001', 20, 22)))
          ))
      )
    )
where id = '5eed0004-0000-4000-8000-000000000001';

update public.topics
set processing_status = 'completed',
    processing_progress = 100,
    structure = jsonb_build_object(
      'title', 'De Gouden Eeuw',
      'description', 'De welvaart van de Republiek in de zeventiende eeuw, en wie daarvoor betaalde.',
      'sections', jsonb_build_array(
        pg_temp.section('s1', 'Handel en welvaart', 'Waar de rijkdom van de Republiek vandaan kwam.',
          jsonb_build_array(
            pg_temp.subtopic('s1-1', 'Een rijke Republiek', 'De Republiek als een van de rijkste landen van Europa.',
              array['Handel, scheepvaart en visserij brachten welvaart'],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 2, 4))),
            pg_temp.subtopic('s1-2', 'De VOC', 'De compagnie met het alleenrecht op de handel met Azië.',
              array['Opgericht in 1602', 'Specerijen als peper, nootmuskaat en kruidnagel'],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 6, 8)))
          )),
        pg_temp.section('s2', 'Amsterdam en de kunsten', 'De stad als handelscentrum en de bloei van kunst en wetenschap.',
          jsonb_build_array(
            pg_temp.subtopic('s2-1', 'Handelscentrum Amsterdam', 'Wisselbank, beurs en grachten.',
              array['De Wisselbank werd opgericht in 1609', 'Aandelen van de VOC werden op de beurs verhandeld'],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 11, 13))),
            pg_temp.subtopic('s2-2', 'Kunst en wetenschap', 'Schilders voor een burgermarkt en de eerste blik op bacteriën.',
              array['Rembrandt en Vermeer schilderden voor burgers', 'Van Leeuwenhoek zag bacteriën'],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 15, 17)))
          )),
        pg_temp.section('s3', 'De keerzijde', 'Geweld, armoede en slavenhandel, en waarom de naam omstreden is.',
          jsonb_build_array(
            pg_temp.subtopic('s3-1', 'Geweld en armoede', 'Niet iedereen deelde in de rijkdom.',
              array['Geweld op de Banda-eilanden in 1621', 'Armoede in de steden en winst uit slavenhandel'],
              jsonb_build_array(
                pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 9, 9),
                pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 19, 20)
              )),
            pg_temp.subtopic('s3-2', 'Een omstreden naam', 'Waarom historici liever van de zeventiende eeuw spreken.',
              array[]::text[],
              jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 21, 21)))
          ))
      )
    )
where id = '5eed0004-0000-4000-8000-000000000002';

-- The published course of "De Gouden Eeuw" ----------------------------------------------------------------

insert into public.courses (id, topic_id, title, published_at, created_by, created_at) values
  ('5eed0006-0000-4000-8000-000000000001', '5eed0004-0000-4000-8000-000000000002', 'De Gouden Eeuw in zes stappen',
   now() - interval '90 minutes', '5eed0001-0000-4000-8000-000000000002', now() - interval '100 minutes');

insert into public.chapters (id, course_id, title, summary, position, section_id) values
  ('5eed0007-0000-4000-8000-000000000001', '5eed0006-0000-4000-8000-000000000001', 'Handel en welvaart',
   'Hoe handel, scheepvaart en de VOC de Republiek rijk maakten.', 1, 's1'),
  ('5eed0007-0000-4000-8000-000000000002', '5eed0006-0000-4000-8000-000000000001', 'Amsterdam en de kunsten',
   'Amsterdam als handelscentrum en de bloei van kunst en wetenschap.', 2, 's2'),
  ('5eed0007-0000-4000-8000-000000000003', '5eed0006-0000-4000-8000-000000000001', 'De keerzijde',
   'Geweld, armoede en slavenhandel achter de welvaart.', 3, 's3');

-- Chapter 1: Handel en welvaart
insert into public.activities (chapter_id, kind, title, position, payload)
select '5eed0007-0000-4000-8000-000000000001', kind, title, position, payload
from (values
  ('overview', 'Waar kwam de rijkdom vandaan?', 1, jsonb_build_object(
    'objectives', jsonb_build_array(
      'Je kunt uitleggen waarom de zeventiende eeuw de Gouden Eeuw werd genoemd.',
      'Je kunt noemen wat de VOC was en waarmee zij handelde.'),
    'slides', jsonb_build_array(
      jsonb_build_object('title', 'Een rijke Republiek', 'bullets', jsonb_build_array(
        'De Republiek was een van de rijkste landen van Europa', 'Welvaart uit handel, scheepvaart en visserij')),
      jsonb_build_object('title', 'De VOC', 'bullets', jsonb_build_array(
        'Opgericht in 1602', 'Alleenrecht op de handel met Azië', 'Specerijen naar Amsterdam'))))),
  ('diagnostic', 'Wat weet je al over de handel?', 2, jsonb_build_object('questions', jsonb_build_array(
    pg_temp.question('d1-1', 'Waar kwam de welvaart van de Republiek vooral vandaan?',
      array['Uit landbouw en mijnbouw', 'Uit handel, scheepvaart en visserij', 'Uit belastingen op adel'], 1,
      'De bron noemt handel, scheepvaart en visserij als bronnen van welvaart.', 'easy', 's1-1',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 4, 4)),
    pg_temp.question('d1-2', 'In welk jaar werd de VOC opgericht?',
      array['1588', '1602', '1621'], 1,
      'De Verenigde Oost-Indische Compagnie werd in 1602 opgericht.', 'easy', 's1-2',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 6, 6))))),
  ('study', 'De VOC in het kort', 3, jsonb_build_object('blocks', jsonb_build_array(
    pg_temp.block('heading', 'TL;DR: handel maakte de Republiek rijk', null, null, 's1-1', null),
    pg_temp.block('text', 'De Republiek der Zeven Verenigde Nederlanden was in de zeventiende eeuw een van de rijkste landen van Europa, dankzij handel, scheepvaart en visserij.',
      null, null, 's1-1', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 3, 4)),
    pg_temp.block('example', 'Schepen van de VOC brachten peper, nootmuskaat en kruidnagel uit Azië naar Amsterdam.',
      null, null, 's1-2', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 8, 8)),
    pg_temp.block('qa', 'Wie gaf de VOC het alleenrecht?', 'Van wie kreeg de VOC het alleenrecht op de handel met Azië?',
      'Van de Staten-Generaal.', 's1-2', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 7, 7))))),
  ('practice', 'Oefenkaarten handel', 4, jsonb_build_object('cards', jsonb_build_array(
    pg_temp.card('p1-1', 'Wat betekent de afkorting VOC?', 'Verenigde Oost-Indische Compagnie', 'Oost-Indië',
      's1-2', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 6, 6)),
    pg_temp.card('p1-2', 'Noem drie specerijen die de VOC naar Amsterdam bracht.', 'Peper, nootmuskaat en kruidnagel',
      null, 's1-2', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 8, 8)),
    pg_temp.card('p1-3', 'Hoe wordt de zeventiende eeuw in Nederland vaak genoemd?', 'De Gouden Eeuw', null,
      's1-1', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 2, 2))))),
  ('mastery', 'Eindcheck handel en welvaart', 5, jsonb_build_object('questions', jsonb_build_array(
    pg_temp.question('m1-1', 'Welk recht kreeg de VOC van de Staten-Generaal?',
      array['Het recht om belasting te heffen in Holland', 'Het alleenrecht op de handel tussen de Republiek en Azië', 'Het recht om munten te slaan'], 1,
      'De VOC kreeg het alleenrecht op de handel tussen de Republiek en Azië.', 'medium', 's1-2',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 7, 7)),
    pg_temp.question('m1-2', 'Welke bewering over de Republiek in de zeventiende eeuw klopt?',
      array['Het was een van de rijkste landen van Europa', 'Het was een arm boerenland', 'Het had geen vloot'], 0,
      'De bron noemt de Republiek een van de rijkste landen van Europa.', 'medium', 's1-1',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 3, 3))))),
  ('recap', 'Terugblik: handel en welvaart', 6, jsonb_build_object(
    'transcript', 'In de zeventiende eeuw werd de Republiek rijk door handel, scheepvaart en visserij. In 1602 werd de VOC opgericht, die het alleenrecht kreeg op de handel met Azië en specerijen naar Amsterdam bracht.',
    'bullets', jsonb_build_array('Welvaart uit handel, scheepvaart en visserij', 'VOC opgericht in 1602',
      'Specerijen uit Azië'),
    'language', 'nl',
    -- The same recap as the two-voice conversation the podcast plays, each answer citing its lines.
    'script', jsonb_build_array(
      jsonb_build_object('speaker', 'host', 'citations', '[]'::jsonb, 'text',
        'In deze aflevering lopen we de belangrijkste punten van „Handel en welvaart” langs. Waar kwam de rijkdom van de Republiek vandaan?'),
      jsonb_build_object('speaker', 'expert', 'text', 'Die welvaart kwam vooral uit handel, scheepvaart en visserij.',
        'citations', jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 4, 4))),
      jsonb_build_object('speaker', 'host', 'citations', '[]'::jsonb, 'text', 'Welke rol speelde de VOC daarin?'),
      jsonb_build_object('speaker', 'expert', 'text',
        'In 1602 werd de Verenigde Oost-Indische Compagnie (VOC) opgericht. De VOC kreeg van de Staten-Generaal het alleenrecht op de handel tussen de Republiek en Azië.',
        'citations', jsonb_build_array(pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 6, 7))),
      jsonb_build_object('speaker', 'host', 'citations', '[]'::jsonb, 'text',
        'Hierna gaat het verder met „Amsterdam en de kunsten”.'))))
) as a(kind, title, position, payload);

-- Chapter 2: Amsterdam en de kunsten
insert into public.activities (chapter_id, kind, title, position, payload)
select '5eed0007-0000-4000-8000-000000000002', kind, title, position, payload
from (values
  ('overview', 'Een stad vol handel en kunst', 1, jsonb_build_object(
    'objectives', jsonb_build_array(
      'Je kunt uitleggen waarom Amsterdam het handelscentrum van Europa werd.',
      'Je kunt twee kunstenaars en één wetenschapper uit de zeventiende eeuw noemen.'),
    'slides', jsonb_build_array(
      jsonb_build_object('title', 'Handelscentrum', 'bullets', jsonb_build_array(
        'Wisselbank (1609)', 'Handel in VOC-aandelen op de beurs', 'Grachten met koopmanshuizen')),
      jsonb_build_object('title', 'Kunst en wetenschap', 'bullets', jsonb_build_array(
        'Rembrandt en Vermeer schilderden voor burgers', 'Van Leeuwenhoek en zijn microscopen'))))),
  ('diagnostic', 'Wat weet je al over Amsterdam?', 2, jsonb_build_object('questions', jsonb_build_array(
    pg_temp.question('d2-1', 'Wanneer werd de Amsterdamse Wisselbank opgericht?',
      array['1602', '1609', '1648'], 1,
      'De Wisselbank werd in 1609 opgericht.', 'easy', 's2-1',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 12, 12)),
    pg_temp.question('d2-2', 'Voor wie maakten schilders als Rembrandt en Vermeer vooral hun werk?',
      array['Alleen voor de kerk', 'Alleen voor de adel', 'Ook voor een markt van burgers'], 2,
      'Zij maakten werken voor een markt van burgers, niet alleen voor kerk en adel.', 'medium', 's2-2',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 16, 16))))),
  ('study', 'Amsterdam en de kunsten in het kort', 3, jsonb_build_object('blocks', jsonb_build_array(
    pg_temp.block('heading', 'TL;DR: geld, beurs en kunst voor burgers', null, null, 's2-1', null),
    pg_temp.block('text', 'Amsterdam groeide uit tot het belangrijkste handelscentrum van Europa, met een eigen Wisselbank en de eerste effectenbeurs.',
      null, null, 's2-1', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 11, 12)),
    pg_temp.block('example', 'Rijke kooplieden lieten hun huizen bouwen aan de nieuwe grachten rond de stad.',
      null, null, 's2-1', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 13, 13)),
    pg_temp.block('qa', 'Van Leeuwenhoek', 'Wat zag Antoni van Leeuwenhoek als een van de eersten?',
      'Bacteriën, met zijn zelfgemaakte microscopen.', 's2-2',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 17, 17))))),
  ('practice', 'Oefenkaarten Amsterdam', 4, jsonb_build_object('cards', jsonb_build_array(
    pg_temp.card('p2-1', 'Welke bank werd in 1609 in Amsterdam opgericht?', 'De Amsterdamse Wisselbank', null,
      's2-1', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 12, 12)),
    pg_temp.card('p2-2', 'Noem twee schilders uit de zeventiende eeuw.', 'Rembrandt van Rijn en Johannes Vermeer',
      'Een van hen schilderde Het meisje met de parel.', 's2-2',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 16, 16)),
    pg_temp.card('p2-3', 'Waarmee zag Van Leeuwenhoek bacteriën?', 'Met zijn zelfgemaakte microscopen', null,
      's2-2', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 17, 17))))),
  ('mastery', 'Eindcheck Amsterdam en de kunsten', 5, jsonb_build_object('questions', jsonb_build_array(
    pg_temp.question('m2-1', 'Wat werd er op de eerste effectenbeurs in Amsterdam verhandeld?',
      array['Aandelen van de VOC', 'Tulpenbollen van de Staten-Generaal', 'Grond aan de grachten'], 0,
      'In de stad werden aandelen van de VOC verhandeld op de eerste effectenbeurs.', 'hard', 's2-1',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 12, 12)),
    pg_temp.question('m2-2', 'Wie bouwden huizen aan de grachten rond Amsterdam?',
      array['Arbeiders uit de stad', 'Rijke kooplieden', 'De VOC zelf'], 1,
      'Rijke kooplieden lieten hun huizen aan de grachten bouwen.', 'medium', 's2-1',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 13, 13))))),
  ('recap', 'Terugblik: Amsterdam en de kunsten', 6, jsonb_build_object(
    'transcript', 'Amsterdam werd het belangrijkste handelscentrum van Europa, met de Wisselbank uit 1609 en een beurs waar aandelen van de VOC werden verhandeld. Schilders als Rembrandt en Vermeer werkten voor burgers, en Van Leeuwenhoek zag als een van de eersten bacteriën.',
    'bullets', jsonb_build_array('Wisselbank en effectenbeurs', 'Grachten met koopmanshuizen',
      'Kunst voor burgers, bacteriën onder de microscoop'), 'language', 'nl'))
) as a(kind, title, position, payload);

-- Chapter 3: De keerzijde
insert into public.activities (chapter_id, kind, title, position, payload)
select '5eed0007-0000-4000-8000-000000000003', kind, title, position, payload
from (values
  ('overview', 'Wie betaalde de prijs?', 1, jsonb_build_object(
    'objectives', jsonb_build_array(
      'Je kunt voorbeelden geven van geweld en armoede achter de welvaart.',
      'Je kunt uitleggen waarom de naam Gouden Eeuw omstreden is.'),
    'slides', jsonb_build_array(
      jsonb_build_object('title', 'Geweld en armoede', 'bullets', jsonb_build_array(
        'Geweld op de Banda-eilanden (1621)', 'Armoede onder arbeiders', 'Winst uit slavenhandel')),
      jsonb_build_object('title', 'Een omstreden naam', 'bullets', jsonb_build_array(
        'Historici en musea spreken liever van de zeventiende eeuw'))))),
  ('diagnostic', 'Wat weet je al over de keerzijde?', 2, jsonb_build_object('questions', jsonb_build_array(
    pg_temp.question('d3-1', 'Wat gebeurde er in 1621 op de Banda-eilanden?',
      array['Er werd een handelspost gesloten', 'Een groot deel van de bevolking werd gedood of verdreven', 'De VOC werd opgeheven'], 1,
      'De bron beschrijft dat een groot deel van de bevolking werd gedood of verdreven.', 'medium', 's3-1',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 9, 9)),
    pg_temp.question('d3-2', 'Deelde iedereen in de Republiek in de rijkdom?',
      array['Ja, iedereen werd rijk', 'Nee, veel arbeiders in de steden leefden in armoede'], 1,
      'Niet iedereen deelde in de rijkdom; veel arbeiders leefden in armoede.', 'easy', 's3-1',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 19, 20))))),
  ('study', 'De keerzijde in het kort', 3, jsonb_build_object('blocks', jsonb_build_array(
    pg_temp.block('heading', 'TL;DR: welvaart voor sommigen, geweld en armoede voor anderen', null, null, 's3-1', null),
    pg_temp.block('text', 'De handel van de VOC ging gepaard met geweld, en Nederlandse handelaren verdienden ook aan de slavenhandel.',
      null, null, 's3-1', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 20, 20)),
    pg_temp.block('example', 'Op de Banda-eilanden werd in 1621 een groot deel van de bevolking gedood of verdreven.',
      null, null, 's3-1', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 9, 9)),
    pg_temp.block('qa', 'Een andere naam', 'Waarom spreken historici liever van de zeventiende eeuw?',
      'Omdat niet iedereen in de rijkdom deelde en de welvaart ook uit geweld en slavenhandel kwam.', 's3-2',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 19, 21))))),
  ('practice', 'Oefenkaarten keerzijde', 4, jsonb_build_object('cards', jsonb_build_array(
    pg_temp.card('p3-1', 'In welk jaar vond het geweld op de Banda-eilanden plaats?', '1621', null,
      's3-1', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 9, 9)),
    pg_temp.card('p3-2', 'Aan welke handel verdienden Nederlandse handelaren ook?', 'Aan de slavenhandel', null,
      's3-1', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 20, 20)),
    pg_temp.card('p3-3', 'Welke naam gebruiken musea tegenwoordig liever dan Gouden Eeuw?', 'De zeventiende eeuw',
      'Het is een eeuw, geen kleur.', 's3-2', pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 21, 21))))),
  ('mastery', 'Eindcheck de keerzijde', 5, jsonb_build_object('questions', jsonb_build_array(
    pg_temp.question('m3-1', 'Welke bewering over de zeventiende eeuw is juist volgens de bron?',
      array['Alle inwoners van de steden werden rijk', 'Nederlandse handelaren verdienden ook aan de slavenhandel', 'De VOC handelde zonder geweld'], 1,
      'De bron noemt armoede onder arbeiders en winst uit de slavenhandel.', 'hard', 's3-1',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 20, 20)),
    pg_temp.question('m3-2', 'Wat zeggen historici en musea tegenwoordig liever?',
      array['De zeventiende eeuw', 'De Zilveren Eeuw', 'De Eeuw van de VOC'], 0,
      'Zij spreken liever van de zeventiende eeuw dan van de Gouden Eeuw.', 'easy', 's3-2',
      pg_temp.citation('5eed0005-0000-4000-8000-000000000002', 21, 21))))),
  ('recap', 'Terugblik: de keerzijde', 6, jsonb_build_object(
    'transcript', 'De welvaart van de zeventiende eeuw had een keerzijde: geweld op de Banda-eilanden, armoede onder arbeiders en winst uit de slavenhandel. Daarom spreken historici en musea nu liever van de zeventiende eeuw.',
    'bullets', jsonb_build_array('Geweld op de Banda-eilanden in 1621', 'Armoede en slavenhandel',
      'Liever: de zeventiende eeuw'), 'language', 'nl'))
) as a(kind, title, position, payload);

-- Each activity's sources ("Bronnen"): every distinct range its items cite.
insert into public.activity_citations (activity_id, chunk_id, source_url, file_path, page_number, line_start, line_end, snippet)
select distinct on (a.id, c.citation ->> 'chunk_id', (c.citation ->> 'line_start')::integer, (c.citation ->> 'line_end')::integer)
  a.id,
  (c.citation ->> 'chunk_id')::uuid,
  c.citation ->> 'source_url',
  c.citation ->> 'file_path',
  (c.citation ->> 'page_number')::integer,
  (c.citation ->> 'line_start')::integer,
  (c.citation ->> 'line_end')::integer,
  c.citation ->> 'snippet'
from public.activities a
join public.chapters ch on ch.id = a.chapter_id
cross join lateral jsonb_path_query(a.payload, '$.*[*].citations[*]') as c(citation)
where ch.course_id = '5eed0006-0000-4000-8000-000000000001'
order by a.id, c.citation ->> 'chunk_id', (c.citation ->> 'line_start')::integer, (c.citation ->> 'line_end')::integer;

-- Mia's place in the course, her favourite, and Ben's subscription to the public topic ------------------

insert into public.activity_progress (activity_id, user_id, status, result)
select a.id, '5eed0001-0000-4000-8000-000000000003', p.status, p.result
from public.activities a
join (values
  ('overview', 'completed', null::jsonb),
  ('diagnostic', 'completed', '{"answers": {"d1-1": 1, "d1-2": 0}, "score": 0.5}'::jsonb),
  ('study', 'in_progress', null::jsonb)
) as p(kind, status, result) on p.kind = a.kind
where a.chapter_id = '5eed0007-0000-4000-8000-000000000001';

insert into public.favorites (user_id, topic_id) values
  ('5eed0001-0000-4000-8000-000000000003', '5eed0004-0000-4000-8000-000000000002');

insert into public.topic_subscriptions (user_id, topic_id, entity_id, entity_kind) values
  ('5eed0001-0000-4000-8000-000000000006', '5eed0004-0000-4000-8000-000000000006',
   '5eed0002-0000-4000-8000-000000000002', 'company');
