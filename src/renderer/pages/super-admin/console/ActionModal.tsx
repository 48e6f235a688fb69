import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useConsoleAction } from './use-console';
import { showMantineNotice } from '../session/SuperAdminConfig';

export interface ActionModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The console endpoint the action posts to. */
  path: string;
  /** Fields the action sends besides the reason. */
  extra?: Record<string, unknown>;
  /** For irreversible actions: the text the operator must type. */
  confirmText?: string;
  submitLabel: string;
  danger?: boolean;
  children?: ReactNode;
  onDone?: () => void;
}

/** Every console action asks for a reason (it goes to the audit log); irreversible ones also for a typed confirmation. */
export function ActionModal({ opened, onClose, title, path, extra, confirmText, submitLabel, danger, children, onDone }: ActionModalProps) {
  const action = useConsoleAction();
  const form = useForm({
    initialValues: { reason: '', confirm: '' },
    validate: {
      reason: (v) => (v.trim().length < 3 ? 'Give a reason (at least 3 characters)' : null),
      confirm: (v) => (confirmText !== undefined && v !== confirmText ? `Type ${confirmText} to confirm` : null),
    },
  });
  const close = () => {
    form.reset();
    action.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    try {
      await action.mutateAsync({ path, body: { ...extra, reason: values.reason, ...(confirmText !== undefined ? { confirm: values.confirm } : {}) } });
      showMantineNotice({ title: `${submitLabel}: done`, variant: 'default' });
      close();
      onDone?.();
    } catch {
      // The error is shown in the modal; nothing changed on the server.
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {children}
          <Textarea label="Reason" description="Saved in the audit log with your name" required autosize minRows={2} {...form.getInputProps('reason')} />
          {confirmText !== undefined && <TextInput label={`Type ${confirmText} to confirm`} required autoComplete="off" {...form.getInputProps('confirm')} />}
          {action.error && (
            <Alert color="red" role="alert">
              {action.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={action.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
