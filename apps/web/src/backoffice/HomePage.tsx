"use client";

import Link from "next/link";
import { PAGES } from "./Shell";
import { useStaffSession } from "./session";
import { t } from "./strings";

export function HomePage() {
  const { session, may } = useStaffSession();
  if (session.state !== "signed-in") return null;
  return (
    <section>
      <h1>{t.home.title}</h1>
      <dl className="bo-facts">
        <dt>{t.home.signedInAs}</dt>
        <dd>{session.me.staff.email}</dd>
        <dt>{t.home.role}</dt>
        <dd>{t.roles[session.me.staff.role]}</dd>
      </dl>
      <h2>{t.home.open}</h2>
      <ul>
        {PAGES.filter((p) => p.needs && may(p.needs)).map((p) => (
          <li key={p.href}>
            <Link href={p.href}>{p.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
