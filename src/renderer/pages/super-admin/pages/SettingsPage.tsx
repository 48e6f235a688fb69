import { AdminPage } from './AdminPage';

/** The spec keeps super-admin settings for later. */
export function SettingsPage() {
  return <AdminPage title="Settings (Coming Soon)" />;
}
