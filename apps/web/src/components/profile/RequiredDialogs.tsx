"use client";
import { type ProfileField, profileFieldSchema } from "@sportsbook/contracts/identity";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer, usePlayerStore } from "../../player/player-context";
import { useClientConfig } from "../shell/ClientConfig";
import { PhoneVerificationForm } from "./PhoneVerificationForm";
import { ProfileFieldsForm } from "./ProfileFieldsForm";
import { fetchPhoneVerification } from "./profile-api";

/**
 * What the operator demands after sign-in (SPEC §2, §5): the required profile fields the player has
 * not filled in, then a verified phone. Neither modal can be closed; signing out is the way out.
 */
export function RequiredDialogs() {
  const player = usePlayer();
  const { locale } = useClientConfig();
  const t = useTranslations("profile");
  const missed: ProfileField[] = (player.profile?.authFieldsMissed ?? []).flatMap((f) => {
    const parsed = profileFieldSchema.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
  const [phone, setPhone] = useState<"unknown" | "required" | "done">("unknown");
  const fieldsDone = missed.length === 0;

  useEffect(() => {
    if (!fieldsDone) return;
    let current = true;
    fetchPhoneVerification(locale).then(
      (v) => {
        if (current) setPhone(v.is_required && !v.is_verified ? "required" : "done");
      },
      (e: unknown) => reportFailure("reading the phone verification", e),
    );
    return () => {
      current = false;
    };
  }, [fieldsDone, locale]);

  if (!fieldsDone) {
    return (
      <Required modal="missed_auth_fields" title={t("missed.title")} intro={t("missed.intro")}>
        <ProfileFieldsForm fields={missed} submitLabel={t("missed.submit")} required />
      </Required>
    );
  }
  if (phone !== "required") return null;
  return (
    <Required modal="phone_verification" title={t("phone.title")} intro={t("phone.required")}>
      <PhoneVerificationForm phone={player.profile?.phone ?? null} onVerified={() => setPhone("done")} />
    </Required>
  );
}

function Required({
  modal,
  title,
  intro,
  children,
}: {
  modal: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const store = usePlayerStore();
  const tb = useTranslations("button");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      data-modal={modal}
      aria-labelledby={`${modal}-title`}
      // Not closable (SPEC §2): Escape does nothing.
      onCancel={(e) => e.preventDefault()}
    >
      <div className="modal-body">
        <h2 id={`${modal}-title`}>{title}</h2>
        <p>{intro}</p>
        {children}
        <div className="modal-actions">
          <button
            type="button"
            className="btn"
            data-action="sign-out"
            onClick={() => store.signOut().catch((e: unknown) => reportFailure("sign-out", e))}
          >
            {tb("sign-out")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
