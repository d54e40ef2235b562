import { RiskPage } from "../../../backoffice/RiskPage";
import { Shell } from "../../../backoffice/Shell";

export default function Risk() {
  return (
    <Shell needs="listRiskProfiles">
      <RiskPage />
    </Shell>
  );
}
