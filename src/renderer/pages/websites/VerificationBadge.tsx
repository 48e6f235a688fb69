import { Badge, Tooltip } from '@mantine/core';
import { formatDate } from '../../lib/dates';

const LABELS: Record<string, string> = { verified: 'Verified', pending: 'Pending', failed: 'Failed' };
const COLORS: Record<string, string> = { verified: 'teal', pending: 'yellow', failed: 'red' };

/** Verification status; verified shows since when. */
export function VerificationBadge({ status, verifiedAt }: { status: string | null; verifiedAt?: string | null }) {
  const s = status ?? 'pending';
  const badge = (
    <Badge color={COLORS[s] ?? 'gray'} variant="light" data-testid="verification-status" data-status={s}>
      {LABELS[s] ?? s}
    </Badge>
  );
  if (s === 'verified' && verifiedAt) return <Tooltip label={`Verified on ${formatDate(verifiedAt)}`}>{badge}</Tooltip>;
  return badge;
}
