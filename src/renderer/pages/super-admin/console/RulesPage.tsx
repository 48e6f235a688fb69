import { Alert, Badge, Button, Loader, Select, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { AdminPage } from '../pages/AdminPage';
import { ActionModal } from './ActionModal';
import type { ConsoleRule } from '../../../../shared/super-admin-console';
import { formatCount } from './format';
import { useConsoleQuery } from './use-console';

export function RulesPage() {
  const { data, error, isLoading } = useConsoleQuery<{ rules: ConsoleRule[] }>('rules');
  const [editing, setEditing] = useState<ConsoleRule | null>(null);
  const [enabled, setEnabled] = useState(true);
  const [severity, setSeverity] = useState<string | null>(null);
  const edit = (rule: ConsoleRule) => {
    setEditing(rule);
    setEnabled(rule.globalEnabled);
    setSeverity(rule.globalSeverity);
  };
  return (
    <AdminPage title="Rules" lead="The whole catalogue, most widespread findings first. A rule firing on many websites may be misfiring.">
      {error && <Alert color="red">{error.message}</Alert>}
      {isLoading && <Loader aria-label="Loading rules" />}
      {data && (
        <Table.ScrollContainer minWidth={800}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rule</Table.Th>
                <Table.Th>Family</Table.Th>
                <Table.Th>Default</Table.Th>
                <Table.Th>Websites (7 days)</Table.Th>
                <Table.Th>Findings (7 days)</Table.Th>
                <Table.Th>For everyone</Table.Th>
                <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rules.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>{r.title}</Text>
                    <Text fz="xs" c="dimmed">{r.id}</Text>
                  </Table.Td>
                  <Table.Td>{r.family}</Table.Td>
                  <Table.Td>{r.defaultSeverity}</Table.Td>
                  <Table.Td>{formatCount(r.websites7d)}</Table.Td>
                  <Table.Td>{formatCount(r.fired7d)}</Table.Td>
                  <Table.Td>
                    {!r.globalEnabled ? <Badge color="red.9">Off</Badge> : r.globalSeverity ? <Badge color="yellow.9">{r.globalSeverity}</Badge> : 'As default'}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" onClick={() => edit(r)} aria-label={`Change ${r.title} for everyone`}>
                      Change
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <ActionModal opened onClose={() => setEditing(null)} title={`${editing.title}: for every organization`} path={`rules/${editing.id}`} extra={{ enabled, severity }} submitLabel="Save for everyone">
          <Text fz="sm">Websites' own settings still apply on top of this default.</Text>
          <Switch label="Enabled for everyone" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <Select label="Default severity" data={[{ value: '', label: `As the catalogue (${editing.defaultSeverity})` }, 'error', 'warning', 'info']} value={severity ?? ''} onChange={(v) => setSeverity(v ? v : null)} />
        </ActionModal>
      )}
    </AdminPage>
  );
}
