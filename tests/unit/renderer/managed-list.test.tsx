import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ManagedList } from '../../../src/renderer/components/ManagedList';
import type { ToastEntry } from '../../../src/renderer/notifications/toast-catalogue';

const toast: ToastEntry = { title: 'Done', message: 'Done', variant: 'default' };

function render(items: Array<{ id: string; name: string }>, canManage: boolean, onCreate?: () => void) {
  return renderToString(
    <MantineProvider>
      <ManagedList
        items={items}
        columns={[{ header: 'Thing', cell: (item) => `cell:${item.name}` }]}
        canManage={canManage}
        readOnlyNotice="Only owners and admins can change things."
        createLabel="New thing"
        onCreate={onCreate}
        minWidth={400}
        testId="things"
        rowTestId="thing"
        rowKind={() => 'kind'}
        rowActions={(item) => <button type="button">{`Edit ${item.name}`}</button>}
        emptyText="No things yet."
        deletion={{ title: 'Delete thing', confirmLabel: 'Delete', describe: () => 'Gone.', remove: async () => undefined, pending: false, success: toast, failure: toast }}
      />
    </MantineProvider>,
  );
}

describe('ManagedList: the list owners and admins manage (alert channels, alert rules)', () => {
  const items = [{ id: '1', name: 'Ops' }];

  it('a manager gets the New button, each row its actions and a Delete named after it, and no read-only notice', () => {
    const html = render(items, true, () => undefined);
    expect(html).toContain('New thing');
    expect(html).toContain('cell:Ops');
    expect(html).toContain('Edit Ops');
    expect(html).toContain('aria-label="Delete Ops"');
    expect(html).toContain('Actions');
    expect(html).not.toContain('Only owners and admins');
  });

  it('everyone else reads the rows with the notice, without the New button, the actions column or Delete', () => {
    const html = render(items, false, () => undefined);
    expect(html).toContain('Only owners and admins can change things.');
    expect(html).toContain('cell:Ops');
    expect(html).not.toContain('New thing');
    expect(html).not.toContain('Edit Ops');
    expect(html).not.toContain('Delete Ops');
    expect(html).not.toContain('Actions');
  });

  it('a manager without onCreate (the plan does not allow it) gets no New button; an empty list says so', () => {
    const html = render([], true);
    expect(html).not.toContain('New thing');
    expect(html).toContain('No things yet.');
    expect(render(items, true)).not.toContain('No things yet.');
  });
});
