import { LimitsPage } from "../../../backoffice/LimitsPage";
import { Shell } from "../../../backoffice/Shell";

export default function Limits() {
  return (
    <Shell needs="listTradingLimits">
      <LimitsPage />
    </Shell>
  );
}
