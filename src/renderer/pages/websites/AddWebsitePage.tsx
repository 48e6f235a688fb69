import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { useUsageStatusQuery } from '../../data/billing/usage-status-query';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import type { Organization } from '../../data/organizations/types';
import { useCreateWebsiteMutation } from '../../data/websites/create-website-mutation';
import type { WebsiteDetails } from '../../data/websites/types';
import { isWebsiteLimitError, normalizeDomain, validateAddWebsite, type AddWebsiteErrors } from '../../data/websites/website-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { NoAccess } from '../../components/RequirePermission';
import { storedWebsiteIdAtom } from '../../state/selection-atoms';
import { InstallPanel } from './InstallPanel';
import { WEBSITE_TOASTS } from './toasts';
import { canAddWebsite, websiteUpgradeLink } from './website-limit';
import { WebsiteUsage } from './WebsiteUsage';

/** /app/websites/add: register a website, then show its install snippet and wait for the first hit. */
export function AddWebsitePage() {
  useDocumentTitle('Add website');
  const { organization } = useCurrentOrganization();
  const [created, setCreated] = useState<WebsiteDetails | null>(null);
  if (!organization) return null;
  if (!permissionsForRole(organization.user_role).createWebsites) {
    return <NoAccess title="Add website" role={organization.user_role} message="Only owners and admins can add websites." />;
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Add website
        </Title>
        <Text c="dimmed">Register a website to start validating its GA4 requests.</Text>
        <WebsiteUsage organization={organization} />
      </Stack>
      {created ? (
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <InstallPanel websiteId={created.id} />
            <Group>
              <Button component={Link} to="/app/websites" variant="default">
                Go to websites
              </Button>
              <Button variant="subtle" onClick={() => setCreated(null)}>
                Add another website
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <AddWebsiteForm organization={organization} onCreated={setCreated} />
      )}
    </Stack>
  );
}

function AddWebsiteForm({ organization, onCreated }: { organization: Organization; onCreated: (website: WebsiteDetails) => void }) {
  const [values, setValues] = useState({ name: '', domain: '', measurementIds: '' });
  const [errors, setErrors] = useState<AddWebsiteErrors>({});
  const [limitError, setLimitError] = useState<string | null>(null);
  const create = useCreateWebsiteMutation();
  const usage = useUsageStatusQuery(organization.id);
  const setCurrentWebsite = useSetAtom(storedWebsiteIdAtom);
  const atLimit = usage.data ? !canAddWebsite(usage.data.usage, usage.data.limits) : false;
  // Spec section 5: adding is blocked while usage is unknown (loading or failed) or at the limit.
  const blocked = !usage.data || atLimit;
  const domainPreview = normalizeDomain(values.domain);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateAddWebsite(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (blocked) return;
    setLimitError(null);
    try {
      const website = await create.mutateAsync({ organizationId: organization.id, ...checked.value });
      setCurrentWebsite(website.id);
      notify(WEBSITE_TOASTS.created);
      onCreated(website);
    } catch (err) {
      const message = errorMessage(err);
      if (isWebsiteLimitError(message)) setLimitError(message);
      else if (message && /duplicate key|already exists|websites_organization_id_domain_key/i.test(message))
        setErrors({ domain: 'This organization already has a website with this domain' });
      notify(WEBSITE_TOASTS.createFailed, message);
    }
  }

  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.currentTarget.value });

  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <form onSubmit={onSubmit} noValidate aria-label="Add a website">
        <Stack>
          {(limitError || atLimit) && (
            <Alert color="yellow" title="Website limit reached" data-testid="website-limit-reached">
              {limitError ?? 'Website limit reached for your plan. Upgrade to add more.'}{' '}
              <Anchor component={Link} to={websiteUpgradeLink(organization.plan)}>
                Upgrade your plan
              </Anchor>
            </Alert>
          )}
          {usage.isError && <Alert color="red">Your plan's usage could not be loaded, so adding websites is paused. Reload to try again.</Alert>}
          <TextInput label="Name" placeholder="My shop" required value={values.name} onChange={set('name')} error={errors.name} />
          <TextInput
            label="Domain"
            placeholder="shop.example.com"
            required
            value={values.domain}
            onChange={set('domain')}
            error={errors.domain}
            description={
              domainPreview.ok && domainPreview.domain !== values.domain.trim()
                ? `Will be saved as ${domainPreview.domain}. Hits from this domain and its subdomains are accepted.`
                : 'Hits from this domain and its subdomains are accepted.'
            }
          />
          <TextInput
            label="Measurement IDs"
            placeholder="G-XXXXXXX, G-YYYYYYY"
            description="Your GA4 measurement IDs, separated by commas. Optional: without them, hits with any ID are accepted."
            value={values.measurementIds}
            onChange={set('measurementIds')}
            error={errors.measurementIds}
          />
          <Group>
            <Button type="submit" loading={create.isPending} disabled={blocked}>
              Add website
            </Button>
            <Button component={Link} to="/app/websites" variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
