import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ToastEntry } from '../notifications/toast-catalogue';
import { ConfirmActionModal } from './ConfirmActionModal';

export interface ManagedListColumn<Item> {
  header: string;
  cell: (item: Item) => ReactNode;
}

export interface ManagedListDeletion<Item> {
  title: string;
  confirmLabel: string;
  /** What deleting takes with it, in a sentence. */
  describe: (item: Item) => ReactNode;
  remove: (item: Item) => Promise<unknown>;
  pending: boolean;
  success: ToastEntry;
  failure: ToastEntry;
}

interface ManagedListProps<Item extends { id: string; name: string }> {
  items: Item[];
  columns: Array<ManagedListColumn<Item>>;
  /** Owners and admins manage; everyone else reads, with readOnlyNotice saying so. */
  canManage: boolean;
  readOnlyNotice: ReactNode;
  readOnlyTestId?: string;
  /** Shown to managers above the list, e.g. what the plan does not include. */
  managerNotice?: ReactNode;
  /** The "New …" button; left out when onCreate is undefined (e.g. the plan does not allow it). */
  createLabel: string;
  onCreate?: () => void;
  minWidth: number;
  testId: string;
  rowTestId: string;
  rowKind: (item: Item) => string;
  /** Buttons before Delete in a row (Send test, Edit). */
  rowActions?: (item: Item) => ReactNode;
  emptyText: string;
  deletion: ManagedListDeletion<Item>;
  /** The create or edit modal the panel opens. */
  children?: ReactNode;
}

/**
 * A list an organization's owners and admins manage: the read-only notice for the others, a
 * "New …" button, the table with a row's actions, the empty state and the delete confirmation.
 * Panels (alert channels, alert rules) give it their columns, their modal and their mutations.
 */
export function ManagedList<Item extends { id: string; name: string }>(props: ManagedListProps<Item>) {
  const { items, columns, canManage, deletion } = props;
  const [deleting, setDeleting] = useState<Item | null>(null);
  return (
    <Stack>
      {!canManage && (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />} data-testid={props.readOnlyTestId}>
          {props.readOnlyNotice}
        </Alert>
      )}
      {canManage && props.managerNotice}
      {canManage && props.onCreate && (
        <Group justify="flex-end">
          <Button onClick={props.onCreate}>{props.createLabel}</Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={props.minWidth}>
        <Table verticalSpacing="sm" data-testid={props.testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header}>{column.header}</Table.Th>
              ))}
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid={props.rowTestId} data-kind={props.rowKind(item)}>
                {columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(item)}</Table.Td>
                ))}
                {canManage && (
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" justify="flex-end">
                      {props.rowActions?.(item)}
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(item)} aria-label={`Delete ${item.name}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.length === 0 && <Text c="dimmed">{props.emptyText}</Text>}
      {props.children}
      {deleting && (
        <ConfirmActionModal
          title={deletion.title}
          confirmLabel={deletion.confirmLabel}
          action={() => deletion.remove(deleting)}
          pending={deletion.pending}
          success={deletion.success}
          failure={deletion.failure}
          onClose={() => setDeleting(null)}
        >
          {deletion.describe(deleting)}
        </ConfirmActionModal>
      )}
    </Stack>
  );
}

/** A row's name in bold with its small badges (kind, Default, Off) beneath. */
export function ManagedListName({ name, badges }: { name: string; badges: Array<{ label: string; variant?: 'light' | 'outline' | 'filled'; color?: string } | false> }) {
  return (
    <>
      <Text fw={600} size="sm">
        {name}
      </Text>
      <Group gap={4}>
        {badges.map(
          (badge) =>
            badge && (
              <Badge key={badge.label} size="xs" variant={badge.variant} color={badge.color}>
                {badge.label}
              </Badge>
            ),
        )}
      </Group>
    </>
  );
}
