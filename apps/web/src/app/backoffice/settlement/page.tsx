import { SettlementPage } from "../../../backoffice/SettlementPage";
import { Shell } from "../../../backoffice/Shell";

export default function Settlement() {
  return (
    <Shell needs="listSettlementMatches">
      <SettlementPage />
    </Shell>
  );
}
