import type { SqlClient } from '../db/database';
import { observeEventMissing } from './kinds/event-missing';
import { observeFailureRate } from './kinds/failure-rate';
import { observeNoHits } from './kinds/no-hits';
import { observeRefusedHits } from './kinds/refused-hits';
import { observeRuleFailing } from './kinds/rule-failing';
import { observeTrackingDrift } from './kinds/tracking-drift';
import { observeUsage } from './kinds/usage';
import { observeVolumeDrop } from './kinds/volume-drop';
import type { AlertKind, Observation } from './observation';

const OBSERVERS: Record<AlertKind, (client: SqlClient, at: Date) => Promise<Observation[]>> = {
  failure_rate: observeFailureRate,
  rule_failing: observeRuleFailing,
  volume_drop: observeVolumeDrop,
  no_hits: observeNoHits,
  event_missing: observeEventMissing,
  refused_hits: observeRefusedHits,
  usage: observeUsage,
  tracking_drift: observeTrackingDrift,
};

/** Every rule's observations at one time: one query per kind over all websites, rollups and counters only. */
export async function observeAll(client: SqlClient, at: Date): Promise<Observation[]> {
  const out: Observation[] = [];
  for (const observe of Object.values(OBSERVERS)) out.push(...(await observe(client, at)));
  return out;
}
