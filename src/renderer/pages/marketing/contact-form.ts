import { CONTACT_EMAIL } from '../../lib/site';

export const CONTACT_TOPICS = ['Sales', 'Support', 'Partnership', 'Other'] as const;

export interface ContactFormValues {
  name: string;
  email: string;
  topic: string;
  message: string;
}

export type ContactFormErrors = Partial<Record<keyof ContactFormValues, string>>;

export const CONTACT_LIMITS = { nameMax: 100, messageMin: 10, messageMax: 2000 } as const;

// Deliberately loose: the mail client is the real judge; this only catches obvious typos.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContactForm(values: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  const name = values.name.trim();
  const message = values.message.trim();
  if (!name) errors.name = 'Please enter your name';
  else if (name.length > CONTACT_LIMITS.nameMax) errors.name = `Please keep your name under ${CONTACT_LIMITS.nameMax} characters`;
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (!(CONTACT_TOPICS as readonly string[]).includes(values.topic)) errors.topic = 'Please choose a topic';
  if (message.length < CONTACT_LIMITS.messageMin) {
    errors.message = `Please write at least ${CONTACT_LIMITS.messageMin} characters`;
  } else if (message.length > CONTACT_LIMITS.messageMax) {
    errors.message = `Please keep your message under ${CONTACT_LIMITS.messageMax} characters`;
  }
  return errors;
}

/** Builds the mailto: link that opens the visitor's mail client; refuses values that fail validation. */
export function buildContactMailto(values: ContactFormValues, to: string = CONTACT_EMAIL): string {
  const errors = validateContactForm(values);
  if (Object.keys(errors).length > 0) {
    throw new Error(`Contact form is not valid: ${Object.values(errors).join('; ')}`);
  }
  const subject = `[${values.topic}] Message from ${values.name.trim()}`;
  const body = `${values.message.trim()}\n\n${values.name.trim()} <${values.email.trim()}>`;
  // encodeURIComponent, not URLSearchParams: mail clients expect %20 rather than + for spaces.
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
