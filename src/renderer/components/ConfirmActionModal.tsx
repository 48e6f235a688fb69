import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notify } from '../notifications/notify';
import { errorMessage, type ToastEntry } from '../notifications/toast-catalogue';

interface ConfirmActionModalProps {
  title: string;
  /** What happens, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** The destructive action; the modal closes when it succeeds and stays open when it fails. */
  action: () => Promise<unknown>;
  pending: boolean;
  success: ToastEntry;
  failure: ToastEntry;
  onClose: () => void;
}

/** A confirmation for an action that cannot be undone (delete, revoke), with its toasts. */
export function ConfirmActionModal({ title, children, confirmLabel, action, pending, success, failure, onClose }: ConfirmActionModalProps) {
  async function confirm() {
    try {
      await action();
      notify(success);
      onClose();
    } catch (err) {
      notify(failure, errorMessage(err));
    }
  }
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        <Text size="sm">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
