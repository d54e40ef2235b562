import { PaymentsPage } from "../../../backoffice/PaymentsPage";
import { Shell } from "../../../backoffice/Shell";

export default function Payments() {
  return (
    <Shell needs="lookupPayments">
      <PaymentsPage />
    </Shell>
  );
}
