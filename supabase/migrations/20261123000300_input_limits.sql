-- Input limits on tenant-controlled JSON: a tenant cannot store a document that later costs every
-- reader (the collector compiles custom rules per website; settings ride along in API answers).
-- The TypeScript validator (src/shared/ga4/custom-rules.ts, CUSTOM_RULE_LIMITS) says the same at the
-- field while the user types; these checks hold for every client, the data API included.

-- ============================================================================
-- Functions
-- ============================================================================

create or replace function public.custom_rules_check_limits() returns trigger
language plpgsql set search_path = '' as $$
declare
  patterns int;
  conditions int;
begin
  -- jsonb's text form is a little longer than compact JSON: 12 KB here leaves room for the 8 KB
  -- the editor allows.
  if octet_length(new.definition::text) > 12288 then
    raise exception 'A custom rule may be at most 8 KB as JSON' using errcode = '22023', detail = 'definition';
  end if;
  -- strict: lax mode would also visit every array element a second time through automatic unwrapping.
  select count(*) into patterns from jsonb_path_query(new.definition, 'strict $.** ? (@.op == "matches")');
  if patterns > 8 then
    raise exception 'A custom rule may have at most 8 "matches" conditions (this one has %)', patterns using errcode = '22023', detail = 'definition';
  end if;
  select count(*) into conditions from jsonb_path_query(new.definition, 'strict $.** ? (exists(@.op))');
  if conditions > 64 then
    raise exception 'A custom rule may have at most 64 conditions (this one has %)', conditions using errcode = '22023', detail = 'definition';
  end if;
  return new;
end
$$;
comment on function public.custom_rules_check_limits() is 'Refuses custom rule definitions over 8 KB, with more than 8 regular expressions or more than 64 conditions.';

create or replace function public.organizations_check_settings_size() returns trigger
language plpgsql set search_path = '' as $$
begin
  if octet_length(new.settings::text) > 16384 then
    raise exception 'Organization settings may be at most 16 KB' using errcode = '22023', detail = 'settings';
  end if;
  return new;
end
$$;
comment on function public.organizations_check_settings_size() is 'Refuses organization settings over 16 KB.';

-- ============================================================================
-- Triggers
-- ============================================================================

create trigger custom_rules_check_limits before insert or update of definition on public.custom_rules
  for each row execute function public.custom_rules_check_limits();

create trigger organizations_check_settings_size before insert or update of settings on public.organizations
  for each row execute function public.organizations_check_settings_size();
