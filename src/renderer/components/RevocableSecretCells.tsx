import { Badge, Button, Table } from '@mantine/core';
import { formatDate } from '../lib/dates';

/** The last three cells of a revocable secret's row (API keys, Measurement Protocol secrets): last used, status and Revoke. */
export function RevocableSecretCells({ name, lastUsedAt, revokedAt, onRevoke }: { name: string; lastUsedAt: string | null; revokedAt: string | null; onRevoke: () => void }) {
  return (
    <>
      <Table.Td>{formatDate(lastUsedAt, 'Never')}</Table.Td>
      <Table.Td>
        {revokedAt ? (
          <Badge color="gray">Revoked {formatDate(revokedAt)}</Badge>
        ) : (
          <Badge color="teal" variant="light">
            Active
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {!revokedAt && (
          <Button variant="subtle" color="red" size="xs" onClick={onRevoke} aria-label={`Revoke ${name}`}>
            Revoke
          </Button>
        )}
      </Table.Td>
    </>
  );
}
