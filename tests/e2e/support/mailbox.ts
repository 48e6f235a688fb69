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

  /** The auth verification link of the newest email to `email` (polls until it arrives). */
  async verificationLinkFor(email: string): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const [latest] = await this.messagesTo(email);
          link = latest?.links.find((l) => l.includes('/auth/v1/verify')) ?? latest?.links[0];
          return link;
        },
        { message: `an email with a link to ${email}` },
      )
      .toBeTruthy();
    return link!;
  }
}
