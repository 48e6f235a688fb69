-- Safety round two (issue 26): deleting a user who created an organization.
--
-- organizations.created_by references auth.users on delete set null; the identity guard refused
-- that referential update ("id, created_by and created_at cannot be changed"), so the console's
-- "delete user" failed for every organization creator. The guard now lets created_by become null
-- when (and only when) the creator's account no longer exists.

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
  if (new.created_by is distinct from old.created_by
      and not (new.created_by is null and not exists (select 1 from auth.users u where u.id = old.created_by)))
     or new.created_at is distinct from old.created_at or new.id is distinct from old.id then
    raise exception 'id, created_by and created_at cannot be changed' using errcode = '42501';
  end if;
  if new.slug is distinct from old.slug and exists (select 1 from public.organizations o where o.slug = new.slug and o.id <> new.id) then
    raise exception 'Organization slug already exists' using errcode = '23505';
  end if;
  return new;
end
$$;
comment on function public.organizations_before_update() is 'Keeps billing fields server-only and identity fields immutable; created_by becomes null only when the creator''s account was deleted (on delete set null).';
