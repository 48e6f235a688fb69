import { describe, expect, it } from 'vitest';
import {
  COLLECTOR_PATHS,
  measurementProtocolExample,
  measurementProtocolUrl,
  trackerSnippet,
} from '../../../../src/renderer/pages/marketing/data/integration-guide';
// Read as text (Vite's ?raw), so the guide is checked against the real collector routes.
import collectorRoutesSource from '../../../../src/server/collector/routes.ts?raw';

describe('integration guide', () => {
  it('names only paths the server collector actually serves', () => {
    for (const path of Object.values(COLLECTOR_PATHS)) expect(collectorRoutesSource).toContain(`'${path}'`);
  });

  it('builds the tracker tag and Measurement Protocol URL with the site key', () => {
    expect(trackerSnippet('https://t.example', 'abc123def456')).toBe(
      '<script src="https://t.example/t.js?site=abc123def456"></script>',
    );
    expect(measurementProtocolUrl('https://t.example', 'abc123def456', 'G-TEST1234')).toBe(
      'https://t.example/mp/collect?measurement_id=G-TEST1234&site=abc123def456',
    );
  });

  it('shows a Measurement Protocol body that is valid JSON with the session fields inside params', () => {
    const example = measurementProtocolExample();
    const json = example.slice(example.indexOf("'") + 1, example.lastIndexOf("'"));
    const body = JSON.parse(json) as { events: { params: Record<string, unknown> }[] };
    expect(body.events[0]?.params).toMatchObject({ session_id: expect.any(String), engagement_time_msec: 100 });
    expect(example).not.toContain('api_secret');
  });
});
