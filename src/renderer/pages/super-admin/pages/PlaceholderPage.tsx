import { Alert, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { normalizeQuery } from '../layout/sidebar-search';
import { AdminPage } from './AdminPage';
import type { PlaceholderPageContent } from './placeholder-pages';

export function PlaceholderPage({ content }: { content: PlaceholderPageContent }) {
  const [params] = useSearchParams();
  const query = content.searchable ? normalizeQuery(params.get('q') ?? '') : '';

  return (
    <AdminPage title={content.title} lead={content.lead}>
      {query && (
        <Alert role="status" color="blue" title={`Search: “${query}”`}>
          Results for this search will be listed here once the {content.title.toLowerCase()} directory is connected.
        </Alert>
      )}
      <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden="true" />} title="Coming soon">
        <Text fz="sm" mb="xs">
          This section will show:
        </Text>
        <List fz="sm" spacing={4}>
          {content.willShow.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Alert>
    </AdminPage>
  );
}

export function SettingsPage() {
  return <AdminPage title="Settings (Coming Soon)" />;
}
