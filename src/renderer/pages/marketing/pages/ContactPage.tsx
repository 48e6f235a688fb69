import { Alert, Anchor, Button, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { PageHero, PageSection } from '../components/PageSection';
import {
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  buildContactMailto,
  validateContactForm,
  type ContactFormErrors,
  type ContactFormValues,
} from '../contact-form';
import { CONTACT_EMAIL } from '../../../lib/site';

const EMPTY_FORM: ContactFormValues = { name: '', email: '', topic: CONTACT_TOPICS[0], message: '' };

export function ContactPage() {
  const [values, setValues] = useState<ContactFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [opened, setOpened] = useState(false);

  const update = (field: keyof ContactFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Clear a field's error as soon as the visitor edits it.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContactForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setOpened(false);
      return;
    }
    window.location.href = buildContactMailto(values);
    setOpened(true);
  };

  return (
    <>
      <PageHero
        title="Contact us"
        lead={
          <>
            Questions about plans, Enterprise terms or your integration? Send us a message; the form opens your mail app
            addressed to <Anchor href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Anchor>.
          </>
        }
      />
      <PageSection size="sm">
        <form onSubmit={submit} noValidate aria-label="Contact form">
          <Stack gap="md">
            <TextInput
              label="Name"
              name="name"
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.nameMax}
              value={values.name}
              onChange={(event) => update('name')(event.currentTarget.value)}
              error={errors.name}
            />
            <TextInput
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={(event) => update('email')(event.currentTarget.value)}
              error={errors.email}
            />
            <NativeSelect
              label="Topic"
              name="topic"
              data={[...CONTACT_TOPICS]}
              value={values.topic}
              onChange={(event) => update('topic')(event.currentTarget.value)}
              error={errors.topic}
            />
            <Textarea
              label="Message"
              name="message"
              required
              autosize
              minRows={5}
              maxLength={CONTACT_LIMITS.messageMax}
              description={`${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.messageMax} characters`}
              value={values.message}
              onChange={(event) => update('message')(event.currentTarget.value)}
              error={errors.message}
            />
            <Button type="submit" style={{ alignSelf: 'flex-start' }}>
              Open in my mail app
            </Button>
            {opened && (
              <Alert role="status" color="teal" title="Your mail app should now open">
                If nothing happened, write to us directly at <Anchor href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Anchor>.
              </Alert>
            )}
          </Stack>
        </form>
      </PageSection>
    </>
  );
}
