"use client";
import dynamic from "next/dynamic";
import { useClientConfig } from "../shell/ClientConfig";

const Reminders = dynamic(() => import("./Reminders").then((m) => m.Reminders), { ssr: false });

/** The reminders' code is loaded only where the operator turned one of them on. */
export function RemindersLazy() {
  const config = useClientConfig();
  return config.depositReminder.show || config.signUpReminderSeconds > 0 ? <Reminders /> : null;
}
