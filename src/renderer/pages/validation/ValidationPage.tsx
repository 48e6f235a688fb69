import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Container, Group, Paper, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { CodeTextarea } from '../../components/fields/CodeTextarea';
import { Link } from 'react-router-dom';
import type { ValidationResult } from '../../../shared/ga4';
import { useDocumentTitle } from '../../lib/use-document-title';
import { VALIDATION_SAMPLES } from '../../components/hits/samples';
import { capturesFromInput, validateCaptures, type InputCapture } from '../../components/hits/validate-input';
import { ValidationResultView } from '../../components/hits/ValidationResultView';
import { MarketingFooter } from '../../components/marketing/MarketingFooter';
import { MarketingHeader } from '../../components/marketing/MarketingHeader';

type Mode = 'url' | 'capture';

interface Outcome {
  captures: InputCapture[];
  results: ValidationResult[];
  /** What the pasted tracking plan holds, when one was pasted. */
  planSummary: string | null;
}

/**
 * /validation-page: paste a GA4 request and see it decoded and checked against every rule, and
 * against a pasted tracking plan, in the browser (nothing is sent to Tracklint).
 */
export function ValidationPage() {
  useDocumentTitle('GA4 validation');
  const [mode, setMode] = useState<Mode>('capture');
  const [url, setUrl] = useState('');
  const [body, setBody] = useState('');
  const [text, setText] = useState('');
  const [measurementId, setMeasurementId] = useState('');
  const [euTraffic, setEuTraffic] = useState(false);
  const [planText, setPlanText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function run(input: Parameters<typeof capturesFromInput>[0], eu = euTraffic) {
    const parsed = capturesFromInput(input);
    if (!parsed.ok) {
      setError(parsed.error);
      setOutcome(null);
      return;
    }
    setError(null);
    // The plan is compiled in the browser (interpreted JSON Schema: the page's CSP forbids eval).
    // Its code (the validator, the CSV reader) loads only when a plan is pasted.
    const plan = planText.trim() === '' ? null : (await import('../../components/hits/pasted-plan')).compilePastedPlan(planText);
    if (plan && !plan.ok) {
      setPlanError(plan.error);
      setOutcome(null);
      return;
    }
    setPlanError(null);
    setOutcome({
      captures: parsed.captures,
      results: validateCaptures(parsed.captures, { euTraffic: eu, ...(plan ? { planCheck: plan.check } : {}) }),
      planSummary: plan ? plan.summary : null,
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(mode === 'url' ? { mode, url, body } : { mode, text, measurementId });
  }

  function trySample(sampleText: string) {
    setMode('capture');
    setText(sampleText);
    void run({ mode: 'capture', text: sampleText, measurementId });
  }

  // The site's header and footer: visitors arrive here from the marketing pages and need a way back.
  return (
    <>
    <MarketingHeader />
    <Container component="main" id="main-content" size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            GA4 validation
          </Title>
          <Text c="dimmed">
            Check a GA4 tracking request against Tracklint's validation rules: 19 basic rules and 70 advanced rules (GDPR, e-commerce,
            session &amp; attribution, data quality). Everything runs in your browser; nothing is sent or stored.
          </Text>
        </Stack>

        <Paper withBorder p="lg" radius="md">
          <form onSubmit={onSubmit} aria-label="Validate a GA4 request" noValidate>
            <Stack>
              <SegmentedControl
                value={mode}
                onChange={(v) => setMode(v as Mode)}
                data={[
                  { value: 'capture', label: 'Paste a request' },
                  { value: 'url', label: 'URL and body' },
                ]}
                aria-label="Input type"
                w="fit-content"
              />
              {mode === 'url' ? (
                <>
                  <Textarea
                    label="Request URL"
                    description="A /g/collect or /mp/collect URL as the browser's network panel shows it."
                    placeholder="https://www.google-analytics.com/g/collect?v=2&tid=G-XXXXXXX&cid=…&en=page_view"
                    autosize
                    minRows={2}
                    value={url}
                    onChange={(e) => setUrl(e.currentTarget.value)}
                  />
                  <Textarea
                    label="Body (optional)"
                    description="The POST body: batched gtag events (one per line) or Measurement Protocol JSON."
                    autosize
                    minRows={3}
                    value={body}
                    onChange={(e) => setBody(e.currentTarget.value)}
                  />
                </>
              ) : (
                <>
                  <CodeTextarea
                    label="Request"
                    description="A Measurement Protocol JSON body, a HAR export, a curl command (Copy as cURL) or a raw request (METHOD: / URL: / BODY: lines)."
                    minRows={6}
                    maxRows={20}
                    value={text}
                    onChange={(e) => setText(e.currentTarget.value)}
                  />
                  <TextInput
                    label="Measurement ID for a JSON body (optional)"
                    placeholder="G-XXXXXXX"
                    value={measurementId}
                    onChange={(e) => setMeasurementId(e.currentTarget.value)}
                    w={260}
                  />
                </>
              )}
              <CodeTextarea
                label="Paste a tracking plan (optional)"
                description="A tracking plan exported from Tracklint: the plan document, the JSON Schema bundle or the CSV spreadsheet. Every event is checked against it too."
                minRows={2}
                maxRows={12}
                value={planText}
                onChange={(e) => setPlanText(e.currentTarget.value)}
              />
              <Checkbox
                label="The site has visitors in the EU (run the GDPR consent rules)"
                checked={euTraffic}
                onChange={(e) => setEuTraffic(e.currentTarget.checked)}
              />
              <Group>
                <Button type="submit">Validate</Button>
              </Group>
              {error && (
                <Alert color="red" title="Nothing to validate" data-testid="validation-input-error">
                  {error}
                </Alert>
              )}
              {planError && (
                <Alert color="red" title="The tracking plan cannot be used" data-testid="validation-plan-error">
                  {planError}
                </Alert>
              )}
            </Stack>
          </form>
        </Paper>

        <section aria-label="Sample requests">
          <Title order={2} size="h5" mb="xs">
            Try a sample
          </Title>
          <Group gap="xs" wrap="wrap">
            {VALIDATION_SAMPLES.map((sample) => (
              <Button key={sample.id} variant="light" size="xs" title={sample.description} onClick={() => trySample(sample.text)}>
                {sample.label}
              </Button>
            ))}
          </Group>
        </section>

        {outcome && (
          <Stack gap="md" aria-live="polite">
            {outcome.planSummary && (
              <Text size="sm" data-testid="validation-plan-summary">
                {outcome.planSummary}
              </Text>
            )}
            {outcome.results.map((result, i) => (
              <ValidationResultView key={i} label={outcome.captures[i]?.label ?? `Request ${i + 1}`} result={result} bodyOnly={outcome.captures[i]?.bodyOnly} />
            ))}
          </Stack>
        )}

        <Text size="sm" c="dimmed">
          Want every hit of your site checked as it happens?{' '}
          <Anchor component={Link} to="/signup">
            Create a Tracklint account
          </Anchor>{' '}
          and add the tracker script before your Google tag.
        </Text>
      </Stack>
    </Container>
    <MarketingFooter />
    </>
  );
}
