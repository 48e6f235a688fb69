import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends MailMessage {
  id: number;
  sentAt: string;
  /** Every http(s) link found in the message, so tests and developers can follow them. */
  links: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Present only in development, when no SMTP_URL is set. */
  mailbox?: DevMailbox;
}

export class DevMailbox {
  private messages: StoredMail[] = [];
  private nextId = 1;
  constructor(private readonly capacity = 500) {}
  add(message: MailMessage): StoredMail {
    const links = [...new Set((message.text + ' ' + message.html).match(/https?:\/\/[^\s"'<>]+/g) ?? [])].map((l) =>
      l.replace(/&amp;/g, '&'),
    );
    const stored = { ...message, id: this.nextId++, sentAt: new Date().toISOString(), links };
    this.messages.push(stored);
    if (this.messages.length > this.capacity) this.messages.shift();
    return stored;
  }
  list(): StoredMail[] {
    return [...this.messages].reverse();
  }
}

/** SMTP when configured; otherwise (development only: loadConfig refuses production without SMTP) the in-memory mailbox. */
export function createMailer(smtpUrl: string | undefined, from: string, production = false): Mailer {
  if (!smtpUrl) {
    if (production) throw new Error('SMTP_URL is required in production');
    const mailbox = new DevMailbox();
    return { mailbox, send: async (m) => void mailbox.add(m) };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (m) => {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
  };
}
