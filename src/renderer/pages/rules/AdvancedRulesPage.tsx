import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../lib/use-document-title';
import { advancedRulesByFamily } from '../../components/rule-labels';
import { RuleList, RuleSettingsContext } from './RuleList';

const FAMILIES = advancedRulesByFamily();
const TOTAL = FAMILIES.reduce((n, f) => n + f.rules.length, 0);

/** /app/rules/advanced (starter and up, behind the plan gate): the 70 business rules in four families. */
export function AdvancedRulesPage() {
  useDocumentTitle('Advanced rules');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Advanced rules
        </Title>
        <Text c="dimmed">
          {TOTAL} business rules: {FAMILIES.map((f) => `${f.label} ${f.rules.length}`).join(', ')}.
        </Text>
        <RuleSettingsContext />
      </Stack>
      <Tabs defaultValue={FAMILIES[0]!.family} keepMounted={false}>
        <Tabs.List>
          {FAMILIES.map((f) => (
            <Tabs.Tab key={f.family} value={f.family} data-testid={`family-tab-${f.family}`}>
              {f.label} ({f.rules.length})
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {FAMILIES.map((f) => (
          <Tabs.Panel key={f.family} value={f.family} pt="md">
            <RuleList rules={f.rules} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
