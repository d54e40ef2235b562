import { PromotionsPage } from "../../../backoffice/PromotionsPage";
import { Shell } from "../../../backoffice/Shell";

export default function Promotions() {
  return (
    <Shell needs="listPromotions">
      <PromotionsPage />
    </Shell>
  );
}
