import { describe, expect, it } from 'vitest';
import { usageAlert } from '../../../src/shared/plans';
import {
  formatLimit,
  usageAlertColor,
  usageAlertKey,
  usageAlertText,
  usageAlertTitle,
  visibleUsageAlerts,
  belongsInShellBanner,
  displayedSeverity,
} from '../../../src/renderer/data/billing/usage-alerts';

describe('usage alert text and color', () => {
  it('states the share used with en-US numbers', () => {
    const alert = usageAlert('monthly_requests', 8500, 10000)!;
    expect(usageAlertText(alert)).toBe('You have used 85% of your monthly requests (8,500 of 10,000).');
    expect(usageAlertTitle(alert)).toBe('Approaching your plan limit');
  });

  it('says what to do once a limit is reached', () => {
    const alert = usageAlert('team_members', 5, 5)!;
    expect(usageAlertText(alert)).toBe('You have used 100% of your team members (5 of 5). Upgrade your plan to raise the limit.');
    expect(usageAlertTitle(alert)).toBe('At your plan limit');
    expect(displayedSeverity(alert)).toBe('info');
  });

  it('is critical only once the limit refuses something: requests at the limit, other metrics over it', () => {
    const requests = usageAlert('monthly_requests', 10000, 10000)!;
    expect(displayedSeverity(requests)).toBe('critical');
    expect(usageAlertTitle(requests)).toBe('Plan limit reached');
    const overWebsites = usageAlert('websites', 3, 1)!;
    expect(displayedSeverity(overWebsites)).toBe('critical');
    expect(usageAlertTitle(overWebsites)).toBe('Plan limit reached');
    expect(displayedSeverity(usageAlert('websites', 4, 5)!)).toBe('warning');
  });

  it('keeps one decimal of the percentage', () => {
    expect(usageAlertText({ type: 'approaching_limit', metric: 'websites', current_value: 4, limit_value: 5, percentage_used: 80.5 })).toContain(
      '80.5%',
    );
  });

  it('maps severity to blue, yellow and red', () => {
    expect(usageAlertColor('info')).toBe('blue');
    expect(usageAlertColor('warning')).toBe('yellow');
    expect(usageAlertColor('critical')).toBe('red');
  });

  it('shows -1 as Unlimited', () => {
    expect(formatLimit(-1)).toBe('Unlimited');
    expect(formatLimit(2000000)).toBe('2,000,000');
  });
});

describe('which usage alerts to show', () => {
  const requests = usageAlert('monthly_requests', 8500, 10000)!;
  const team = usageAlert('team_members', 1, 1)!;
  const websites = usageAlert('websites', 9, 10)!;

  it('puts the most severe first and filters by metric', () => {
    expect(visibleUsageAlerts([requests, websites, team], 'org', new Set()).map((a) => a.severity)).toEqual(['critical', 'warning', 'info']);
    expect(visibleUsageAlerts([requests, team], 'org', new Set(), ['team_members'])).toEqual([team]);
  });

  it('keeps the every-page banner for requests and for limits already exceeded', () => {
    expect(belongsInShellBanner(requests)).toBe(true);
    expect(belongsInShellBanner(team)).toBe(false);
    expect(belongsInShellBanner(websites)).toBe(false);
    expect(belongsInShellBanner(usageAlert('websites', 3, 1)!)).toBe(true);
  });

  it('hides a dismissed alert until it gets worse', () => {
    const dismissed = new Set([usageAlertKey('org', requests)]);
    expect(visibleUsageAlerts([requests], 'org', dismissed)).toEqual([]);
    const worse = usageAlert('monthly_requests', 9500, 10000)!;
    expect(visibleUsageAlerts([worse], 'org', dismissed)).toEqual([worse]);
    // Dismissing in one organization does not hide another's alert.
    expect(visibleUsageAlerts([requests], 'other-org', dismissed)).toEqual([requests]);
  });
});

describe('usage bar colour (issue 23, defect 8)', () => {
  it('is neutral at a website, member or custom-rule limit and red only once something is refused', async () => {
    const { usageBarColor } = await import('../../../src/renderer/data/billing/usage-alerts');
    expect(usageBarColor('websites', 1, 1)).toBe('blue');
    expect(usageBarColor('websites', 2, 1)).toBe('red');
    expect(usageBarColor('monthly_requests', 10_000, 10_000)).toBe('red');
    expect(usageBarColor('monthly_requests', 8_500, 10_000)).toBe('yellow');
    expect(usageBarColor('websites', 3, -1)).toBe('teal');
  });
});
