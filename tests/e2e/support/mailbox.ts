import { expect, type APIRequestContext } from '@playwright/test';

interface StoredMail {
  to: string;
  subject: string;
  links: string[];
}

/** The server's development mailbox (/dev/mailbox.json), where emails land when no SMTP is set. */
export class Mailbox {
  constructor(private readonly request: APIRequestContext) {}

  private async messagesTo(email: string): Promise<StoredMail[]> {
    const response = await this.request.get('/dev/mailbox.json');
    expect(response.ok(), 'GET /dev/mailbox.json').toBe(true);
    const all = (await response.json()) as StoredMail[];
    return all.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
  }

  /**
   * The newest auth verification link of `type` ('signup', 'recovery', ...) sent to `email`,
   * polling until it arrives.
   */
  async verificationLinkFor(email: string, type: 'signup' | 'recovery' = 'signup'): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const messages = await this.messagesTo(email);
          link = messages
            .flatMap((m) => m.links)
            .find((l) => l.includes('/auth/v1/verify') && new URL(l).searchParams.get('type') === type);
          return link;
        },
        { message: `a ${type} email to ${email}` },
      )
      .toBeTruthy();
    return link!;
  }

  /** The invitation link (/signup?invitation=...&email=...) in the newest invitation sent to `email`. */
  async invitationLinkFor(email: string): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const messages = await this.messagesTo(email);
          link = messages
            .flatMap((m) => m.links)
            .reverse()
            .find((l) => new URL(l).pathname === '/signup' && new URL(l).searchParams.has('invitation'));
          return link;
        },
        { message: `an invitation email to ${email}` },
      )
      .toBeTruthy();
    return link!;
  }
}
