import { describe, expect, it } from 'vitest';
import { decodeRequest, type DecodedEvent } from '../../../src/shared/ga4';

/** Every structured gtag key with a value of its own, so a key stored into another's field shows. */
const VALUES: Record<string, string> = {
  dl: 'https://shop.example/p', dr: 'https://ref.example/', dt: 'Title',
  gcs: 'G101', gcd: '13r3r3r2r5l1', gcu: 'GCU', gcut: 'GCUT', npa: 'NPA', dma: 'DMA', dma_cps: 'CPS', pscdl: 'PSCDL',
  gdpr: 'GDPR', gdpr_consent: 'TCSTRING', us_privacy: 'USP',
  ul: 'UL', sr: 'SR', uaa: 'UAA', uab: 'UAB', uafvl: 'UAFVL', uamb: 'UAMB', uam: 'UAM', uap: 'UAP', uapv: 'UAPV', uaw: 'UAW',
  en: 'EN', cu: 'CU', sid: 'SID', sct: 'SCT', seg: 'SEG', _s: 'HITSEQ', _et: 'ET',
};
const FLAGS = ['_c', '_ss', '_fv', '_nsi', '_ee'] as const;

function event(params: Record<string, string>): DecodedEvent {
  const query = Object.entries({ v: '2', tid: 'G-TEST12345', cid: '1.2', ...params }).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  const decoded = decodeRequest({ method: 'POST', url: `https://region1.google-analytics.com/g/collect?${query}`, body: '' });
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.request.events[0] as DecodedEvent;
}

describe('structured gtag keys', () => {
  it('land in their own fields of the decoded event', () => {
    const ev = event(VALUES);
    expect([ev.page.location, ev.page.referrer, ev.page.title]).toEqual(['https://shop.example/p', 'https://ref.example/', 'Title']);
    const c = ev.consent;
    expect([c.gcs, c.gcd, c.gcu, c.gcut, c.npa, c.dma, c.dmaCps, c.pscdl, c.gdpr, c.gdprConsent, c.usPrivacy]).toEqual(['G101', '13r3r3r2r5l1', 'GCU', 'GCUT', 'NPA', 'DMA', 'CPS', 'PSCDL', 'GDPR', 'TCSTRING', 'USP']);
    const d = ev.device;
    expect([d.language, d.screenResolution, d.architecture, d.bitness, d.fullVersionList, d.mobile, d.model, d.platform, d.platformVersion, d.wow64]).toEqual(['UL', 'SR', 'UAA', 'UAB', 'UAFVL', 'UAMB', 'UAM', 'UAP', 'UAPV', 'UAW']);
    expect([ev.name, ev.currency]).toEqual(['EN', 'CU']);
    const s = ev.session;
    expect([s.id, s.number, s.engaged, s.hitSequence, s.engagementTimeMsec]).toEqual(['SID', 'SCT', 'SEG', 'HITSEQ', 'ET']);
    expect(Object.keys(ev.other)).toEqual([]);
  });

  it('set exactly their own flag', () => {
    for (const flag of FLAGS) {
      const ev = event({ en: 'page_view', [flag]: '1' });
      const set = { _c: ev.conversion, _ss: ev.session.sessionStart, _fv: ev.session.firstVisit, _nsi: ev.session.newSessionId, _ee: ev.session.externalEvent };
      expect(Object.entries(set).filter(([, on]) => on).map(([k]) => k), flag).toEqual([flag]);
    }
  });
});
