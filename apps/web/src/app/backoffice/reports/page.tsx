import { ReportsPage } from "../../../backoffice/ReportsPage";
import { Shell } from "../../../backoffice/Shell";

export default function Reports() {
  return (
    <Shell needs="bettingReport">
      <ReportsPage />
    </Shell>
  );
}
