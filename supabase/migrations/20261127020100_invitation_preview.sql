-- The invitation landing page names the organization that invited you: whoever holds the
-- invitation's secret token (the link in the email) may read the organization's name, the role
-- offered and who sent it, and nothing else, while the invitation is pending.

create or replace function public.invitation_preview(invitation_token text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
           'organization_name', o.name,
           'role', i.role,
           'invited_by', coalesce(nullif(btrim(p.full_name), ''), u.email),
           'expires_at', i.expires_at)
    from public.invitations i
    join public.organizations o on o.id = i.organization_id
    left join auth.users u on u.id = i.invited_by
    left join public.user_profiles p on p.id = i.invited_by
   where i.token_hash = encode(sha256(convert_to(coalesce(invitation_token, ''), 'UTF8')), 'hex')
     and i.accepted_at is null
     and i.expires_at > now()
$$;
comment on function public.invitation_preview(text) is 'For the holder of a pending invitation''s token: the organization''s name, the role offered and who invited them; null when the token is unknown, used or expired.';
revoke execute on function public.invitation_preview(text) from public;
grant execute on function public.invitation_preview(text) to anon, authenticated;
