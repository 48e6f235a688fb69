import { PlaceholderPage } from './PlaceholderPage';

export const AnalyticsPage = () => <PlaceholderPage title="Analytics" description="Trends in your tracking volume and quality." />;
export const AlertsPage = () => <PlaceholderPage title="Alerts" description="Tracking problems and usage limits that need your attention." />;
export const ApiKeysPage = () => <PlaceholderPage title="API keys" description="Keys that let your tools call the Tracklint API." />;
export const BasicRulesPage = () => <PlaceholderPage title="Basic rules" description="Core GA4 validation rules, available on every plan." />;
export const AdvancedRulesPage = () => (
  <PlaceholderPage
    title="Advanced rules"
    description="70 business rules: GDPR 15, e-commerce 20, session and attribution 20, data quality 15."
  />
);
export const CustomRulesPage = () => <PlaceholderPage title="Custom rules" description="Validation rules you write for your own tracking plan." />;
