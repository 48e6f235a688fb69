import { AnalyticsPage } from '../pages/analytics/AnalyticsPage';
import { PlanGate } from '../pages/app/PlanGate';
import { AdvancedRulesPage } from '../pages/rules/AdvancedRulesPage';
import { CustomRulesPage } from '../pages/rules/CustomRulesPage';
import { RequirePermission } from '../components/RequirePermission';

/** Pages behind a role or plan gate, each loaded with its gate (the gates need the session's data). */
export function Analytics() {
  return (
    <RequirePermission permission="viewAnalytics" title="Analytics">
      <AnalyticsPage />
    </RequirePermission>
  );
}

export function AdvancedRules() {
  return (
    <PlanGate feature="advanced_rules" featureTitle="Advanced Rules" accessDescription="70 advanced business rules">
      <AdvancedRulesPage />
    </PlanGate>
  );
}

export function CustomRules() {
  return (
    <PlanGate feature="custom_rules" featureTitle="Custom Rules" accessDescription="custom validation rules">
      <CustomRulesPage />
    </PlanGate>
  );
}
