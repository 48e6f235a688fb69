import { Accordion, Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { ConsentInfo, PageInfo, ParamValue } from '../../../shared/ga4';
import { formatParamValue, itemColumns, type EventView } from './event-views';
import { countOf } from '../../lib/plural';

/** The decoded events of one request: params, items, user properties, page and consent. */
export function EventsView({ events }: { events: readonly EventView[] }) {
  if (events.length === 0) return <Text size="sm" c="dimmed">This request carries no events.</Text>;
  return (
    <Accordion multiple defaultValue={events.length <= 3 ? events.map((e) => String(e.index)) : ['0']} variant="separated" data-testid="decoded-events">
      {events.map((ev) => (
        <Accordion.Item key={ev.index} value={String(ev.index)} data-testid="decoded-event" data-event-name={ev.name}>
          <Accordion.Control>
            <Group gap="xs">
              <Text fw={600} size="sm">
                #{ev.index + 1} {ev.name}
              </Text>
              {ev.keyEvent && (
                <Badge size="xs" color="grape" variant="light">
                  Key event
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {countOf(ev.params.length, 'param')}{ev.items.length > 0 ? `, ${countOf(ev.items.length, 'item')}` : ''}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <KeyValueTable caption="Parameters" rows={ev.params} />
              {ev.items.length > 0 && <ItemsTable items={ev.items} />}
              {ev.userProperties.length > 0 && <KeyValueTable caption="User properties" rows={ev.userProperties} />}
              {ev.page && <PageSummary page={ev.page} />}
              {ev.consent && <ConsentSummary consent={ev.consent} />}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function KeyValueTable({ caption, rows }: { caption: string; rows: ReadonlyArray<[string, ParamValue]> }) {
  if (rows.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {caption}: none
      </Text>
    );
  return (
    <Table withTableBorder striped fz="xs" layout="fixed">
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="35%">Name</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Td>
              <Code>{key}</Code>
            </Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{formatParamValue(value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ItemsTable({ items }: { items: ReadonlyArray<Record<string, ParamValue>> }) {
  const columns = itemColumns(items);
  return (
    <Table.ScrollContainer minWidth={400}>
      <Table withTableBorder striped fz="xs">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>Items</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, i) => (
            <Table.Tr key={i}>
              <Table.Td>{i + 1}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c}>{formatParamValue(item[c])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PageSummary({ page }: { page: PageInfo }) {
  const rows: Array<[string, ParamValue]> = [];
  if (page.location) rows.push(['page_location', page.location]);
  if (page.title) rows.push(['page_title', page.title]);
  if (page.referrer) rows.push(['page_referrer', page.referrer]);
  for (const [k, v] of Object.entries(page.utm)) if (v !== undefined) rows.push([`utm_${k}`, v]);
  if (page.gclid) rows.push(['gclid', page.gclid]);
  if (rows.length === 0) return null;
  return <KeyValueTable caption="Page" rows={rows} />;
}

function ConsentSummary({ consent }: { consent: ConsentInfo }) {
  const rows: Array<[string, ParamValue]> = [];
  if (consent.gcs) rows.push(['gcs', consent.gcs]);
  if (consent.signals) for (const [signal, state] of Object.entries(consent.signals)) rows.push([signal, state.effective]);
  if (consent.gcd && !consent.signals) rows.push(['gcd', consent.gcd]);
  if (consent.npa) rows.push(['npa', consent.npa]);
  if (consent.dma) rows.push(['dma', consent.dma]);
  if (consent.mp !== undefined && !consent.signals) rows.push(['consent', consent.mp]);
  if (rows.length === 0)
    return (
      <Text size="xs" c="dimmed">
        Consent: no consent-mode signals in this request.
      </Text>
    );
  return <KeyValueTable caption="Consent" rows={rows} />;
}
