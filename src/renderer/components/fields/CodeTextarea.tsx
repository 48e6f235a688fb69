import { Textarea, type TextareaProps } from '@mantine/core';

const CODE_INPUT = { input: { fontFamily: 'monospace', fontSize: 12 } };

/**
 * A growing text area for pasted code (requests, plans, rule conditions): monospace, so JSON and
 * wire formats line up, in one place instead of a style copied into every form that takes a paste.
 */
export function CodeTextarea(props: Omit<TextareaProps, 'autosize' | 'styles'>) {
  return <Textarea autosize styles={CODE_INPUT} {...props} />;
}
