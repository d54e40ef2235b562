import { Shell } from "../../../backoffice/Shell";
import { TradingPage } from "../../../backoffice/TradingPage";

export default function Trading() {
  return (
    <Shell needs="listTradingMatches">
      <TradingPage />
    </Shell>
  );
}
