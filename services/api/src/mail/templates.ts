/** The messages the platform sends, as plain text (rendered once, stored in the outbox as sent). */
export type MailTemplate =
  | { template: "confirm_email"; link: string }
  | { template: "sign_up_attempt"; signInLink: string; resetLink: string }
  | { template: "unlock"; link: string }
  | { template: "reset_password"; link: string }
  | { template: "password_changed"; resetLink: string }
  | { template: "phone_code"; code: string }
  | { template: "staff_invitation"; link: string; role: string };

export interface RenderedMessage {
  subject: string;
  body: string;
}

/** Renders a message; links are absolute URLs of the site. */
export function render(message: MailTemplate): RenderedMessage {
  switch (message.template) {
    case "confirm_email":
      return {
        subject: "Confirm your e-mail address",
        body: `Welcome! Confirm your e-mail address to finish signing up:\n\n${message.link}\n\nIf you did not sign up, ignore this message.`,
      };
    case "sign_up_attempt":
      return {
        subject: "Someone tried to sign up with your e-mail address",
        body: `Someone tried to open a new account with this e-mail address, which already has one.\n\nIf it was you, sign in: ${message.signInLink}\nForgot your password? ${message.resetLink}\n\nIf it was not you, ignore this message.`,
      };
    case "unlock":
      return {
        subject: "Your account was locked",
        body: `Your account was locked after too many failed sign-in attempts. Unlock it here:\n\n${message.link}\n\nIf these attempts were not yours, consider changing your password after unlocking.`,
      };
    case "reset_password":
      return {
        subject: "Reset your password",
        body: `Set a new password here (the link works once and expires in two hours):\n\n${message.link}\n\nIf you did not ask for this, ignore this message; your password stays as it is.`,
      };
    case "password_changed":
      return {
        subject: "Your password was changed",
        body: `Your password was changed and every session was signed out.\n\nIf this was not you, reset your password now: ${message.resetLink}`,
      };
    case "staff_invitation":
      return {
        subject: "You are invited to the sportsbook's back office",
        body: `You are invited to the back office as ${message.role}. Choose a password and enrol an authenticator app here (the link works once and expires in 72 hours):\n\n${message.link}\n\nIf you did not expect this, ignore this message.`,
      };
    case "phone_code":
      return { subject: "", body: `Your verification code is ${message.code}. It expires in 10 minutes.` };
  }
}
