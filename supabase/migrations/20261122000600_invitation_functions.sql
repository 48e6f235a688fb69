-- Creating and accepting invitations. Both run in Postgres so the role checks cannot be bypassed
-- by application code: only admins invite, and only the invited address can accept.

create policy "Admins can create invitations" on public.invitations
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin'));

create or replace function public.create_invitation(org_id uuid, invitee_email text, invitee_role text, invitation_token_hash text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  normalized_email text := lower(btrim(invitee_email));
  created public.invitations;
begin
  if not public.has_org_role(org_id, 'admin') then
    raise exception 'Only owners and admins can invite members' using errcode = '42501';
  end if;
  if normalized_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'A valid email address is required' using errcode = '22023';
  end if;
  if invitee_role not in ('admin', 'member', 'viewer') then
    raise exception 'Role must be admin, member or viewer' using errcode = '22023';
  end if;
  if exists (select 1 from public.user_organizations m join auth.users u on u.id = m.user_id
             where m.organization_id = org_id and lower(u.email) = normalized_email) then
    raise exception 'This user is already a member of the organization' using errcode = '23505';
  end if;
  if not public.is_within_limit(org_id, 'team_members') then
    raise exception 'Team member limit reached for your plan. Upgrade to add more.' using errcode = 'P0001';
  end if;
  -- A new invitation to the same address replaces the pending one (and its link).
  delete from public.invitations i where i.organization_id = org_id and lower(i.email) = normalized_email and i.accepted_at is null;
  insert into public.invitations (organization_id, email, role, token_hash, invited_by)
  values (org_id, normalized_email, invitee_role, invitation_token_hash, auth.uid())
  returning * into created;
  return jsonb_build_object('id', created.id, 'organization_id', created.organization_id, 'email', created.email,
    'role', created.role, 'expires_at', created.expires_at, 'created_at', created.created_at);
end
$$;
comment on function public.create_invitation(uuid, text, text, text) is 'Admins invite an email address with a role; the token arrives hashed and is emailed by the app API.';
revoke execute on function public.create_invitation(uuid, text, text, text) from public, anon;
grant execute on function public.create_invitation(uuid, text, text, text) to authenticated;

create or replace function public.accept_invitation(invitation_token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invitations;
  user_email text;
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select * into inv from public.invitations i
  where i.token_hash = encode(sha256(convert_to(coalesce(invitation_token, ''), 'UTF8')), 'hex')
  for update;
  if inv.id is null then
    raise exception 'Invitation not found' using errcode = 'P0002';
  end if;
  if inv.accepted_at is not null then
    raise exception 'Invitation was already accepted' using errcode = 'P0001';
  end if;
  if inv.expires_at < now() then
    raise exception 'Invitation has expired' using errcode = 'P0001';
  end if;
  select lower(u.email) into user_email from auth.users u where u.id = auth.uid();
  if user_email is distinct from lower(inv.email) then
    raise exception 'This invitation was sent to a different email address' using errcode = '42501';
  end if;
  insert into public.user_organizations (user_id, organization_id, role, status, permissions)
  values (auth.uid(), inv.organization_id, inv.role, 'active', '{}')
  on conflict (user_id, organization_id) do update set status = 'active', role = excluded.role;
  update public.invitations set accepted_at = now(), accepted_by = auth.uid() where id = inv.id;
  insert into public.user_profiles (id, current_organization_id) values (auth.uid(), inv.organization_id)
  on conflict (id) do update set current_organization_id = excluded.current_organization_id;
  return jsonb_build_object('organization_id', inv.organization_id, 'role', inv.role);
end
$$;
comment on function public.accept_invitation(text) is 'The signed-in user accepts an invitation sent to their email address and becomes a member.';
revoke execute on function public.accept_invitation(text) from public, anon;
grant execute on function public.accept_invitation(text) to authenticated;
