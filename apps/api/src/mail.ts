import type { PasswordResetMessage } from '@comptoir/core';
import { createTransport } from 'nodemailer';

export interface MailOptions {
  /** SMTP_URL; unset: the link is logged instead (development). */
  smtpUrl: string | undefined;
  from: string;
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

/**
 * How a password reset link reaches its person: e-mailed through SMTP_URL (nodemailer), or
 * logged when it is unset. Sent in the background, so the answer to a reset request takes the
 * same time whether the address has an account or not; a failure to send is logged.
 */
export function passwordResetSender(options: MailOptions): (message: PasswordResetMessage) => Promise<void> {
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  return async (message) => {
    if (!transport) {
      options.log.info(
        { email: message.email, url: message.url },
        'password reset link (SMTP_URL unset: logged, not sent)',
      );
      return;
    }
    transport
      .sendMail({
        from: options.from,
        to: message.email,
        subject: 'Comptoir : réinitialiser votre mot de passe / reset your password',
        text: [
          `Bonjour ${message.name},`,
          '',
          'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure) :',
          'To choose a new password, open this link (valid for one hour):',
          '',
          message.url,
          '',
          'Si vous n’avez rien demandé, ignorez ce message. / If you did not ask, ignore this message.',
        ].join('\n'),
      })
      .catch((error: unknown) =>
        options.log.error({ err: error, email: message.email }, 'could not send a password reset e-mail'),
      );
  };
}
