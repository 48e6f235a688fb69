-- The engine now keeps one history record per session (`sess|<tid>|<cid>|<sid>`, one field per
-- session rule) instead of five (`…|ss`, `…|funnel`, `…|landing`, `…|hits`, `…|consent`). Merge the
-- live rows of the old keys into the new one, so sessions running while the collector is upgraded
-- keep their state (without it their next hits would, for instance, be taken for a session's first
-- event). The five records' fields are disjoint (starts; cart, checkout; first; hits; firstDenied).
-- The merged record lives until the latest of its parts' expiries, as a write to any of them now
-- keeps the whole record. Run before the new collector starts: its rows are never of the old form.
insert into public.collector_history (website_id, key, value, expires_at)
select h.website_id, regexp_replace(h.key, '\|(ss|funnel|landing|hits|consent)$', ''), jsonb_object_agg(f.key, f.value), max(h.expires_at)
from public.collector_history h
cross join lateral jsonb_each(h.value) f
where h.key like 'sess|%' and h.key ~ '\|(ss|funnel|landing|hits|consent)$' and h.expires_at > now()
group by h.website_id, regexp_replace(h.key, '\|(ss|funnel|landing|hits|consent)$', '')
on conflict (website_id, key) do nothing;

delete from public.collector_history where key like 'sess|%' and key ~ '\|(ss|funnel|landing|hits|consent)$';
