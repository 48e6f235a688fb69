-- The organizations update trigger asked auth.users whether the creator's account still exists
-- inside the same expression as its other checks. Run as the caller (authenticated), a generic plan
-- of that expression checks the caller's rights on auth.users even when created_by did not change,
-- so an owner's ordinary update (name, slug) failed with "permission denied for table users"
-- depending on the plan cache (reproduced with plan_cache_mode = force_generic_plan). The creator
-- check is now a statement of its own, reached only when created_by changes: by "on delete set
-- null", whose update runs with the table owner's rights; a client changing it to another user is
-- refused before any query.

create or replace function public.organizations_before_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_service_role() then
    if new.plan is distinct from old.plan
       or new.subscription_status is distinct from old.subscription_status
       or new.stripe_customer_id is distinct from old.stripe_customer_id
       or new.stripe_subscription_id is distinct from old.stripe_subscription_id
       or new.current_period_end is distinct from old.current_period_end
       or new.trial_ends_at is distinct from old.trial_ends_at
       or new.plan_variant is distinct from old.plan_variant then
      raise exception 'Plan and billing fields can only be changed through billing' using errcode = '42501';
    end if;
  end if;
  if new.created_at is distinct from old.created_at or new.id is distinct from old.id then
    raise exception 'id, created_by and created_at cannot be changed' using errcode = '42501';
  end if;
  if new.created_by is distinct from old.created_by then
    -- Only "on delete set null" may change it: to null, once the creator's account is gone.
    if new.created_by is not null then
      raise exception 'id, created_by and created_at cannot be changed' using errcode = '42501';
    end if;
    if exists (select 1 from auth.users u where u.id = old.created_by) then
      raise exception 'id, created_by and created_at cannot be changed' using errcode = '42501';
    end if;
  end if;
  if new.slug is distinct from old.slug and exists (select 1 from public.organizations o where o.slug = new.slug and o.id <> new.id) then
    raise exception 'Organization slug already exists' using errcode = '23505';
  end if;
  return new;
end
$$;
comment on function public.organizations_before_update() is 'Keeps billing fields server-only and identity fields immutable; created_by becomes null only when the creator''s account was deleted (on delete set null).';
