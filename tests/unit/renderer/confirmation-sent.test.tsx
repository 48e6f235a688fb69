import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ConfirmationSent } from '../../../src/renderer/pages/auth/ConfirmationSent';

/** The visible text (tags dropped, entities kept as React writes them) of the screen after a sign-up. */
function text(joining?: string): string {
  const html = renderToString(
    <MantineProvider>
      <MemoryRouter>
        <ConfirmationSent email="ada@example.com" loginPath="/login?invitation=abc" joining={joining} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the screen after a sign-up (own organization or invitation)', () => {
  it('says where the link went and to sign in', () => {
    expect(text()).toContain('We sent a confirmation link to ada@example.com . Open it to verify your account, then sign in.');
    expect(text()).toContain('Go to sign in');
  });

  it('names the organization an invited person joins after signing in', () => {
    expect(text('Acme')).toContain('then sign in to join Acme.');
  });
});
