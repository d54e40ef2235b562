/** The frame of every page: navigation, sign-in, joining by invitation and the overview. */
export const nav = {
  home: "Overview",
  trading: "Trading",
  staff: "Staff",
  audit: "Audit log",
  players: "Players",
  approvals: "Approvals",
  payments: "Payments",
} as const;

export const signIn = {
  title: "Staff sign-in",
  email: "E-mail",
  password: "Password",
  code: "Authenticator code",
  codeHint: "The six digits your authenticator app shows now.",
  submit: "Sign in",
  signOut: "Sign out",
} as const;

export const invitation = {
  title: "Join the back office",
  intro: "Add this secret to an authenticator app, then choose a password and enter the first code.",
  secret: "TOTP secret (otpauth URI)",
  password: "Choose a password",
  passwordHint: "8 to 128 characters with a letter and a digit.",
  submit: "Join",
  missing: "This invitation link has no token.",
} as const;

export const home = {
  title: "Overview",
  signedInAs: "Signed in as",
  role: "Role",
  open: "Open to you",
} as const;
