import { describe, expect, it } from 'vitest';
import {
  COLLECTOR_PATHS,
  measurementProtocolExample,
  measurementProtocolUrl,
  trackerSnippet,
} from '../../../../src/renderer/data/websites/integration-guide';
// Read as text (Vite's ?raw), so the guide is checked against the real collector routes.
import collectorRoutesSource from '../../../../src/server/collector/routes.ts?raw';

describe('integration guide', () => {
  it('names only paths the server collector actually serves', () => {
    for (const path of Object.values(COLLECTOR_PATHS)) expect(collectorRoutesSource).toContain(`'${path}'`);
  });

  it('builds the tracker tag with the site key and the Measurement Protocol URL with a secret', () => {
    expect(trackerSnippet('https://t.example', 'abc123def456')).toBe(
      '<script src="https://t.example/t.js?site=abc123def456"></script>',
    );
    expect(measurementProtocolUrl('https://t.example', 'tlmp_secret', 'G-TEST1234')).toBe(
      'https://t.example/mp/collect?measurement_id=G-TEST1234&api_secret=tlmp_secret',
    );
    expect(measurementProtocolUrl()).not.toContain('site=');
  });

  it('shows a Measurement Protocol body that is valid JSON with the session fields inside params', () => {
    const example = measurementProtocolExample();
    const json = example.slice(example.indexOf("'") + 1, example.lastIndexOf("'"));
    const body = JSON.parse(json) as { events: { params: Record<string, unknown> }[] };
    expect(body.events[0]?.params).toMatchObject({ session_id: expect.any(String), engagement_time_msec: 100 });
    expect(example).toContain('api_secret=YOUR_MP_SECRET');
  });
});
