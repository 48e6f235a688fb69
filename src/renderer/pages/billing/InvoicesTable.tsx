import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatCurrency } from '../../../shared/format';
import { INVOICE_LIMIT, useInvoicesQuery } from '../../data/billing/invoices-query';
import type { Invoice } from '../../data/billing/types';
import type { Organization } from '../../data/organizations/types';
import { formatDate } from '../../lib/dates';
import { featureLabel } from '../../data/billing/billing-params';

/** Badge colours per Stripe invoice status; text shades keep 4.5:1 on the light badge backgrounds. */
const STATUS_STYLE: Record<string, { color: string; c?: string }> = {
  paid: { color: 'teal' },
  open: { color: 'yellow', c: 'yellow.9' },
  uncollectible: { color: 'red', c: 'red.9' },
};

/** The organization's invoices from Stripe, newest first (at most 50), each with its hosted page and PDF. */
export function InvoicesTable({ organization }: { organization: Organization }) {
  const invoices = useInvoicesQuery(organization.id);
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          Invoices
        </Title>
        {invoices.isPending ? (
          <Loader size="sm" aria-label="Loading invoices" />
        ) : invoices.isError ? (
          <Alert color="red">The invoices could not be loaded.</Alert>
        ) : invoices.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No invoices yet.
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table aria-label="Invoices">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Number</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Period</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Invoice</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoices.data.map((invoice) => (
                    <InvoiceRow key={invoice.id} invoice={invoice} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {invoices.data.length >= INVOICE_LIMIT && (
              <Text size="sm" c="dimmed">
                The latest {INVOICE_LIMIT} invoices are shown; older ones are under Manage billing.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const style = STATUS_STYLE[invoice.status] ?? { color: 'gray' };
  const name = invoice.number ?? formatDate(invoice.created_at);
  return (
    <Table.Tr>
      <Table.Td>{invoice.number ?? '—'}</Table.Td>
      <Table.Td>{formatDate(invoice.created_at)}</Table.Td>
      <Table.Td>
        {formatDate(invoice.period_start)} – {formatDate(invoice.period_end)}
      </Table.Td>
      <Table.Td>{formatCurrency(invoice.amount_due, invoice.currency.toUpperCase())}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={style.color} c={style.c}>
          {featureLabel(invoice.status)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          {invoice.hosted_invoice_url && (
            <Anchor href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">
              View<VisuallyHidden> invoice {name}</VisuallyHidden>
            </Anchor>
          )}
          {invoice.invoice_pdf && (
            <Anchor href={invoice.invoice_pdf} target="_blank" rel="noreferrer">
              PDF<VisuallyHidden> of invoice {name}</VisuallyHidden>
            </Anchor>
          )}
          {!invoice.hosted_invoice_url && !invoice.invoice_pdf && '—'}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
