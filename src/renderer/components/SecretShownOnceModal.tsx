import type { ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';

interface SecretShownOnceModalProps {
  title: string;
  /** What the value is called in the copy ("key", "secret"). */
  noun: string;
  value: string;
  testId: string;
  onClose: () => void;
  /** How to use the value, shown under it. */
  children?: ReactNode;
}

/**
 * A newly created credential (API key, Measurement Protocol secret), shown this once: the database
 * keeps only its hash. Closing needs a click on Done or the close button, not a stray click outside.
 */
export function SecretShownOnceModal({ title, noun, value, testId, onClose, children }: SecretShownOnceModalProps) {
  return (
    <Modal opened onClose={onClose} title={title} closeOnClickOutside={false}>
      <Stack>
        <Alert color="yellow">Copy the {noun} now. Tracklint keeps only a hash of it and cannot show it again.</Alert>
        <Code block data-testid={testId} style={{ wordBreak: 'break-all' }}>
          {value}
        </Code>
        {children}
        <Group justify="flex-end">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : `Copy ${noun}`}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
