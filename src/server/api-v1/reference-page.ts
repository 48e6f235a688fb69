/**
 * The readable API reference at /docs/api: plain HTML rendered on the server from the served
 * OpenAPI document, so it works offline (no CDN script, no client-side renderer) and can never
 * disagree with /api/v1/openapi.json.
 */

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  $ref?: string;
  anyOf?: Schema[];
  default?: unknown;
  maximum?: number;
  minimum?: number;
  maxLength?: number;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema; description?: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function typeOf(s: Schema | undefined): string {
  if (!s) return '';
  if (s.$ref) return s.$ref.split('/').pop()!;
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  if (t === 'array') return `${typeOf(s.items)}[]`;
  return s.format ? `${t} (${s.format})` : t;
}

function limits(s: Schema | undefined): string {
  if (!s) return '';
  const parts = [];
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  if (s.minimum !== undefined) parts.push(`min ${s.minimum}`);
  if (s.maximum !== undefined) parts.push(`max ${s.maximum}`);
  if (s.maxLength !== undefined) parts.push(`at most ${s.maxLength} characters`);
  return parts.join(', ');
}

function fieldsTable(schema: Schema | undefined, doc: OpenApiDocument): string {
  const resolved = schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
  const props = Object.entries(resolved?.properties ?? {});
  if (!props.length) return `<p><code>${esc(typeOf(schema))}</code></p>`;
  const required = new Set(resolved?.required ?? []);
  return `<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Limits</th></tr>${props
    .map(([name, s]) => `<tr><td><code>${esc(name)}</code></td><td><code>${esc(typeOf(s))}</code></td><td>${required.has(name) ? 'yes' : ''}</td><td>${esc(limits(s))}</td></tr>`)
    .join('')}</table>`;
}

const EXAMPLE = `# List the websites of the key's organization
curl -s -H "Authorization: Bearer $TRACKLINT_API_KEY" https://tracklint.example.com/api/v1/websites?limit=10

# Findings of one website over the last hour, per rule
curl -s -H "Authorization: Bearer $TRACKLINT_API_KEY" \\
  "https://tracklint.example.com/api/v1/findings/summary?website_id=$WEBSITE_ID&group_by=rule"

# Gate a deploy on production's last hour (exit 1 on error findings, 3 on plan violations)
TRACKLINT_API_URL=https://tracklint.example.com TRACKLINT_API_KEY=tlk_... \\
  npx tracklint check --website $WEBSITE_ID --since 1h`;

/** The tracking plan kept in the repository and sent to Tracklint by CI (plan pull and push). */
const PLAN_EXAMPLE = `# The plan guarding a website, its published versions and its draft
curl -s -H "Authorization: Bearer $TRACKLINT_API_KEY" \
  https://tracklint.example.com/api/v1/websites/$WEBSITE_ID/tracking-plan

# Export version 3 as a JSON Schema bundle (format: json-schema, csv, plan or ga4-custom-definitions)
curl -s -H "Authorization: Bearer $TRACKLINT_API_KEY" \
  "https://tracklint.example.com/api/v1/websites/$WEBSITE_ID/tracking-plan/export?format=json-schema&version=3" | jq -r .content > tracking-plan.schema.json

# Import a file into the draft (a file with problems is refused whole), then publish it
jq -Rs '{format: "json-schema", content: .}' tracking-plan.schema.json | curl -s -X POST \
  -H "Authorization: Bearer $TRACKLINT_API_KEY" -H "content-type: application/json" --data @- \
  https://tracklint.example.com/api/v1/websites/$WEBSITE_ID/tracking-plan/import
curl -s -X POST -H "Authorization: Bearer $TRACKLINT_API_KEY" \
  https://tracklint.example.com/api/v1/websites/$WEBSITE_ID/tracking-plan/publish

# The same with the command line
npx tracklint plan pull --website $WEBSITE_ID --out tracking-plan.schema.json
npx tracklint plan push --website $WEBSITE_ID tracking-plan.schema.json --publish`;

const PLAN_CI_EXAMPLE = `# .github/workflows/tracking-plan.yml: the plan lives in the repository; merging to main publishes it
on: { push: { branches: [main], paths: [tracking-plan.schema.json] } }
jobs:
  publish:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npx tracklint plan push --website \${{ vars.TRACKLINT_WEBSITE_ID }} tracking-plan.schema.json --publish
        env:
          TRACKLINT_API_URL: https://tracklint.example.com
          TRACKLINT_API_KEY: \${{ secrets.TRACKLINT_API_KEY }}   # a key with the write scope`;

const CI_EXAMPLE = `# .github/workflows/deploy.yml (a step after the deploy)
- name: Tracking still correct in production
  run: npx tracklint check --website \${{ vars.TRACKLINT_WEBSITE_ID }} --since 1h
  env:
    TRACKLINT_API_URL: https://tracklint.example.com
    TRACKLINT_API_KEY: \${{ secrets.TRACKLINT_API_KEY }}`;

export function renderReferencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, Array<[string, string, Operation]>>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), [method, path, op]]);
    }
  }
  const sections = [...byTag]
    .map(([tag, ops]) => `<section><h2 id="${esc(tag.toLowerCase())}">${esc(tag)}</h2>${ops
      .map(([method, path, op]) => {
        const params = op.parameters ?? [];
        const body = op.requestBody?.content['application/json']?.schema;
        const ok = Object.entries(op.responses).find(([s]) => s.startsWith('2'));
        return `<article><h3><span class="m">${esc(method.toUpperCase())}</span> <code>/api/v1${esc(path)}</code></h3>
<p><strong>${esc(op.summary ?? '')}</strong>${op.description ? ` ${esc(op.description)}` : ''}</p>
${params.length ? `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Limits</th></tr>${params
  .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td><code>${esc(typeOf(p.schema))}</code></td><td>${p.required ? 'yes' : ''}</td><td>${esc(p.description ?? limits(p.schema))}</td></tr>`)
  .join('')}</table>` : ''}
${body ? `<h4>Body</h4>${fieldsTable(body, doc)}` : ''}
${ok ? `<h4>Response ${esc(ok[0])}</h4>${fieldsTable(ok[1].content?.['application/json']?.schema, doc)}` : ''}
<h4>Errors</h4><ul>${Object.entries(op.responses).filter(([s]) => !s.startsWith('2')).map(([s, r]) => `<li><code>${esc(s)}</code> ${esc(r.description)}</li>`).join('')}</ul></article>`;
      })
      .join('')}</section>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1a1b1e}code,pre{font-family:ui-monospace,monospace;font-size:14px}
pre{background:#f1f3f5;padding:12px;overflow:auto;border-radius:6px}table{border-collapse:collapse;width:100%;margin:8px 0}td,th{border:1px solid #dee2e6;padding:4px 8px;text-align:left;vertical-align:top}
article{border-top:1px solid #dee2e6;padding-top:8px;margin-top:16px}.m{display:inline-block;min-width:64px;font-size:13px;background:#1c7ed6;color:#fff;border-radius:4px;padding:0 6px;text-align:center}</style></head>
<body><main><h1>${esc(doc.info.title)} v${esc(doc.info.version)}</h1>
<p>${esc(doc.info.description ?? '')}</p>
<p>The machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Authentication</h2><p>Create an API key on the API keys page (owners and admins, Pro plan) with the scopes it needs:
<code>read</code> (every GET), <code>write</code> (changes; includes read), <code>collect</code> (Measurement Protocol only), optionally limited to some websites.
Send it as <code>Authorization: Bearer tlk_…</code>. Members' session tokens work too, with their role's rights.</p>
<h2>Errors, pages and limits</h2><p>Every error is <code>{"error": {"code", "message", "details"}}</code>; unknown query parameters or body fields are refused with 400 naming them.
Lists are newest first: pass <code>next_cursor</code> as <code>cursor</code> for the next page. Each response carries <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>;
past the limit the API answers 429 with <code>Retry-After</code>. Responses over 4 MB are refused with 413.</p>
<h2>Worked example</h2><pre>${esc(EXAMPLE)}</pre><p><code>tracklint check</code> exits 0 without error findings or plan violations, 1 with at least one error finding, 2 on bad arguments or settings,
3 when plan violations (<code>plan.*</code> findings) appeared (as <code>tracklint validate --plan</code> does), 4 when the API refuses or cannot be reached.</p>
<pre>${esc(CI_EXAMPLE)}</pre>
<h2>Worked example: the tracking plan in CI</h2><pre>${esc(PLAN_EXAMPLE)}</pre>
<p><code>tracklint plan pull</code> writes the draft (or <code>--version N</code>) as a JSON Schema bundle, or as CSV with <code>--format csv</code>;
<code>tracklint plan push</code> imports a bundle, a plan document or a <code>.csv</code> file and, with <code>--publish</code>, publishes it. Both exit 0 when done, 2 on bad arguments or an unreadable file, 4 when the API refuses (the message names the file's first problem).</p>
<pre>${esc(PLAN_CI_EXAMPLE)}</pre>
${sections}</main></body></html>`;
}
