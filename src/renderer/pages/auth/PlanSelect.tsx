import { Select, type SelectProps } from '@mantine/core';

/**
 * The sign-up form's plan picker, in its own chunk: Mantine's Select brings the popover and
 * floating-ui (about 30 KB gzipped), which would push /signup over its first-load JS budget
 * (tests/unit/web/bundle-budget.test.ts). The form renders at once; the picker follows.
 */
export default function PlanSelect(props: SelectProps) {
  return <Select {...props} />;
}

