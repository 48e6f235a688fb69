import { ActionIcon, Alert, Anchor, Button, Code, CopyButton, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useWebsiteQuery } from '../../data/websites/website-query';
import { requestsLink } from '../../data/requests/request-filters';
import { formatDate } from '../../lib/dates';
import { platform } from '../../platform';
import { debugMeasurementProtocolUrl, measurementProtocolUrl, trackerSnippet } from '../../data/websites/install-snippet';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { MpSecretsSection } from './MpSecretsSection';
import { RefusedHitsSection } from './RefusedHitsSection';
import { errorMessage } from '../../notifications/toast-catalogue';
import { VerificationBadge } from './VerificationBadge';
import { useVerifyWebsiteMutation } from '../../data/websites/verify-website-mutation';
import { notify } from '../../notifications/notify';
import { WEBSITE_TOASTS } from './toasts';

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <ActionIcon variant="light" onClick={copy} aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * How to send a website's hits to Tracklint (tracker snippet, Measurement Protocol endpoint) and
 * whether the first hit arrived; polls while the website waits for it.
 */
export function InstallPanel({ websiteId }: { websiteId: string }) {
  const query = useWebsiteQuery(websiteId);
  const { organization } = useCurrentOrganization();
  const canManage = organization ? permissionsForRole(organization.user_role).createWebsites : false;
  if (query.isPending) return <Loader size="sm" aria-label="Loading website" />;
  if (query.isError) return <Alert color="red" title="The website could not be loaded">{errorMessage(query.error) ?? 'Try again later.'}</Alert>;
  const website = query.data;
  if (!website) return <Alert color="gray">This website no longer exists.</Alert>;
  const origin = platform.webOrigin;
  return (
    <Stack gap="md" data-testid="install-panel" data-site-key={website.site_key}>
      <Group gap="sm">
        <Title order={2} size="h4">
          {website.name}
        </Title>
        <Text c="dimmed">{website.domain}</Text>
        <VerificationBadge status={website.verification_status} verifiedAt={website.verified_at} />
      </Group>
      {website.receiving_traffic_at ? (
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="Receiving hits" data-testid="website-verified">
          The first hit from {website.domain} arrived on {formatDate(website.receiving_traffic_at)}.{' '}
          <Anchor component={Link} to={requestsLink({ websiteId: website.id })}>
            See its requests
          </Anchor>
        </Alert>
      ) : (
        <Paper withBorder p="sm" radius="sm" role="status" data-testid="waiting-for-first-hit">
          <Group gap="sm">
            <Loader size="xs" aria-hidden />
            <Text size="sm">
              Waiting for the first hit… Add the script below to {website.domain} and load a page; this updates by itself.
            </Text>
          </Group>
        </Paper>
      )}
      {website.verification_status !== 'verified' && <OwnershipSection websiteId={website.id} domain={website.domain} token={website.verification_token} canManage={canManage} />}
      <CopyField label="Site key" value={website.site_key} testId="site-key" />
      <CopyField label="Tracker script" value={trackerSnippet(origin, website.site_key)} testId="tracker-snippet" />
      <Text size="sm" c="dimmed">
        Put it in the page's &lt;head&gt;, before your Google tag (gtag.js or Google Tag Manager), so it is ready before the first hit. It sends Tracklint a copy of each GA4
        request; your GA4 data is not changed.
      </Text>
      <CopyField label="Measurement Protocol endpoint" value={measurementProtocolUrl(origin, website.measurement_ids[0])} testId="mp-endpoint" />
      <Text size="sm" c="dimmed">
        For server-side events: POST the same JSON body you send to Google, with a Measurement Protocol secret of this website as{' '}
        <Code>api_secret</Code> (the site key is public, so it is not accepted there). To check a payload without storing it, use{' '}
        <Code>{debugMeasurementProtocolUrl(origin, website.measurement_ids[0])}</Code>.
      </Text>
      <MpSecretsSection websiteId={website.id} canManage={canManage} />
      <RefusedHitsSection websiteId={website.id} />
    </Stack>
  );
}

/**
 * How to prove the domain is the customer's (DNS TXT record, file or meta tag), and for owners and
 * admins the button that asks the server to look; a failed check shows what to publish.
 */
function OwnershipSection({ websiteId, domain, token, canManage }: { websiteId: string; domain: string; token: string; canManage: boolean }) {
  const verify = useVerifyWebsiteMutation();
  async function onVerify() {
    try {
      await verify.mutateAsync(websiteId);
      notify(WEBSITE_TOASTS.verified);
    } catch (err) {
      notify(WEBSITE_TOASTS.verifyFailed, errorMessage(err));
    }
  }
  return (
    <Stack gap="xs" data-testid="ownership-section">
      <CopyField label="Ownership token" value={token} testId="verification-token" />
      <Text size="sm" c="dimmed">
        To verify that you own {domain}, publish this token as a DNS TXT record <Code>tracklint-verification=TOKEN</Code> (on {domain} or{' '}
        <Code>_tracklint.{domain}</Code>), as the file <Code>/.well-known/tracklint-verification.txt</Code>, or as{' '}
        <Code>{'<meta name="tracklint-verification" content="TOKEN">'}</Code> in the home page. Hits alone do not verify a website.
      </Text>
      {canManage ? (
        <Group>
          <Button variant="light" leftSection={<IconShieldCheck size={16} aria-hidden />} loading={verify.isPending} onClick={() => void onVerify()}>
            Verify ownership
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          An owner or admin of the organization runs the check once the token is published.
        </Text>
      )}
    </Stack>
  );
}
