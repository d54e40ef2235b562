import { AuditPage } from "../../../backoffice/AuditPage";
import { Shell } from "../../../backoffice/Shell";

export default function Audit() {
  return (
    <Shell needs="listAudit">
      <AuditPage />
    </Shell>
  );
}
