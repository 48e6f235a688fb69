-- 'Fix Account Link': an organization the user created but is no longer linked to
-- (e.g. the owner link was removed by hand) can be re-linked by its creator, only while it has no owner.

create or replace function public.find_unlinked_organizations() returns table (id uuid, name text, slug text, plan text, created_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select o.id, o.name, o.slug, o.plan, o.created_at
  from public.organizations o
  where o.created_by = (select auth.uid())
    and not exists (select 1 from public.user_organizations m where m.organization_id = o.id and m.user_id = o.created_by)
    and not exists (select 1 from public.user_organizations m where m.organization_id = o.id and m.role = 'owner' and m.status = 'active')
  order by o.created_at
$$;
comment on function public.find_unlinked_organizations() is 'Organizations the caller created that have no owner and no link to the caller: candidates for Fix Account Link.';
revoke execute on function public.find_unlinked_organizations() from public, anon;
grant execute on function public.find_unlinked_organizations() to authenticated;

create or replace function public.fix_account_link(org_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if not exists (select 1 from public.find_unlinked_organizations() u where u.id = org_id) then
    raise exception 'This organization cannot be linked to your account' using errcode = '42501';
  end if;
  insert into public.user_organizations (user_id, organization_id, role, status, permissions)
  values (auth.uid(), org_id, 'owner', 'active', array['*']);
  insert into public.user_profiles (id, current_organization_id) values (auth.uid(), org_id)
  on conflict (id) do update set current_organization_id = excluded.current_organization_id;
  return jsonb_build_object('organization_id', org_id, 'role', 'owner');
end
$$;
comment on function public.fix_account_link(uuid) is 'Re-links the caller as owner of an organization they created that has no owner.';
revoke execute on function public.fix_account_link(uuid) from public, anon;
grant execute on function public.fix_account_link(uuid) to authenticated;
