import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../lib/use-document-title';
import { basicRules } from '../../components/rule-labels';
import { RuleList, RuleSettingsContext } from './RuleList';
import { countOf } from '../../lib/plural';

const RULES = basicRules();

/** /app/rules/basic: the structural GA4 rules every plan runs. */
export function BasicRulesPage() {
  useDocumentTitle('Basic rules');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Basic rules
        </Title>
        <Text c="dimmed">Core GA4 validation rules, available on every plan: {countOf(RULES.length, 'check')} of the request's structure.</Text>
        <RuleSettingsContext />
      </Stack>
      <RuleList rules={RULES} />
    </Stack>
  );
}
