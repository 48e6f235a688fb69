import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createEngineAdapter } from '../../src/server/collector/engine-adapter';
import { debugWith, type DebugInput } from '../../src/server/collector/validation';
import { ValidationThread } from '../../src/server/collector/validation-thread';
import { silentLog as log, testWebsite } from '../unit/server/collector/helpers';

/*
 * The debug endpoint's last step (issue 24) in the validation thread: the same answer as validating
 * in the collector's own thread, so /debug/mp/collect can run its validation off the event loop.
 */
const threads: ValidationThread[] = [];
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.stop()));
});

function start() {
  const thread = new ValidationThread({ connectionString: inject('databaseUrl'), processId: randomUUID(), history: {} }, log);
  threads.push(thread);
  return thread;
}

describe('validation thread: debug requests', () => {
  it('answers the debug endpoint as the collector\'s own thread would: default settings, the website\'s own rules, an unreadable body', async () => {
    const thread = start();
    const site = testWebsite({
      id: randomUUID(),
      organizationId: randomUUID(),
      measurementIds: ['G-THREAD01'],
      customRules: [
        {
          id: randomUUID(),
          name: 'Needs a method',
          severity: 'error',
          definition: { id: 'needs_method', title: 'Needs a method', message: 'login needs a method', events: ['login'], assert: { field: 'params.method', op: 'exists' } },
        },
      ],
    });
    const request = (over: Partial<DebugInput>): DebugInput => ({
      website: null,
      method: 'POST',
      url: '/debug/mp/collect?measurement_id=G-THREAD01',
      body: JSON.stringify({ client_id: '1.2', events: [{ name: 'login', params: {} }] }),
      userAgent: 'integration-test',
      receivedAtMs: Date.now(),
      ...over,
    });
    const engine = createEngineAdapter();
    for (const input of [request({}), request({ website: site }), request({ website: site }), request({ body: '{not json' })]) {
      expect(await thread.debug(input)).toEqual(await debugWith(engine, input));
    }
    // The website's own rule ran in the thread (and the default settings do not know it).
    expect(JSON.stringify(await thread.debug(request({ website: site })))).toContain('needs_method');
    expect(JSON.stringify(await thread.debug(request({})))).not.toContain('needs_method');
  });
});
