import { useState } from 'react';
import { Button, Checkbox, Code, CopyButton, Group, Modal, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCreateAlertChannelMutation } from '../../data/alerts/create-alert-channel-mutation';
import type { ChannelKind } from '../../data/alerts/types';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { ALERT_TOASTS } from './toasts';

interface ChannelFormValues {
  name: string;
  kind: ChannelKind;
  url: string;
  emailRecipients: string[];
  emailMembers: boolean;
  dailyDigest: boolean;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Creates a channel. A webhook's signing secret is shown here once, then never again. */
export function ChannelFormModal({ organizationId, customAllowed, onClose }: { organizationId: string; customAllowed: boolean; onClose: () => void }) {
  const create = useCreateAlertChannelMutation();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<ChannelFormValues>({
    initialValues: { name: '', kind: 'email', url: '', emailRecipients: [], emailMembers: true, dailyDigest: false },
    validate: {
      name: (v) => (v.trim().length < 1 || v.trim().length > 100 ? 'Give the channel a name (up to 100 characters)' : null),
      url: (v, values) => (values.kind !== 'email' && !/^https?:\/\/\S+$/.test(v.trim()) ? 'Paste the full URL, starting with https://' : null),
      emailRecipients: (v, values) =>
        values.kind !== 'email'
          ? null
          : v.some((e) => !EMAIL.test(e))
            ? 'Every recipient must be an email address'
            : v.length === 0 && !values.emailMembers
              ? 'Add recipients, or send to owners and admins'
              : null,
    },
  });
  const kind = form.values.kind;

  async function submit(values: ChannelFormValues) {
    try {
      const result = await create.mutateAsync({ organizationId, name: values.name, kind: values.kind, url: values.url, emailRecipients: values.emailRecipients, emailMembers: values.emailMembers, dailyDigest: values.dailyDigest });
      notify(ALERT_TOASTS.channelSaved);
      if (result.signing_secret) setSecret(result.signing_secret);
      else onClose();
    } catch (err) {
      notify(ALERT_TOASTS.channelSaveFailed, errorMessage(err));
    }
  }

  if (secret)
    return (
      <Modal opened onClose={onClose} title="Webhook signing secret">
        <Stack>
          <Text size="sm">
            Copy it now: it is shown only once. Each request carries <Code>X-Tracklint-Signature: t=…,v1=…</Code>, the HMAC-SHA256 of “t.body” with this secret.
          </Text>
          <Code block data-testid="webhook-secret">
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret}>{({ copied, copy }) => <Button variant="default" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened onClose={onClose} title="New channel">
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Select
            label="Type"
            allowDeselect={false}
            data={[
              { value: 'email', label: 'Email' },
              { value: 'slack', label: 'Slack (incoming webhook)', disabled: !customAllowed },
              { value: 'webhook', label: 'Webhook (signed JSON)', disabled: !customAllowed },
            ]}
            {...form.getInputProps('kind')}
          />
          {!customAllowed && (
            <Text size="sm" c="dimmed">
              Slack and webhooks come with the Starter plan.
            </Text>
          )}
          {kind === 'email' ? (
            <>
              <Checkbox label="Owners and admins" {...form.getInputProps('emailMembers', { type: 'checkbox' })} />
              <TagsInput label="Other addresses" description="Press Enter after each address" {...form.getInputProps('emailRecipients')} />
              <Checkbox label="Also a daily digest (after 08:00 UTC)" {...form.getInputProps('dailyDigest', { type: 'checkbox' })} />
            </>
          ) : (
            <TextInput
              label={kind === 'slack' ? 'Slack incoming webhook URL' : 'Endpoint URL'}
              placeholder={kind === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://example.com/tracklint-alerts'}
              description="Stored encrypted; after saving only its host and last characters are shown."
              required
              {...form.getInputProps('url')}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save channel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
