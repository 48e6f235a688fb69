import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useUsageStatusQuery } from '../../data/billing/usage-status-query';
import type { Organization } from '../../data/organizations/types';
import { planUsageSentence } from '../../../shared/format';
import { canAddWebsite, websiteUpgradeLink } from './website-limit';

/** "Websites: 1 of 1 on your plan" and, at the limit, the way to upgrade. */
export function WebsiteUsage({ organization }: { organization: Organization }) {
  const usage = useUsageStatusQuery(organization.id);
  if (!usage.data) return null;
  const limit = usage.data.limits.websites;
  const used = usage.data.usage.websites ?? 0;
  const room = canAddWebsite(usage.data.usage, usage.data.limits);
  return (
    <Text size="sm" data-testid="website-usage">
      {limit === undefined ? `Websites: ${used}.` : planUsageSentence('Websites', used, limit)}
      {!room && (
        <>
          {' '}
          <Anchor component={Link} to={websiteUpgradeLink(organization.plan)}>
            Upgrade to add more
          </Anchor>
        </>
      )}
    </Text>
  );
}
