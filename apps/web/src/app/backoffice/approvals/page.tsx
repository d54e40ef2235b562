import { ApprovalsPage } from "../../../backoffice/ApprovalsPage";
import { Shell } from "../../../backoffice/Shell";

export default function Approvals() {
  return (
    <Shell needs="listAdjustments">
      <ApprovalsPage />
    </Shell>
  );
}
