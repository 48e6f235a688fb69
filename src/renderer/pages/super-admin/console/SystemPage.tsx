import { Alert, Badge, Card, Group, Loader, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { AdminPage } from '../pages/AdminPage';
import { AuditTable } from './AuditTable';
import type { AuditAction, Page } from '../../../../shared/super-admin-console';
import { formatBytes, formatDateTime } from './format';
import { ListFooter, ListSearch, useListParams } from './ListControls';
import { useConsoleQuery } from './use-console';

interface SystemStatus {
  version: string;
  startedAt: string;
  uptimeSeconds: number;
  database: { ok: boolean; latencyMs: number; sizeBytes: number; largestTables: Array<{ name: string; bytes: number }> };
  migrations: { applied: number; latest: string | null };
  collector: null | { queueDepth: number; queueCapacity: number; writeFailures: number; batchesWritten: number };
  partitions: { count: number; oldest: string | null; newest: string | null };
  mail: string;
  jobs: {
    alertEvaluation: null | { period: string; finishedAt: string | null; durationMs: number; opened: number; resolved: number };
    deliveriesLast24h: { pending: number; sent: number; failed: number };
  };
}

/** The evaluator runs every minute: older than five minutes means the background jobs have stopped. */
function evaluationHealthy(run: SystemStatus['jobs']['alertEvaluation']): boolean {
  return run !== null && run.finishedAt !== null && Date.now() - new Date(run.finishedAt).getTime() < 5 * 60_000;
}

function Health({ label, ok, detail }: { label: string; ok: boolean; detail: string }) {
  return (
    <Card withBorder>
      <Group justify="space-between">
        <Text fw={600}>{label}</Text>
        <Badge color={ok ? 'teal.9' : 'red.9'}>{ok ? 'OK' : 'Problem'}</Badge>
      </Group>
      <Text fz="sm" mt={4}>{detail}</Text>
    </Card>
  );
}

export function SystemPage() {
  const status = useConsoleQuery<SystemStatus>('system');
  const list = useListParams('created');
  const audit = useConsoleQuery<Page<AuditAction>>(`audit?${list.apiQuery}`);
  const s = status.data;
  return (
    <AdminPage title="System" lead="The health of each part, the database, and every super-admin action.">
      {status.error && <Alert color="red">{status.error.message}</Alert>}
      {status.isLoading && <Loader aria-label="Loading system status" />}
      {s && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <Health label="Database" ok={s.database.ok} detail={`${s.database.latencyMs} ms · ${formatBytes(s.database.sizeBytes)}`} />
            <Health label="Migrations" ok={s.migrations.applied > 0} detail={`${s.migrations.applied} applied · latest ${s.migrations.latest ?? '—'}`} />
            <Health
              label="Collector"
              ok={!s.collector || s.collector.queueDepth < s.collector.queueCapacity}
              detail={s.collector ? `queue ${s.collector.queueDepth} / ${s.collector.queueCapacity} · ${s.collector.writeFailures} write failures` : 'not running in this process'}
            />
            <Health label="Partitions" ok={s.partitions.count > 0} detail={`${s.partitions.count} · ${s.partitions.oldest ?? '—'} to ${s.partitions.newest ?? '—'}`} />
            <Health label="Mail" ok detail={s.mail} />
            <Health
              label="Alert evaluation (every minute)"
              ok={evaluationHealthy(s.jobs.alertEvaluation)}
              detail={
                s.jobs.alertEvaluation
                  ? `last ${formatDateTime(s.jobs.alertEvaluation.finishedAt)} · ${s.jobs.alertEvaluation.durationMs} ms · ${s.jobs.alertEvaluation.opened} opened, ${s.jobs.alertEvaluation.resolved} resolved`
                  : 'has not run yet'
              }
            />
            <Health
              label="Notifications (24 hours)"
              ok={s.jobs.deliveriesLast24h.failed === 0}
              detail={`${s.jobs.deliveriesLast24h.sent} sent · ${s.jobs.deliveriesLast24h.pending} pending · ${s.jobs.deliveriesLast24h.failed} failed`}
            />
            <Health label="Server" ok detail={`version ${s.version} · up since ${formatDateTime(s.startedAt)}`} />
          </SimpleGrid>
          <Title order={2} fz="h4">Largest tables</Title>
          <Table>
            <Table.Tbody>{s.database.largestTables.map((t) => <Table.Tr key={t.name}><Table.Td style={{ overflowWrap: 'anywhere' }}>{t.name}</Table.Td><Table.Td>{formatBytes(t.bytes)}</Table.Td></Table.Tr>)}</Table.Tbody>
          </Table>
        </>
      )}
      <Title order={2} fz="h4">Audit log</Title>
      <ListSearch label="Search the audit log" value={list.q} onChange={list.setQ} />
      {audit.data && (
        <>
          <AuditTable rows={audit.data.rows} showTarget />
          <ListFooter total={audit.data.total} page={audit.data.page} pageSize={audit.data.pageSize} onPage={list.setPage} />
        </>
      )}
    </AdminPage>
  );
}
