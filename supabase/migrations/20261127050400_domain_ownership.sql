-- Safety round two (issue 26): domain verification proves ownership.
--
-- A website was marked verified by the first hit whose Origin was its domain, which anyone can
-- send. Now verification_status = 'verified' means the domain's owner proved it, the way search
-- consoles ask: a DNS TXT record, or a file or a meta tag served from the domain, holding the
-- website's verification token (checked by the server, POST /api/websites/{id}/verify). The
-- hit-based signal is kept as what it is: receiving_traffic_at, "hits arrive from this domain".

-- ============================================================================
-- Tables
-- ============================================================================

alter table public.websites
  add column if not exists verification_token text not null
    default ('tracklint-' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')),
  add column if not exists verification_method text check (verification_method is null or verification_method in ('dns', 'file', 'meta')),
  add column if not exists receiving_traffic_at timestamptz;
comment on column public.websites.verification_token is 'What the domain must publish (DNS TXT tracklint-verification=TOKEN, /.well-known/tracklint-verification.txt, or <meta name="tracklint-verification" content="TOKEN">) to prove ownership.';
comment on column public.websites.verification_method is 'How ownership was proved: dns, file or meta (set by the server).';
comment on column public.websites.receiving_traffic_at is 'When the collector first stored a hit whose Origin is the website''s domain: traffic arrives, which proves nothing about ownership.';

-- Hits counted as traffic before this migration were never ownership proofs.
update public.websites set receiving_traffic_at = coalesce(verified_at, now()), verification_status = 'pending', verified_at = null
 where verification_status = 'verified';

-- ============================================================================
-- Triggers
-- ============================================================================

create or replace function public.websites_guard_verification_fields() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_service_role() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.verification_method := null;
    new.receiving_traffic_at := null;
    new.verification_token := 'tracklint-' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  elsif new.verification_token is distinct from old.verification_token
     or new.verification_method is distinct from old.verification_method
     or new.receiving_traffic_at is distinct from old.receiving_traffic_at then
    raise exception 'Verification fields are set by Tracklint, not by clients' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function public.websites_guard_verification_fields() is 'The verification token, method and traffic time are set by the database and the server only.';
create trigger websites_guard_verification_fields before insert or update on public.websites
  for each row execute function public.websites_guard_verification_fields();
