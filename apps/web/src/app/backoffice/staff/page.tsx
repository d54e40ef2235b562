import { Shell } from "../../../backoffice/Shell";
import { StaffPage } from "../../../backoffice/StaffPage";

export default function Staff() {
  return (
    <Shell needs="listStaff">
      <StaffPage />
    </Shell>
  );
}
