/** The Staff desk: members, invitations and the roles they hold. */
export const staff = {
  title: "Staff",
  invite: "Invite a staff member",
  email: "E-mail",
  role: "Role",
  status: "Status",
  locked: "Locked",
  since: "Since",
  actions: "Actions",
  send: "Send invitation",
  invited: "Invitation sent. Link:",
  disable: "Disable",
  enable: "Enable",
  unlock: "Unlock",
  changeRole: "Role of",
  yes: "yes",
  no: "no",
} as const;

export const roles = {
  admin: "Admin",
  trader: "Trader",
  support: "Support",
  finance: "Finance",
  auditor: "Auditor",
  marketing: "Marketing",
} as Record<string, string>;
