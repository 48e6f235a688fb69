import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AuthHeading } from './AuthHeading';

/** After a sign-up: where the confirmation link went, and the way to sign in once it is opened (to join `joining`, from an invitation). */
export function ConfirmationSent({ email, loginPath, joining }: { email: string; loginPath: string; joining?: string }) {
  return (
    <>
      <AuthHeading title="Check your email" />
      <Alert icon={<IconMailCheck aria-hidden />} color="teal" title="Confirmation sent">
        We sent a confirmation link to <strong>{email}</strong>. Open it to verify your account, then sign in
        {joining === undefined ? '.' : ` to join ${joining}.`}
      </Alert>
      <Text mt="lg" size="sm" ta="center">
        <Anchor component={Link} to={loginPath}>
          Go to sign in
        </Anchor>
      </Text>
    </>
  );
}
