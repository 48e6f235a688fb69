import { PlaceholderPage } from './PlaceholderPage';

export const AnalyticsPage = () => <PlaceholderPage title="Analytics" description="Trends in your tracking volume and quality." />;
export const AlertsPage = () => <PlaceholderPage title="Alerts" description="Tracking problems and usage limits that need your attention." />;
export const ApiKeysPage = () => <PlaceholderPage title="API keys" description="Keys that let your tools call the Tracklint API." />;
