import { LiabilitiesPage } from "../../../backoffice/LiabilitiesPage";
import { Shell } from "../../../backoffice/Shell";

export default function Liabilities() {
  return (
    <Shell needs="listLiabilities">
      <LiabilitiesPage />
    </Shell>
  );
}
