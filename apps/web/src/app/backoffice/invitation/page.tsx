import { Suspense } from "react";
import { InvitationPage } from "../../../backoffice/InvitationPage";

export default function Invitation() {
  return (
    <Suspense>
      <InvitationPage />
    </Suspense>
  );
}
